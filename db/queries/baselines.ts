import { and, asc, desc, eq } from "drizzle-orm";
import type { FlipReview } from "../../lib/approval/review";
import type { Db } from "../index";
import { baselineApprovals, flipReviews } from "../schema";

/** Every review of one (baseline, candidate) comparison, oldest first (reviewState takes the latest per case). */
export function reviewsFor(db: Db, pair: { baselineRunId: number; candidateRunId: number }): FlipReview[] {
  return db
    .select()
    .from(flipReviews)
    .where(and(eq(flipReviews.baselineRunId, pair.baselineRunId), eq(flipReviews.candidateRunId, pair.candidateRunId)))
    .orderBy(asc(flipReviews.id))
    .all()
    .map((r) => ({ case_key: r.caseKey, decision: r.decision, note: r.note, reviewer: r.reviewer, at: r.at }));
}

/** The approval history, newest first. */
export function listApprovals(db: Db) {
  return db.select().from(baselineApprovals).orderBy(desc(baselineApprovals.approvedAt), desc(baselineApprovals.id)).all();
}
