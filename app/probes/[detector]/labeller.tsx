"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ProbeView } from "@/db/queries/probe-set";
import type { DetectorCode } from "@/lib/pack/vocab";
import { pairwiseAgreement } from "@/lib/probes/agreement";
import { effectiveLabel, type LabelVote } from "@/lib/probes/effective-label";
import { figuresFromPredictions } from "@/lib/probes/figures";
import { figuresBySet } from "@/lib/probes/probe-sets";
import type { ProbeLabel } from "@/lib/schemas/probe";
import { AgreementPanel, FiguresPanel } from "./figures-panel";
import { ProbeCard } from "./probe-card";
import { setLabelAction } from "../actions";
import { QUEUES, inQueue, type Queue } from "./queues";

export type LabellerProbe = Omit<ProbeView, "votes">;
type Votes = Record<string, LabelVote[]>;

/**
 * One probe at a time with the detector's prediction and highlighted span; v / c label, n next, u undo. Figures are
 * recomputed in the browser from the votes the moment a key is pressed (pure lib/ functions), then replaced by the
 * server's answer once the label is saved — which also brings in other annotators' concurrent labels.
 */
export function Labeller({ detector, probes, initialVotes, actor, initialQueue }: { detector: DetectorCode; probes: LabellerProbe[]; initialVotes: Votes; actor: string; initialQueue: Queue }) {
  const [votes, setVotes] = useState<Votes>(initialVotes);
  const [queue, setQueue] = useState<Queue>(initialQueue);
  const [currentId, setCurrentId] = useState<string | null>(() => (probes.find((p) => inQueue(initialQueue, p, initialVotes[p.id] ?? [], actor)) ?? probes[0])?.id ?? null);
  const [undo, setUndo] = useState<Array<{ probeId: string; previous: ProbeLabel | null }>>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(0);
  const [latency, setLatency] = useState<number | null>(null);
  const [ready, setReady] = useState(false); // keys work once hydrated; tests wait for data-ready
  const keyAt = useRef<number | null>(null);
  const seq = useRef(0);

  const byId = useMemo(() => new Map(probes.map((p) => [p.id, p])), [probes]);
  const current = currentId ? byId.get(currentId) ?? null : null;
  const predicted = useMemo(() => probes.map((p) => ({ id: p.id, predicted: p.predicted, label: effectiveLabel(votes[p.id] ?? []).label, pair_id: p.pairId })), [probes, votes]);
  const figures = useMemo(() => figuresFromPredictions(predicted), [predicted]);
  const bySet = useMemo(() => figuresBySet(predicted), [predicted]);
  const agreement = useMemo(() => pairwiseAgreement(probes.map((p) => ({ votes: votes[p.id] ?? [] }))), [probes, votes]);
  const counts = useMemo(() => Object.fromEntries(QUEUES.map((q) => [q, probes.filter((p) => inQueue(q, p, votes[p.id] ?? [], actor)).length])) as Record<Queue, number>, [probes, votes, actor]);

  useEffect(() => {
    if (keyAt.current !== null) {
      setLatency(performance.now() - keyAt.current);
      keyAt.current = null;
    }
  }, [figures]);

  const save = useCallback(
    (probeId: string, label: ProbeLabel | null) => {
      setVotes((v) => {
        const others = (v[probeId] ?? []).filter((x) => x.annotator !== actor);
        return { ...v, [probeId]: label === null ? others : [...others, { annotator: actor, label, labelledAt: new Date().toISOString() }] };
      });
      const mine = ++seq.current;
      setSaving((n) => n + 1);
      setLabelAction({ probeId, detector, label })
        .then((r) => {
          if (r.error !== null) setError(`Not saved: ${r.error}`);
          else {
            setError(null);
            // Only the answer to the latest save replaces local state; earlier answers would undo newer keystrokes.
            if (mine === seq.current) setVotes(r.data.votes);
          }
        })
        .catch(() => setError("Not saved: the server did not answer. Your label is shown but not stored; press the key again."))
        .finally(() => setSaving((n) => n - 1));
    },
    [actor, detector],
  );

  const label = useCallback(
    (l: ProbeLabel) => {
      if (!current) return;
      const previous = (votes[current.id] ?? []).find((x) => x.annotator === actor)?.label ?? null;
      setUndo((u) => [...u, { probeId: current.id, previous }]);
      save(current.id, l);
    },
    [current, votes, actor, save],
  );

  const next = useCallback(() => {
    const list = probes.filter((p) => inQueue(queue, p, votes[p.id] ?? [], actor));
    if (list.length === 0) return;
    const i = current ? list.findIndex((p) => p.id === current.id) : -1;
    const after = i >= 0 ? list[(i + 1) % list.length] : (list.find((p) => current && p.seq > current.seq) ?? list[0]);
    setCurrentId(after!.id);
  }, [probes, queue, votes, actor, current]);

  const undoLast = useCallback(() => {
    const last = undo[undo.length - 1];
    if (!last) return;
    setUndo((u) => u.slice(0, -1));
    setCurrentId(last.probeId);
    save(last.probeId, last.previous);
  }, [undo, save]);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
      const k = e.key.toLowerCase();
      if (k === "v" || k === "c") {
        keyAt.current = performance.now();
        label(k === "v" ? "violation" : "clean");
      } else if (k === "n") next();
      else if (k === "u") {
        keyAt.current = performance.now();
        undoLast();
      } else return;
      e.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    setReady(true);
    return () => window.removeEventListener("keydown", onKey);
  }, [label, next, undoLast]);

  const queueList = probes.filter((p) => inQueue(queue, p, votes[p.id] ?? [], actor));
  const position = current ? queueList.findIndex((p) => p.id === current.id) : -1;
  const partners = current?.pairId ? probes.filter((p) => p.pairId === current.pairId && p.id !== current.id) : [];

  return (
    <div className="labeller">
      <div className="labeller-main">
        <nav aria-label="Queue" className="tabs">
          {QUEUES.map((q) => (
            <button key={q} type="button" aria-pressed={q === queue} onClick={() => setQueue(q)}>
              {q} ({counts[q]})
            </button>
          ))}
        </nav>
        <p className="muted" role="status">
          {queueList.length === 0 ? `Nothing in the ${queue} queue.` : position >= 0 ? `Probe ${position + 1} of ${queueList.length} in the ${queue} queue.` : `This probe has left the ${queue} queue; press n for the next one (${queueList.length} left).`}{" "}
          Labelling as <strong>{actor}</strong>.
        </p>
        {current ? (
          <div className={partners.length ? "pair" : undefined}>
            <ProbeCard probe={current} votes={votes[current.id] ?? []} actor={actor} heading="Probe" />
            {partners.map((p) => (
              <ProbeCard key={p.id} probe={p} votes={votes[p.id] ?? []} actor={actor} heading={`Matched pair ${p.pairId}`} onOpen={() => setCurrentId(p.id)} />
            ))}
          </div>
        ) : (
          <p>No probes for this detector yet.</p>
        )}
        <div className="keys" role="group" aria-label="Label" data-ready={ready}>
          <button type="button" onClick={() => label("violation")} aria-keyshortcuts="v" disabled={!current}>
            <kbd>v</kbd> Violation
          </button>
          <button type="button" onClick={() => label("clean")} aria-keyshortcuts="c" disabled={!current}>
            <kbd>c</kbd> Clean
          </button>
          <button type="button" onClick={next} aria-keyshortcuts="n">
            <kbd>n</kbd> Next
          </button>
          <button type="button" onClick={undoLast} aria-keyshortcuts="u" disabled={undo.length === 0}>
            <kbd>u</kbd> Undo
          </button>
          <span className="muted">{saving > 0 ? "saving…" : "saved"}</span>
        </div>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </div>
      <aside className="labeller-side">
        <FiguresPanel detector={detector} figures={figures} bySet={bySet} />
        {latency !== null && <p className="muted small">Figures updated {latency.toFixed(0)} ms after the key press.</p>}
        <AgreementPanel agreement={agreement} />
      </aside>
    </div>
  );
}
