import type { ApprovalRecord } from "../../lib/approval/record";
import type { FlipReview } from "../../lib/approval/review";
import type { Db } from "../index";
import { baselineApprovals, flipReviews } from "../schema";
import { audit } from "./audit";

/** Appends a lead's review of one flip or blocker (a later review of the same case supersedes it; none is overwritten). */
export function saveFlipReview(db: Db, input: { baselineRunId: number; candidateRunId: number; review: FlipReview }): void {
  const { review: r } = input;
  db.transaction((tx) => {
    const row = tx
      .insert(flipReviews)
      .values({ baselineRunId: input.baselineRunId, candidateRunId: input.candidateRunId, caseKey: r.case_key, decision: r.decision, note: r.note, reviewer: r.reviewer, at: r.at })
      .returning({ id: flipReviews.id })
      .get();
    audit(tx, { actor: r.reviewer, action: `flip.${r.decision}`, entity: "comparison", entityId: `${input.baselineRunId}→${input.candidateRunId}`, detail: { review_id: row.id, case: r.case_key, note: r.note }, at: r.at });
  });
}

/** Stores an approval record (built and checked by lib/approval). Insert only: approval records are never updated. */
export function saveApproval(db: Db, record: ApprovalRecord): number {
  return db.transaction((tx) => {
    const row = tx
      .insert(baselineApprovals)
      .values({ baselineRunId: record.baseline_run_id, candidateRunId: record.candidate_run_id, reportKind: record.report_kind, approvedBy: record.approved_by.email, approvedAt: record.approved_at, record })
      .returning({ id: baselineApprovals.id })
      .get();
    audit(tx, {
      actor: record.approved_by.email,
      action: "baseline.approve",
      entity: "run",
      entityId: String(record.candidate_run_id),
      detail: { approval_id: row.id, baseline_run_id: record.baseline_run_id, verdict: record.compare.verdict, justification: record.justification },
      at: record.approved_at,
    });
    return row.id;
  });
}
