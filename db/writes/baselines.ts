import type { ApprovalRecord } from "../../lib/approval/record";
import { parseRef } from "../../lib/approval/report-ref";
import type { FlipReview } from "../../lib/approval/review";
import type { Db } from "../index";
import type { ComparisonPair } from "../queries/baselines";
import { baselineApprovals, flipReviews } from "../schema";
import { audit } from "./audit";

/** The audit entity a ref names: the run, or the judge report. */
export function refEntity(ref: string): { entity: string; entityId: string } {
  const p = parseRef(ref);
  if (!p) return { entity: "report", entityId: ref };
  return { entity: p.kind === "run" ? "run" : "judge_report", entityId: String(p.id) };
}

/** Appends a lead's review of one flip or blocker (a later review of the same case supersedes it; none is overwritten). */
export function saveFlipReview(db: Db, input: ComparisonPair & { review: FlipReview }): void {
  const { review: r } = input;
  db.transaction((tx) => {
    const row = tx
      .insert(flipReviews)
      .values({ baselineRef: input.baselineRef, candidateRef: input.candidateRef, caseKey: r.case_key, decision: r.decision, note: r.note, reviewer: r.reviewer, at: r.at })
      .returning({ id: flipReviews.id })
      .get();
    audit(tx, { actor: r.reviewer, action: `flip.${r.decision}`, entity: "comparison", entityId: `${input.baselineRef}→${input.candidateRef}`, detail: { review_id: row.id, case: r.case_key, note: r.note }, at: r.at });
  });
}

/** Stores an approval record (built and checked by lib/approval). Insert only: approval records are never updated. */
export function saveApproval(db: Db, record: ApprovalRecord): number {
  return db.transaction((tx) => {
    const row = tx
      .insert(baselineApprovals)
      .values({ baselineRef: record.baseline_ref, candidateRef: record.candidate_ref, reportKind: record.report_kind, approvedBy: record.approved_by.email, approvedAt: record.approved_at, record })
      .returning({ id: baselineApprovals.id })
      .get();
    audit(tx, {
      actor: record.approved_by.email,
      action: "baseline.approve",
      ...refEntity(record.candidate_ref),
      detail: { approval_id: row.id, baseline_ref: record.baseline_ref, verdict: record.compare.verdict, justification: record.justification, ruler_changes: record.ruler?.changes ?? [] },
      at: record.approved_at,
    });
    return row.id;
  });
}
