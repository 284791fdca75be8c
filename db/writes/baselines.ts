import type { ApprovalRecord } from "../../lib/approval/record";
import { describeRef, parseRef } from "../../lib/approval/report-ref";
import type { FlipReview } from "../../lib/approval/review";
import type { Db } from "../index";
import { latestApproval, type ComparisonPair, type LatestApproval } from "../queries/baselines";
import { baselineApprovals, flipReviews } from "../schema";
import { lockForTransaction } from "../sql";
import { audit } from "./audit";

/** The audit entity a ref names: the run, or the judge report. */
export function refEntity(ref: string): { entity: string; entityId: string } {
  const p = parseRef(ref);
  if (!p) return { entity: "report", entityId: ref };
  return { entity: p.kind === "run" ? "run" : "judge_report", entityId: String(p.id) };
}

/** Appends a lead's review of one flip or blocker (a later review of the same case supersedes it; none is overwritten). */
export async function saveFlipReview(db: Db, input: ComparisonPair & { review: FlipReview }): Promise<void> {
  const { review: r } = input;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(flipReviews)
      .values({ baselineRef: input.baselineRef, candidateRef: input.candidateRef, caseKey: r.case_key, decision: r.decision, note: r.note, reviewer: r.reviewer, at: r.at })
      .returning({ id: flipReviews.id });
    await audit(tx, { actor: r.reviewer, action: `flip.${r.decision}`, entity: "comparison", entityId: `${input.baselineRef}→${input.candidateRef}`, detail: { review_id: row!.id, case: r.case_key, note: r.note }, at: r.at });
  });
}

/**
 * Another approval of the same report kind was written while the lead was reviewing (issue 29, item 4): the baseline
 * they compared against is no longer the current one, so theirs is refused rather than stored as a second approval.
 */
export class ApprovalConflictError extends Error {
  constructor(readonly latest: LatestApproval) {
    super(`${describeRef(latest.candidateRef)} was approved as the ${latest.candidateRef.startsWith("judge:") ? "judge" : "score"} baseline by ${latest.approvedBy} at ${latest.approvedAt} while you were reviewing; reload to review against it`);
    this.name = "ApprovalConflictError";
  }
}

/**
 * Stores an approval record (built and checked by lib/approval). Insert only: approval records are never updated.
 *
 * `seen` is the state the lead reviewed against: the id of the newest approval of this report kind when the page was
 * shown (null: none yet). The check and the insert are one transaction, under a lock on the kind's baseline (a no-op
 * on SQLite, whose transactions are BEGIN IMMEDIATE), so of two leads approving over the same baseline at once one
 * wins and the other gets ApprovalConflictError, with nothing written. Without `seen` (an API caller that predates
 * it), the record's own baseline must still be the current one (or none approved yet).
 */
export async function saveApproval(db: Db, record: ApprovalRecord, seen?: { approvalId: number | null }): Promise<number> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, `baseline:${record.report_kind}`);
    const latest = await latestApproval(tx, record.report_kind);
    const stale = seen ? (latest?.id ?? null) !== seen.approvalId : latest !== null && latest.candidateRef !== record.baseline_ref;
    if (latest && stale) throw new ApprovalConflictError(latest);
    const [row] = await tx
      .insert(baselineApprovals)
      .values({ baselineRef: record.baseline_ref, candidateRef: record.candidate_ref, reportKind: record.report_kind, approvedBy: record.approved_by.email, approvedAt: record.approved_at, record })
      .returning({ id: baselineApprovals.id });
    await audit(tx, {
      actor: record.approved_by.email,
      action: "baseline.approve",
      ...refEntity(record.candidate_ref),
      detail: { approval_id: row!.id, baseline_ref: record.baseline_ref, verdict: record.compare.verdict, justification: record.justification, ruler_changes: record.ruler?.changes ?? [] },
      at: record.approved_at,
    });
    return row!.id;
  });
}
