import { reviewsFor } from "@/db/queries/baselines";
import type { Db } from "@/db/index";
import type { ReportRef } from "@/lib/approval/report-ref";
import type { ReviewFigures } from "@/lib/compare/compare";
import { latestByCase, reviewItems, type ReviewState } from "@/lib/approval/review";
import { ReviewForm } from "./review-controls";

type Item = ReviewState["items"][number];

/** Who reviewed a flip or blocker and how, as the compare page and the case page both show it. */
export function reviewStatus(item: Item): string {
  const r = item.review;
  return r ? `${r.decision === "accept" ? "accepted" : "rejected"} by ${r.reviewer}${r.note ? `: ${r.note}` : ""}` : "not reviewed";
}

/** The review of one case where its replies are read: shown only for a pass→fail flip or a blocker. */
export async function CaseReview({ db, figures, pair, caseKey, mayReview }: { db: Db; figures: ReviewFigures; pair: { baselineRef: ReportRef; candidateRef: ReportRef }; caseKey: string; mayReview: boolean }) {
  const found = reviewItems(figures).find((i) => i.key === caseKey);
  if (!found) return null;
  const item: Item = { ...found, review: latestByCase(await reviewsFor(db, pair)).get(caseKey) ?? null };
  return (
    <section aria-label="Review of this case">
      <h2>Review</h2>
      <p>
        {/* The reason is in the scorer's or judge's words (issue 20); the badges do not repeat its codes. */}
        {item.flip ? <span className="badge bad-badge">pass→fail</span> : null} {item.blocker ? <span className="badge bad-badge">blocker</span> : null} <span data-testid="reason">{item.reason}</span>
      </p>
      <div data-testid="review-status">{reviewStatus(item)}</div>
      {mayReview ? <ReviewForm pair={pair} caseKey={caseKey} /> : null}
    </section>
  );
}
