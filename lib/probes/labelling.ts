import type { DetectorCode } from "../pack/vocab";
import type { DetectorContext, ProbeLabel } from "../schemas/probe";
import type { DetectorHit } from "../scoring/report-schema";
import { effectiveLabel, type LabelVote } from "./effective-label";

/**
 * What the labelling page sends the browser (issue 26, items 4 and 13): a window of the queue, not the whole set, and in
 * blind mode nothing about an item the annotator has not voted on beyond the reply and its context. The server builds
 * every view with `labelView`, so the rule lives in one place and the page's HTML cannot carry more than it allows.
 */

/** Labelling queues: unlabelled = no vote of yours yet; disagreeing = effective label ≠ prediction; contested = annotators disagree (ties included); all. */
export const QUEUES = ["unlabelled", "disagreeing", "contested", "all"] as const;
export type Queue = (typeof QUEUES)[number];
/** The queues blind labelling keeps: the others are chosen by what annotators or the detector said. */
export const BLIND_QUEUES: readonly Queue[] = ["unlabelled", "all"];

/** The cookie that carries a person's blind-labelling choice, so the server leaves out what a blind page must not hold. */
export const BLIND_COOKIE = "assay-blind";

/** The cookie's value for a person's choice: the cookie is per browser, the choice per person. */
export const blindCookieValue = (email: string, blind: boolean) => `${encodeURIComponent(email)}:${blind ? 1 : 0}`;

/** The choice stored in the cookie, if it is this person's; null when there is none (the role's default applies). */
export function blindChoice(cookie: string | undefined, email: string): boolean | null {
  if (!cookie) return null;
  const i = cookie.lastIndexOf(":");
  if (i < 0) return null;
  let who: string;
  try {
    who = decodeURIComponent(cookie.slice(0, i));
  } catch {
    return null;
  }
  const v = cookie.slice(i + 1);
  return who === email && (v === "1" || v === "0") ? v === "1" : null;
}

/** Where an audit item came from (issue 18). */
export type LabelSource = { itemId: number; runId: number; runName: string; lineNo: number; decisionId: string };

/** What anyone may see before voting: the reply and what the detector was given. */
export type LabelItemBase = {
  id: string;
  detector: DetectorCode;
  reply: string;
  context: DetectorContext;
  pairId: string | null;
  seq: number;
  /** The conversation up to the reply (audit items). */
  history: Array<{ role: string; text: string }> | null;
  source: LabelSource | null;
};

/** What blind labelling hides until the annotator's vote: the detector's verdict and marks, the note, the votes. */
export type LabelItemSecret = {
  predicted: boolean;
  hits: DetectorHit[];
  /** The spans the detector read and cleared (audit items; null when the run predates them). */
  cleared: DetectorHit[] | null;
  note: string | null;
  promotedProbeId: string | null;
  votes: LabelVote[];
};

export type LabelItem = LabelItemBase & LabelItemSecret;

/** One item as one annotator's browser receives it: `revealed` is null while it is blind to them. */
export type LabelItemView = LabelItemBase & { mine: ProbeLabel | null; revealed: LabelItemSecret | null };

export const myVote = (votes: readonly LabelVote[], actor: string): ProbeLabel | null => votes.find((v) => v.annotator === actor)?.label ?? null;

/** The item as `actor` may see it: everything once they have voted or when they label openly, else the reply and context alone. */
export function labelView(item: LabelItem, actor: string, blind: boolean): LabelItemView {
  const { predicted, hits, cleared, note, promotedProbeId, votes, ...base } = item;
  const mine = myVote(votes, actor);
  return { ...base, mine, revealed: !blind || mine !== null ? { predicted, hits, cleared, note, promotedProbeId, votes } : null };
}

export function inQueue(q: Queue, p: { predicted: boolean }, votes: readonly LabelVote[], actor: string): boolean {
  switch (q) {
    case "unlabelled":
      return !votes.some((v) => v.annotator === actor);
    case "disagreeing": {
      const l = effectiveLabel(votes).label;
      return l !== null && l !== (p.predicted ? "violation" : "clean");
    }
    case "contested":
      return effectiveLabel(votes).disputed;
    case "all":
      return true;
  }
}

/** The same test on what the browser holds: a blind item can only be in the queues blind labelling keeps. */
export function viewInQueue(q: Queue, v: LabelItemView): boolean {
  if (q === "unlabelled") return v.mine === null;
  if (q === "all") return true;
  return v.revealed !== null && inQueue(q, v.revealed, v.revealed.votes, "\u0000");
}

/** How many items each queue holds; null for a queue blind labelling closes (its size says what others voted). */
export function queueCounts(items: readonly LabelItem[], actor: string, blind: boolean): Record<Queue, number | null> {
  const out = {} as Record<Queue, number | null>;
  for (const q of QUEUES) out[q] = blind && !BLIND_QUEUES.includes(q) ? null : items.filter((p) => inQueue(q, p, p.votes, actor)).length;
  return out;
}

/**
 * A window of the queue in item order, wrapping round: `at` first when given (the item opened by id, in the queue or
 * not), else the queue's items after `after` (exclusive) or from the start; then its matched-pair partners, so a pair
 * is always shown together. At most `limit` queue items.
 */
export function queueWindow(items: readonly LabelItem[], queue: Queue, actor: string, opts: { at?: string | null; after?: string | null; limit: number }): { items: LabelItem[]; partners: LabelItem[] } {
  const n = items.length;
  const anchor = opts.at ?? opts.after ?? null;
  const start = anchor === null ? -1 : items.findIndex((p) => p.id === anchor);
  const out: LabelItem[] = [];
  if (opts.at && start >= 0) out.push(items[start]!);
  for (let k = 1; k <= n && out.length < opts.limit; k++) {
    const p = items[(((start < 0 ? -1 : start) + k) % n + n) % n]!;
    if (p.id !== anchor && inQueue(queue, p, p.votes, actor)) out.push(p);
  }
  const inWindow = new Set(out.map((p) => p.id));
  const pairs = new Set(out.flatMap((p) => (p.pairId ? [p.pairId] : [])));
  const partners = pairs.size ? items.filter((p) => p.pairId !== null && pairs.has(p.pairId) && !inWindow.has(p.id)) : [];
  return { items: out, partners };
}
