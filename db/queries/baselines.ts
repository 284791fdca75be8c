import { and, asc, desc, eq } from "drizzle-orm";
import type { ApprovalRecord } from "../../lib/approval/record";
import type { ReportRef } from "../../lib/approval/report-ref";
import type { FlipReview } from "../../lib/approval/review";
import type { DbOrTx } from "../index";
import { baselineApprovals, flipReviews } from "../schema";

export type ComparisonPair = { baselineRef: ReportRef; candidateRef: ReportRef };

/** Every review of one (baseline, candidate) comparison, oldest first (reviewState takes the latest per case). */
export async function reviewsFor(db: DbOrTx, pair: ComparisonPair): Promise<FlipReview[]> {
  const rows = await db
    .select()
    .from(flipReviews)
    .where(and(eq(flipReviews.baselineRef, pair.baselineRef), eq(flipReviews.candidateRef, pair.candidateRef)))
    .orderBy(asc(flipReviews.id));
  return rows.map((r) => ({ case_key: r.caseKey, decision: r.decision, note: r.note, reviewer: r.reviewer, at: r.at }));
}

/**
 * The approval history, newest first. The refs come from the row's columns: records approved before refs existed
 * carry baseline_run_id/candidate_run_id in their JSON, and migration 0002 rewrote only the columns.
 */
export async function listApprovals(db: DbOrTx) {
  const rows = await db.select().from(baselineApprovals).orderBy(desc(baselineApprovals.approvedAt), desc(baselineApprovals.id));
  return rows.map((row) => {
    const { baseline_run_id: _b, candidate_run_id: _c, ...record } = row.record as ApprovalRecord & { baseline_run_id?: number; candidate_run_id?: number };
    const refs = { baseline_ref: row.baselineRef as ReportRef, candidate_ref: row.candidateRef as ReportRef };
    return { ...row, baselineRef: refs.baseline_ref, candidateRef: refs.candidate_ref, record: { ...record, ...refs } satisfies ApprovalRecord };
  });
}

export type LatestApproval = { id: number; baselineRef: ReportRef; candidateRef: ReportRef; approvedBy: string; approvedAt: string };

/**
 * The newest approval of one report kind (its candidate is the current baseline), or null: the state a lead reviews
 * against, which an approval must still find when it is written (db/writes/baselines.ts saveApproval). Same order as
 * listApprovals and lib/approval/history.ts: approved_at, then insertion order.
 */
export async function latestApproval(db: DbOrTx, kind: ApprovalRecord["report_kind"]): Promise<LatestApproval | null> {
  const [row] = await db
    .select({ id: baselineApprovals.id, baselineRef: baselineApprovals.baselineRef, candidateRef: baselineApprovals.candidateRef, approvedBy: baselineApprovals.approvedBy, approvedAt: baselineApprovals.approvedAt })
    .from(baselineApprovals)
    .where(eq(baselineApprovals.reportKind, kind))
    .orderBy(desc(baselineApprovals.approvedAt), desc(baselineApprovals.id))
    .limit(1);
  return row ? { ...row, baselineRef: row.baselineRef as ReportRef, candidateRef: row.candidateRef as ReportRef } : null;
}
