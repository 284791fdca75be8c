"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AuditFigure } from "@/lib/audit/estimator";
import { f3 } from "@/lib/format";
import type { DetectorCode } from "@/lib/pack/vocab";
import { BLIND_COOKIE, BLIND_QUEUES, blindCookieValue, QUEUES, viewInQueue, type LabelItemView, type Queue } from "@/lib/probes/labelling";
import type { ProbeLabel } from "@/lib/schemas/probe";
import type { DetectorFigure } from "@/lib/scoring/report-schema";
import { promoteAuditItemAction } from "../audit-actions";
import { AgreementPanel, AuditFiguresPanel, FiguresPanel } from "./figures-panel";
import type { AuditMode, LabelPanel, LabelWindow } from "./label-data";
import { labelWindowAction, voteAction } from "./label-actions";
import { ProbeCard } from "./probe-card";

type Summary = Array<[string, string]>;
type Views = Record<string, LabelItemView>;

/** Ask the server for more once fewer than this many queue items are left ahead of the current one. */
const LOW_WATER = 8;

function probeSummary(f: DetectorFigure): Summary {
  return [
    // On 2,000 probes one vote moves precision or recall in the fourth decimal only; the count says it moved.
    ["probes labelled", String(f.n)],
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

const summaryOf = (p: LabelPanel): Summary => (p.auditFigure ? auditSummary(p.auditFigure) : probeSummary(p.figures!));

/** What a vote changed, in words: "precision 0.960 → 0.958 · recall 0.900 → 0.905", or that nothing did. */
function changeText(before: Summary, after: Summary): string {
  const changed = after.flatMap(([k, a], i) => (before[i]![1] !== a ? [`${k} ${before[i]![1]} → ${a}`] : []));
  return changed.length ? changed.join(" · ") : "no figure changed";
}

function addWindow(views: Views, order: string[], w: LabelWindow): { views: Views; order: string[]; added: string[] } {
  const next = { ...views };
  const added: string[] = [];
  // Items already held keep the browser's copy: it may carry a vote whose save is still on its way.
  for (const v of w.items) {
    if (order.includes(v.id)) continue;
    next[v.id] ??= v;
    added.push(v.id);
  }
  for (const v of w.partners) next[v.id] ??= v;
  return { views: next, order: [...order, ...added], added };
}

/**
 * One item at a time; v / c vote and move to the next item, n next, u undo. The page holds a window of the queue (the
 * server's; it asks for the next one as the annotator nears the end) and, for a blind annotator, nothing about an item
 * before their vote but its reply and context: the vote's answer brings the prediction, marks, note and votes, and the
 * figures as the server now has them (other annotators' votes included).
 */
export function Labeller({
  detector,
  initialWindow,
  initialPanel,
  actor,
  initialQueue,
  initialBlind,
  canPromote,
  audit,
}: {
  detector: DetectorCode;
  initialWindow: LabelWindow;
  initialPanel: LabelPanel;
  actor: string;
  initialQueue: Queue;
  initialBlind: boolean;
  canPromote: boolean;
  audit: AuditMode | null;
}) {
  const start = useMemo(() => addWindow({}, [], initialWindow), [initialWindow]);
  const [views, setViews] = useState<Views>(start.views);
  const [order, setOrder] = useState<string[]>(start.order);
  const [panel, setPanel] = useState<LabelPanel>(initialPanel);
  const [queue, setQueue] = useState<Queue>(initialQueue);
  const [currentId, setCurrentId] = useState<string | null>(start.order[0] ?? null);
  const [waiting, setWaiting] = useState(false); // moved past the last item held: the next shows when the server answers
  const [exhausted, setExhausted] = useState(false);
  const [undo, setUndo] = useState<Array<{ id: string; previous: ProbeLabel | null }>>([]);
  const [lastVote, setLastVote] = useState<{ id: string; label: ProbeLabel | null; before: Summary; after: Summary | null } | null>(null);
  const [blind, setBlind] = useState(initialBlind);
  const [promoted, setPromoted] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(0);
  const [latency, setLatency] = useState<number | null>(null);
  const [ready, setReady] = useState(false); // keys work once hydrated; tests wait for data-ready
  const fetching = useRef(false);
  const seq = useRef(0);

  const current = currentId && !waiting ? (views[currentId] ?? null) : null;
  const summary = summaryOf(panel);

  /** Replaces what the page holds with a fresh window (a queue or blind switch), keeping the current item first. */
  const reload = useCallback(
    async (q: Queue, b: boolean, at: string | null) => {
      fetching.current = true;
      const r = await labelWindowAction({ detector, auditId: audit?.id ?? null, queue: q, at, after: null, blind: b }).finally(() => (fetching.current = false));
      if (r.error !== null) return setError(r.error);
      const w = addWindow({}, [], r.data.window);
      setViews(w.views);
      setOrder(w.order);
      setPanel(r.data.panel);
      setExhausted(false);
      setWaiting(false);
      setCurrentId(w.order[0] ?? null);
    },
    [audit, detector],
  );

  const toggleBlind = (on: boolean) => {
    setBlind(on);
    document.cookie = `${BLIND_COOKIE}=${blindCookieValue(actor, on)}; path=/; max-age=31536000; samesite=lax`;
    const q = on && !BLIND_QUEUES.includes(queue) ? "unlabelled" : queue;
    setQueue(q);
    void reload(q, on, currentId);
  };
  const chooseQueue = (q: Queue) => {
    setQueue(q);
    void reload(q, blind, currentId);
  };

  /** The next item of the queue held after `fromId`; "more" when the server may hold further ones. */
  const nextAfter = useCallback(
    (fromId: string | null, held: Views): string | "more" | null => {
      const from = fromId ? order.indexOf(fromId) : -1;
      const list = order.filter((id) => id !== fromId && held[id] !== undefined && viewInQueue(queue, held[id]));
      const ahead = list.find((id) => order.indexOf(id) > from);
      if (ahead) return ahead;
      return exhausted ? (list[0] ?? null) : "more";
    },
    [order, queue, exhausted],
  );

  const fetchMore = useCallback(async () => {
    if (fetching.current || exhausted || order.length === 0) return;
    fetching.current = true;
    try {
      const r = await labelWindowAction({ detector, auditId: audit?.id ?? null, queue, at: null, after: order[order.length - 1]!, blind });
      if (r.error !== null) return setError(r.error);
      const w = addWindow(views, order, r.data.window);
      // A key pressed while this window was on its way has set views since `views` was read: keep its entries, add ours.
      setViews((v) => ({ ...w.views, ...v }));
      setOrder(w.order);
      if (w.added.length === 0) setExhausted(true);
    } finally {
      fetching.current = false;
    }
  }, [audit, blind, detector, exhausted, order, queue, views]);

  // Keep a few items ahead, so the keys never wait for the server.
  useEffect(() => {
    if (exhausted) return;
    const from = currentId ? order.indexOf(currentId) : -1;
    const ahead = order.slice(from + 1).filter((id) => views[id] && viewInQueue(queue, views[id])).length;
    if (waiting || ahead < LOW_WATER) void fetchMore();
  }, [currentId, order, queue, views, waiting, exhausted, fetchMore]);

  // Moved past the last item held: once the server's answer is in (or it has no more), go on from where the annotator was.
  useEffect(() => {
    if (!waiting) return;
    const n = nextAfter(currentId, views);
    if (n === "more") return;
    setWaiting(false);
    if (n) setCurrentId(n);
  }, [waiting, currentId, views, nextAfter]);

  const moveOn = useCallback(
    (fromId: string | null, held: Views) => {
      const n = nextAfter(fromId, held);
      if (n === "more") setWaiting(true);
      else if (n) setCurrentId(n);
    },
    [nextAfter],
  );

  const save = useCallback(
    (id: string, label: ProbeLabel | null, before: Summary) => {
      const mine = ++seq.current;
      const t0 = performance.now();
      setSaving((n) => n + 1);
      setLastVote({ id, label, before, after: null });
      voteAction({ detector, auditId: audit?.id ?? null, id, label, blind })
        .then((r) => {
          if (r.error !== null) return setError(`Not saved: ${r.error}`);
          setError(null);
          setViews((v) => ({ ...v, [id]: r.data.item }));
          // Only the answer to the latest save sets the figures; earlier answers would undo newer keystrokes.
          if (mine === seq.current) {
            setPanel(r.data.panel);
            setLastVote((l) => (l && l.id === id ? { ...l, after: summaryOf(r.data.panel) } : l));
            setLatency(performance.now() - t0);
          }
        })
        .catch(() => setError("Not saved: the server did not answer. Your label is shown but not stored; press the key again."))
        .finally(() => setSaving((n) => n - 1));
    },
    [audit, blind, detector],
  );

  const label = useCallback(
    (l: ProbeLabel) => {
      if (!current) return;
      setUndo((u) => [...u, { id: current.id, previous: current.mine }]);
      save(current.id, l, summary);
      const held = { ...views, [current.id]: { ...current, mine: l } };
      // A functional update: a window that arrived since this handler's `views` was read must not be dropped, or the
      // order would name items the page no longer holds.
      setViews((v) => ({ ...v, [current.id]: { ...current, mine: l } }));
      moveOn(current.id, held);
    },
    [current, views, save, summary, moveOn],
  );

  const next = useCallback(() => moveOn(current?.id ?? currentId, views), [current, currentId, views, moveOn]);

  const undoLast = useCallback(() => {
    const last = undo[undo.length - 1];
    if (!last) return;
    setUndo((u) => u.slice(0, -1));
    setWaiting(false);
    setCurrentId(last.id);
    setViews((v) => (v[last.id] ? { ...v, [last.id]: { ...v[last.id]!, mine: last.previous } } : v));
    save(last.id, last.previous, summary);
  }, [undo, save, summary]);

  const promote = useCallback(async (item: LabelItemView) => {
    if (!item.source) return;
    const r = await promoteAuditItemAction({ itemId: item.source.itemId });
    if (r.error !== null) setError(`Not promoted: ${r.error}`);
    else {
      setError(null);
      setPromoted((p) => ({ ...p, [item.id]: r.data.probeId }));
    }
  }, []);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      // Typing in a field is not a label; a focused checkbox or button is no reason to lose the keys.
      const typing = t && (t.isContentEditable || ["TEXTAREA", "SELECT"].includes(t.tagName) || (t.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes((t as HTMLInputElement).type)));
      if (typing) return;
      const k = e.key.toLowerCase();
      if (k === "v" || k === "c") label(k === "v" ? "violation" : "clean");
      else if (k === "n") next();
      else if (k === "u") undoLast();
      else return;
      e.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    setReady(true);
    return () => window.removeEventListener("keydown", onKey);
  }, [label, next, undoLast]);

  const noun = audit ? "item" : "probe";
  const total = panel.counts[queue];
  const placeOf = (id: string) => (views[id]?.source ? `line ${views[id]!.source!.lineNo}` : id);
  const partners = current?.pairId ? Object.values(views).filter((p) => p.pairId === current.pairId && p.id !== current.id) : [];
  const change = lastVote?.after ? `${lastVote.label === null ? "After undoing your vote" : `After your ${lastVote.label} vote`} on ${placeOf(lastVote.id)}: ${changeText(lastVote.before, lastVote.after)}` : null;
  const cardOf = (p: LabelItemView, heading: string, onOpen?: () => void) => (
    <ProbeCard
      key={p.id}
      item={p}
      heading={heading}
      blind={blind}
      onOpen={onOpen}
      promote={audit && canPromote ? { promotedProbeId: promoted[p.id] ?? p.revealed?.promotedProbeId ?? null, onPromote: () => promote(p) } : null}
    />
  );

  return (
    <div className="labeller">
      <div className="labeller-main">
        <nav aria-label="Queue" className="tabs">
          {QUEUES.map((q) => {
            const hidden = blind && !BLIND_QUEUES.includes(q);
            return (
              <button key={q} type="button" aria-pressed={q === queue} onClick={() => chooseQueue(q)} disabled={hidden} title={hidden ? "Shows what others voted: turn blind labelling off to use it" : undefined}>
                {q} ({hidden ? "hidden" : (panel.counts[q] ?? "…")})
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
          {total === 0 ? `Nothing in the ${queue} queue.` : waiting ? `Loading the next ${noun}s of the ${queue} queue…` : current && viewInQueue(queue, current) ? `${total} ${noun}${total === 1 ? "" : "s"} in the ${queue} queue.` : `This ${noun} has left the ${queue} queue; press n for the next one (${total} left).`} Labelling as <strong>{actor}</strong>.
          {lastVote && (
            <span data-testid="last-vote">
              {" "}
              {lastVote.label === null ? "Undid your vote" : `Saved ${lastVote.label}`} on {placeOf(lastVote.id)}; <kbd>u</kbd> undoes it.
            </span>
          )}
        </p>
        {current ? (
          <div className={partners.length ? "pair" : undefined}>
            {cardOf(current, audit ? `Line ${current.source?.lineNo} of ${audit.runName}` : "Probe")}
            {partners.map((p) => cardOf(p, `Matched pair ${p.pairId}`, () => setCurrentId(p.id)))}
          </div>
        ) : waiting ? null : (
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
          {/* Nothing to report before the first vote: "saved" there would claim a save that never happened. */}
          {lastVote && <span className="muted">{saving > 0 ? "saving…" : error ? "not saved" : "saved"}</span>}
        </div>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </div>
      <aside className="labeller-side">
        {audit && panel.auditFigure ? <AuditFiguresPanel detector={detector} runName={audit.runName} figure={panel.auditFigure} change={change} /> : <FiguresPanel detector={detector} figures={panel.figures!} bySet={panel.bySet} change={change} />}
        {latency !== null && <p className="muted small">Figures updated {latency.toFixed(0)} ms after the key press (saved and recomputed on the server).</p>}
        <AgreementPanel agreement={panel.agreement} />
      </aside>
    </div>
  );
}
