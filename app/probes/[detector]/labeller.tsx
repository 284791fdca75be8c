"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AuditFigure } from "@/lib/audit/estimator";
import { auditFigureOf } from "@/lib/audit/figures";
import type { AuditStrata } from "@/lib/audit/strata";
import { f3 } from "@/lib/format";
import type { DetectorCode } from "@/lib/pack/vocab";
import { pairwiseAgreement } from "@/lib/probes/agreement";
import { effectiveLabel, type LabelVote } from "@/lib/probes/effective-label";
import { figuresFromPredictions } from "@/lib/probes/figures";
import { figuresBySet } from "@/lib/probes/probe-sets";
import type { DetectorContext, ProbeLabel } from "@/lib/schemas/probe";
import type { DetectorFigure, DetectorHit } from "@/lib/scoring/report-schema";
import { promoteAuditItemAction, setAuditLabelAction } from "../audit-actions";
import { setLabelAction } from "../actions";
import { AgreementPanel, AuditFiguresPanel, FiguresPanel } from "./figures-panel";
import { ProbeCard } from "./probe-card";
import { BLIND_QUEUES, QUEUES, inQueue, type Queue } from "./queues";

/** Where an audit item came from: its run, line and decision, and the probe it was promoted to. */
export type AuditSource = { itemId: number; runId: number; runName: string; lineNo: number; decisionId: string; promotedProbeId: string | null };

/** One thing to label: a probe, or an item of a run's audit (issue 18), with what the detector saw and did. */
export type LabellerItem = {
  id: string;
  detector: DetectorCode;
  reply: string;
  context: DetectorContext;
  pairId: string | null;
  note: string | null;
  seq: number;
  predicted: boolean;
  hits: DetectorHit[];
  /** The spans the detector read and cleared (audit items; null when the run predates them). */
  cleared: DetectorHit[] | null;
  /** The conversation up to the reply (audit items). */
  history: Array<{ role: string; text: string }> | null;
  source: AuditSource | null;
};
export type AuditMode = { id: number; runId: number; runName: string; seed: number; strata: AuditStrata };
type Votes = Record<string, LabelVote[]>;
type Summary = Array<[string, string]>;

const BLIND_KEY = "assay:blind-labelling";

function probeSummary(f: DetectorFigure): Summary {
  return [
    ["precision", f3(f.precision)],
    ["recall", f3(f.recall)],
    ["pairs separated", f.pairs && f.pairs.n_pairs > 0 ? f3(f.pairs.rate) : "—"],
  ];
}

function auditSummary(f: AuditFigure): Summary {
  return [
    ["labelled fired / not fired", `${f.fired.labelled} / ${f.not_fired.labelled}`],
    ["precision", f3(f.precision)],
    ["estimated recall", f3(f.recall)],
    ["estimated true violations", f.violations === null ? "—" : Math.round(f.violations).toString()],
  ];
}

/** What a vote changed, in words: "precision 0.960 → 0.958 · recall 0.900 → 0.905", or that nothing did. */
function changeText(before: Summary, after: Summary): string {
  const changed = after.flatMap(([k, a], i) => (before[i]![1] !== a ? [`${k} ${before[i]![1]} → ${a}`] : []));
  return changed.length ? changed.join(" · ") : "no figure changed";
}

function withVote(v: Votes, id: string, actor: string, label: ProbeLabel | null): Votes {
  const others = (v[id] ?? []).filter((x) => x.annotator !== actor);
  return { ...v, [id]: label === null ? others : [...others, { annotator: actor, label, labelledAt: new Date().toISOString() }] };
}

/**
 * One item at a time with the detector's prediction and highlighted spans; v / c label and move to the next item, n
 * next, u undo. Figures are recomputed in the browser from the votes the moment a key is pressed (pure lib/ functions),
 * then replaced by the server's answer once the label is saved — which also brings in other annotators' labels. With
 * blind labelling on, the prediction, the label and others' votes stay hidden until you have voted on the item.
 */
