import { z } from "zod";
import { requireCapability } from "../auth/permissions";
import type { Role } from "../auth/roles";
import type { Blocker, CompareFigures } from "./compare-figures";
import { rulerJustificationReasons, type ApprovalRuler } from "./ruler";

// Issue 5: a lead reviews each pass→fail gate flip (accept with a note, or reject) before approving a candidate.
// A blocker (a new hard/rubric violation, seed 002 B) is reviewed the same way even when it is not a flip.

export const REVIEW_DECISIONS = ["accept", "reject"] as const;
export const JUSTIFICATION_MIN_LENGTH = 20;

export const flipReviewSchema = z.object({
  case_key: z.string().min(1),
  decision: z.enum(REVIEW_DECISIONS),
  note: z.string().trim().max(2000),
  reviewer: z.string().min(1),
  at: z.iso.datetime(),
});
export type FlipReview = z.infer<typeof flipReviewSchema>;

/** One case the lead must review: a pass→fail flip, a blocker, or both; `review` is the latest review of it. */
export type ReviewItem = { key: string; group: string; flip: boolean; blocker: Blocker | null; reason: string | null; review: FlipReview | null };

export type ReviewState = {
  items: ReviewItem[];
  unreviewed: string[];
  rejected: string[];
  /** Accepted without a note: not yet a valid acceptance. */
  accepted_without_note: string[];
  /** Reviews naming a case this comparison has no flip or blocker for (another comparison's): ignored. */
  ignored_reviews: string[];
  justification_required: boolean;
  /** Why a justification is needed: the REGRESSED verdict and/or the blockers. Empty when not required. */
  justification_because: string[];
};

/** The cases to review, in key order: every pass→fail flip, then merged with every blocker case. */
export function reviewItems(compare: Pick<CompareFigures, "gate_flips" | "blockers">): Omit<ReviewItem, "review">[] {
  const byKey = new Map<string, Omit<ReviewItem, "review">>();
  for (const f of compare.gate_flips.pass_to_fail) byKey.set(f.key, { key: f.key, group: f.group, flip: true, blocker: null, reason: f.reason });
  for (const b of compare.blockers) {
    const known = byKey.get(b.key);
    // Issue 20: in the scorer's or judge's words ("H5: commitment to '24 hours' (not allowed)"), the code alone only without them.
    const words = b.reasons?.length ? b.reasons.join("; ") : b.new_violations.join(", ");
    byKey.set(b.key, known ? { ...known, blocker: b } : { key: b.key, group: b.group, flip: false, blocker: b, reason: `new violation: ${words}` });
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Issue 5: a blocker or a REGRESSED verdict can only be overridden with a written justification. Issue 26: so can an
 * approval across a change of ruler (the two sides measured with different probe sets, advisory criteria, packs, judges).
 */
export function justificationReasons(compare: Pick<CompareFigures, "verdict" | "blockers">, ruler?: ApprovalRuler | null): string[] {
  const out: string[] = [];
  if (compare.verdict === "REGRESSED") out.push("the verdict is REGRESSED");
  if (compare.blockers.length) out.push(`${compare.blockers.length} blocker(s): ${compare.blockers.map((b) => b.key).join(", ")}`);
  out.push(...rulerJustificationReasons(ruler, compare.verdict));
  return out;
}

/**
 * Where review stands for one comparison. A case's latest review counts (by `at`, ties to the later one in the
 * list), so a lead may change their mind before approving.
 */
export function reviewState(compare: Pick<CompareFigures, "verdict" | "gate_flips" | "blockers">, reviews: readonly FlipReview[], ruler?: ApprovalRuler | null): ReviewState {
  const latest = latestByCase(reviews);
  const items = reviewItems(compare).map((i) => ({ ...i, review: latest.get(i.key) ?? null }));
  const keys = new Set(items.map((i) => i.key));
  const because = justificationReasons(compare, ruler);
  return {
    items,
    unreviewed: items.filter((i) => !i.review).map((i) => i.key),
    rejected: items.filter((i) => i.review?.decision === "reject").map((i) => i.key),
    accepted_without_note: items.filter((i) => i.review?.decision === "accept" && !i.review.note.trim()).map((i) => i.key),
    ignored_reviews: [...latest.keys()].filter((k) => !keys.has(k)).sort(),
    justification_required: because.length > 0,
    justification_because: because,
  };
}

export type ApprovalCheck = { ok: true; state: ReviewState } | { ok: false; reasons: string[]; state: ReviewState };

const list = (keys: string[]) => keys.join(", ");

/**
 * Issue 5: a candidate becomes the baseline only when a lead approves it, every pass→fail flip and blocker case has
 * been reviewed, none was rejected, every acceptance carries a note, and — for a REGRESSED verdict or any blocker —
 * a written justification of at least 20 characters is given. Every unmet rule is listed, not just the first.
 */
export function canApprove(input: {
  user: { roles: readonly Role[] } | null;
  compare: Pick<CompareFigures, "verdict" | "gate_flips" | "blockers">;
  reviews: readonly FlipReview[];
  justification?: string | null;
  /** Issue 26: the ruler changes between the two sides; any change needs the written justification. */
  ruler?: ApprovalRuler | null;
}): ApprovalCheck {
  const state = reviewState(input.compare, input.reviews, input.ruler);
  const reasons: string[] = [];
  const permission = requireCapability(input.user, "approve_baseline");
  if (!permission.ok) reasons.push(permission.status === 401 ? "sign in as a lead to approve a baseline" : "only a lead can approve a baseline");
  if (state.unreviewed.length) reasons.push(`${state.unreviewed.length} case(s) not reviewed yet: ${list(state.unreviewed)}`);
  if (state.rejected.length) reasons.push(`rejected flip(s) block approval: ${list(state.rejected)} (fix the candidate and compare again)`);
  if (state.accepted_without_note.length) reasons.push(`accepting a flip or blocker needs a note saying why: ${list(state.accepted_without_note)}`);
  const justification = (input.justification ?? "").trim();
  if (state.justification_required && justification.length < JUSTIFICATION_MIN_LENGTH) {
    reasons.push(`${state.justification_because.join(" and ")}: overriding needs a written justification of at least ${JUSTIFICATION_MIN_LENGTH} characters`);
  }
  return reasons.length ? { ok: false, reasons, state } : { ok: true, state };
}

export function latestByCase(reviews: readonly FlipReview[]): Map<string, FlipReview> {
  const out = new Map<string, FlipReview>();
  for (const r of reviews) {
    const prev = out.get(r.case_key);
    if (!prev || Date.parse(r.at) >= Date.parse(prev.at)) out.set(r.case_key, r);
  }
  return out;
}
