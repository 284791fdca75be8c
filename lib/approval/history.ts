import type { ApprovalRecord } from "./record";
import type { ReportRef } from "./report-ref";

// Issue 5: baselines have a history, and the newest approval of a report kind is the current baseline the runs page
// compares each new run against by default.

/** Approvals of one report kind, newest first (ties: the later in the input first, i.e. insertion order). */
export function baselineHistory(records: readonly ApprovalRecord[], kind: ApprovalRecord["report_kind"]): ApprovalRecord[] {
  return records
    .map((r, i) => ({ r, i, t: Date.parse(r.approved_at) }))
    .filter((x) => x.r.report_kind === kind)
    .sort((a, b) => b.t - a.t || b.i - a.i)
    .map((x) => x.r);
}

/** The ref ("run:<id>" or "judge:<id>") of the current baseline of a report kind, or null when nothing has been approved yet. */
export function currentBaselineRef(records: readonly ApprovalRecord[], kind: ApprovalRecord["report_kind"]): ReportRef | null {
  return baselineHistory(records, kind)[0]?.candidate_ref ?? null;
}