export function Labeller({
  detector,
  items,
  initialVotes,
  actor,
  initialQueue,
  initialId,
  blindByDefault,
  canPromote,
  audit,
}: {
  detector: DetectorCode;
  items: LabellerItem[];
  initialVotes: Votes;
  actor: string;
  initialQueue: Queue;
  initialId: string | null;
  blindByDefault: boolean;
  canPromote: boolean;
  audit: AuditMode | null;
}) {
  const [votes, setVotes] = useState<Votes>(initialVotes);
  const [queue, setQueue] = useState<Queue>(initialQueue);
  const [currentId, setCurrentId] = useState<string | null>(() => (initialId && items.some((p) => p.id === initialId) ? initialId : ((items.find((p) => inQueue(initialQueue, p, initialVotes[p.id] ?? [], actor)) ?? items[0])?.id ?? null)));
  const [undo, setUndo] = useState<Array<{ id: string; previous: ProbeLabel | null }>>([]);
  const [lastVote, setLastVote] = useState<{ id: string; label: ProbeLabel | null; before: Summary } | null>(null);
  const [blind, setBlind] = useState(blindByDefault);
  const [promoted, setPromoted] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(0);
  const [latency, setLatency] = useState<number | null>(null);
  const [ready, setReady] = useState(false); // keys work once hydrated; tests wait for data-ready
  const keyAt = useRef<number | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const stored = window.localStorage.getItem(`${BLIND_KEY}:${actor}`);
    if (stored === "1" || stored === "0") setBlind(stored === "1");
  }, [actor]);
  const toggleBlind = (on: boolean) => {
    setBlind(on);
    window.localStorage.setItem(`${BLIND_KEY}:${actor}`, on ? "1" : "0");
    if (on && !BLIND_QUEUES.includes(queue)) setQueue("unlabelled");
  };

  const byId = useMemo(() => new Map(items.map((p, i) => [p.id, { p, i }])), [items]);
  const current = currentId ? (byId.get(currentId)?.p ?? null) : null;
  const predicted = useMemo(() => items.map((p) => ({ id: p.id, predicted: p.predicted, label: effectiveLabel(votes[p.id] ?? []).label, pair_id: p.pairId })), [items, votes]);
  const figures = useMemo(() => (audit ? null : figuresFromPredictions(predicted)), [audit, predicted]);
  const bySet = useMemo(() => (audit ? [] : figuresBySet(predicted)), [audit, predicted]);
  const auditFigure = useMemo(() => (audit ? auditFigureOf(detector, audit.strata, items.map((p) => ({ detector, stratum: p.predicted ? ("fired" as const) : ("not_fired" as const), votes: votes[p.id] ?? [] })), audit.seed) : null), [audit, detector, items, votes]);
  const summary = useMemo(() => (auditFigure ? auditSummary(auditFigure) : probeSummary(figures!)), [auditFigure, figures]);
  const agreement = useMemo(() => pairwiseAgreement(items.map((p) => ({ votes: votes[p.id] ?? [] }))), [items, votes]);
  const counts = useMemo(() => Object.fromEntries(QUEUES.map((q) => [q, items.filter((p) => inQueue(q, p, votes[p.id] ?? [], actor)).length])) as Record<Queue, number>, [items, votes, actor]);

  useEffect(() => {
    if (keyAt.current !== null) {
      setLatency(performance.now() - keyAt.current);
      keyAt.current = null;
    }
  }, [summary]);

  const save = useCallback(
    (id: string, label: ProbeLabel | null) => {
      setVotes((v) => withVote(v, id, actor, label));
      const mine = ++seq.current;
      setSaving((n) => n + 1);
      const item = byId.get(id)?.p;
      const request = audit && item?.source ? setAuditLabelAction({ auditId: audit.id, itemId: item.source.itemId, detector, label }) : setLabelAction({ probeId: id, detector, label });
      request
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
    [actor, audit, byId, detector],
  );

  /** The next item of the queue after `fromId`, as the queue stands with `after` votes (wrapping round); null when none. */
  const nextAfter = useCallback(
    (fromId: string | null, after: Votes): string | null => {
      const from = fromId ? (byId.get(fromId)?.i ?? -1) : -1;
      const list = items.filter((p) => p.id !== fromId && inQueue(queue, p, after[p.id] ?? [], actor));
      return (list.find((p) => byId.get(p.id)!.i > from) ?? list[0])?.id ?? null;
    },
    [items, byId, queue, actor],
  );

  const label = useCallback(
    (l: ProbeLabel) => {
      if (!current) return;
      const previous = (votes[current.id] ?? []).find((x) => x.annotator === actor)?.label ?? null;
      setUndo((u) => [...u, { id: current.id, previous }]);
      setLastVote({ id: current.id, label: l, before: summary });
      save(current.id, l);
      const next = nextAfter(current.id, withVote(votes, current.id, actor, l));
      if (next) setCurrentId(next);
    },
    [current, votes, actor, save, summary, nextAfter],
  );

  const next = useCallback(() => {
    const n = nextAfter(current?.id ?? null, votes);
    if (n) setCurrentId(n);
  }, [current, votes, nextAfter]);

  const undoLast = useCallback(() => {
    const last = undo[undo.length - 1];
    if (!last) return;
    setUndo((u) => u.slice(0, -1));
    setCurrentId(last.id);
    setLastVote({ id: last.id, label: last.previous, before: summary });
    save(last.id, last.previous);
  }, [undo, save, summary]);

  const promote = useCallback(
    async (item: LabellerItem) => {
      if (!item.source) return;
      const r = await promoteAuditItemAction({ itemId: item.source.itemId });
      if (r.error !== null) setError(`Not promoted: ${r.error}`);
      else {
        setError(null);
        setPromoted((p) => ({ ...p, [item.id]: r.data.probeId }));
      }
    },
    [],
  );

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      // Typing in a field is not a label; a focused checkbox or button is no reason to lose the keys.
      const typing = t && (t.isContentEditable || ["TEXTAREA", "SELECT"].includes(t.tagName) || (t.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes((t as HTMLInputElement).type)));
      if (typing) return;
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

  const noun = audit ? "item" : "probe";
  const queueList = items.filter((p) => inQueue(queue, p, votes[p.id] ?? [], actor));
  const position = current ? queueList.findIndex((p) => p.id === current.id) : -1;
  const partners = current?.pairId ? items.filter((p) => p.pairId === current.pairId && p.id !== current.id) : [];
  const change = lastVote ? `${lastVote.label === null ? "After undoing your vote" : `After your ${lastVote.label} vote`} on ${byId.get(lastVote.id)?.p.source ? `line ${byId.get(lastVote.id)!.p.source!.lineNo}` : lastVote.id}: ${changeText(lastVote.before, summary)}` : null;
  const cardOf = (p: LabellerItem, heading: string, onOpen?: () => void) => (
    <ProbeCard
      key={p.id}
      item={p}
      votes={votes[p.id] ?? []}
      actor={actor}
      heading={heading}
      blind={blind}
      onOpen={onOpen}
      promote={audit && canPromote ? { promotedProbeId: promoted[p.id] ?? p.source?.promotedProbeId ?? null, onPromote: () => promote(p) } : null}
    />
  );

  return (
    <div className="labeller">
      <div className="labeller-main">
        <nav aria-label="Queue" className="tabs">
          {QUEUES.map((q) => {
            const hidden = blind && !BLIND_QUEUES.includes(q);
            return (
              <button key={q} type="button" aria-pressed={q === queue} onClick={() => setQueue(q)} disabled={hidden} title={hidden ? "Shows what others voted: turn blind labelling off to use it" : undefined}>
                {q} ({hidden ? "hidden" : counts[q]})
              </button>
            );
          })}
        </nav>
        <p>
          <label>
            <input type="checkbox" checked={blind} onChange={(e) => toggleBlind(e.target.checked)} /> Blind labelling: hide the detector&apos;s prediction, the label and others&apos; votes until I have voted
          </label>
        </p>
        <p className="muted" role="status">
          {queueList.length === 0 ? `Nothing in the ${queue} queue.` : position >= 0 ? `${audit ? "Item" : "Probe"} ${position + 1} of ${queueList.length} in the ${queue} queue.` : `This ${noun} has left the ${queue} queue; press n for the next one (${queueList.length} left).`} Labelling as <strong>{actor}</strong>.
          {lastVote && (
            <span data-testid="last-vote">
              {" "}
              {lastVote.label === null ? "Undid your vote" : `Saved ${lastVote.label}`} on {byId.get(lastVote.id)?.p.source ? `line ${byId.get(lastVote.id)!.p.source!.lineNo}` : lastVote.id}; <kbd>u</kbd> undoes it.
            </span>
          )}
        </p>
        {current ? (
          <div className={partners.length ? "pair" : undefined}>
            {cardOf(current, audit ? `Line ${current.source?.lineNo} of ${audit.runName}` : "Probe")}
            {partners.map((p) => cardOf(p, `Matched pair ${p.pairId}`, () => setCurrentId(p.id)))}
          </div>
        ) : (
          <p>No {noun}s for this detector yet.</p>
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
        {audit && auditFigure ? <AuditFiguresPanel detector={detector} runName={audit.runName} figure={auditFigure} change={change} /> : <FiguresPanel detector={detector} figures={figures!} bySet={bySet} change={change} />}
        {latency !== null && <p className="muted small">Figures updated {latency.toFixed(0)} ms after the key press.</p>}
        <AgreementPanel agreement={agreement} />
      </aside>
    </div>
  );
}
