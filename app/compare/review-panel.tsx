import { reviewsFor } from "@/db/queries/baselines";
import type { Db } from "@/db/index";
import type { ReportRef } from "@/lib/approval/report-ref";
import type { CompareResult } from "@/lib/compare/compare";
import { reviewState, type ReviewState } from "@/lib/approval/review";
import { ReviewForm } from "./review-controls";

type Item = ReviewState["items"][number];

/** Who reviewed a flip or blocker and how, as the compare page and the case page both show it. */
export function reviewStatus(item: Item): string {
  const r = item.review;
  return r ? `${r.decision === "accept" ? "accepted" : "rejected"} by ${r.reviewer}${r.note ? `: ${r.note}` : ""}` : "not reviewed";
}

/** The review of one case where its replies are read: shown only for a pass→fail flip or a blocker. */
export function CaseReview({ db, result, pair, caseKey, mayReview }: { db: Db; result: CompareResult; pair: { baselineRef: ReportRef; candidateRef: ReportRef }; caseKey: string; mayReview: boolean }) {
  const item = reviewState(result, reviewsFor(db, pair)).items.find((i) => i.key === caseKey);
  if (!item) return null;
  return (
    <section aria-label="Review of this case">
      <h2>Review</h2>
      <p>
        {item.flip ? <span className="badge bad-badge">pass→fail</span> : null} {item.blocker ? <span className="badge bad-badge">blocker: {item.blocker.new_violations.join(", ")}</span> : null} {item.reason}
      </p>
      <div data-testid="review-status">{reviewStatus(item)}</div>
      {mayReview ? <ReviewForm pair={pair} caseKey={caseKey} /> : null}
    </section>
  );
}
