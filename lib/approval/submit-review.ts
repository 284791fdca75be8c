import { requireCapability } from "../auth/permissions";
import type { Role } from "../auth/roles";
import type { CompareFigures } from "./compare-figures";
import { flipReviewSchema, reviewItems, type FlipReview } from "./review";

export type ReviewSubmission = { ok: true; review: FlipReview } | { ok: false; status: 400 | 401 | 403; error: string };

/**
 * Checks one review before it is saved (issue 5): only a lead reviews, the case must be a pass→fail flip or a
 * blocker of this comparison, and an acceptance carries a note saying why the regression is acceptable.
 */
export function checkReviewSubmission(input: { user: { roles: readonly Role[] } | null; compare: Pick<CompareFigures, "gate_flips" | "blockers">; review: unknown }): ReviewSubmission {
  const permission = requireCapability(input.user, "review_gate_flip");
  if (!permission.ok) return { ok: false, status: permission.status, error: permission.error };
  const parsed = flipReviewSchema.safeParse(input.review);
  if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const review = parsed.data;
  const item = reviewItems(input.compare).find((i) => i.key === review.case_key);
  if (!item) return { ok: false, status: 400, error: `${review.case_key} is neither a pass→fail flip nor a blocker in this comparison: nothing to review` };
  if (review.decision === "accept" && !review.note) {
    const what = item.blocker ? `blocker (new ${item.blocker.new_violations.join(", ")})` : "pass→fail flip";
    return { ok: false, status: 400, error: `accepting this ${what} needs a note saying why it is acceptable` };
  }
  return { ok: true, review };
}
