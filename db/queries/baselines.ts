import { and, asc, desc, eq } from "drizzle-orm";
import type { ApprovalRecord } from "../../lib/approval/record";
import type { ReportRef } from "../../lib/approval/report-ref";
import type { FlipReview } from "../../lib/approval/review";
import type { Db } from "../index";
import { baselineApprovals, flipReviews } from "../schema";

export type ComparisonPair = { baselineRef: ReportRef; candidateRef: ReportRef };

/** Every review of one (baseline, candidate) comparison, oldest first (reviewState takes the latest per case). */
export function reviewsFor(db: Db, pair: ComparisonPair): FlipReview[] {
  return db
    .select()
    .from(flipReviews)
    .where(and(eq(flipReviews.baselineRef, pair.baselineRef), eq(flipReviews.candidateRef, pair.candidateRef)))
    .orderBy(asc(flipReviews.id))
    .all()
    .map((r) => ({ case_key: r.caseKey, decision: r.decision, note: r.note, reviewer: r.reviewer, at: r.at }));
}

/**
 * The approval history, newest first. The refs come from the row's columns: records approved before refs existed
 * carry baseline_run_id/candidate_run_id in their JSON, and migration 0002 rewrote only the columns.
 */
export function listApprovals(db: Db) {
  return db
    .select()
    .from(baselineApprovals)
    .orderBy(desc(baselineApprovals.approvedAt), desc(baselineApprovals.id))
    .all()
    .map((row) => {
      const { baseline_run_id: _b, candidate_run_id: _c, ...record } = row.record as ApprovalRecord & { baseline_run_id?: number; candidate_run_id?: number };
      const refs = { baseline_ref: row.baselineRef as ReportRef, candidate_ref: row.candidateRef as ReportRef };
      return { ...row, baselineRef: refs.baseline_ref, candidateRef: refs.candidate_ref, record: { ...record, ...refs } satisfies ApprovalRecord };
    });
}
