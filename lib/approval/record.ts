import { z } from "zod";
import { emailSchema, type SessionUser } from "../auth/roles";
import { compareFigures, compareFiguresSchema, type CompareFigures } from "./compare-figures";
import { describeRef, reportKindOfRef, reportRefSchema, type ReportRef } from "./report-ref";
import { canApprove, flipReviewSchema, type FlipReview } from "./review";
import { approvalRulerSchema, type ApprovalRuler } from "./ruler";

// Issue 5: approval records who, when, the compare figures and the justification; baselines have a history; an
// approved baseline cannot be edited. Each side is a report ref: "run:<runs.id>" or "judge:<judge_reports.id>".

export const approvalRecordSchema = z
  .object({
    baseline_ref: reportRefSchema,
    candidate_ref: reportRefSchema,
    report_kind: z.enum(["score", "judge"]),
    approved_by: z.object({ id: z.union([z.number().int().positive(), z.string().min(1)]), email: emailSchema }),
    approved_at: z.iso.datetime(),
    compare: compareFiguresSchema,
    /** compareReports' warnings at approval time (set mismatch, changed judge or pack): what the lead was shown. */
    warnings: z.array(z.string()).default([]),
    justification: z.string().trim().min(1).nullable(),
    /** The review that counted for each flip or blocker case. */
    reviews: z.array(flipReviewSchema),
    /** Issue 26: the ruler changes between the two sides and the headline shown; absent in records approved before. */
    ruler: approvalRulerSchema.optional(),
  })
  .strict()
  .refine((r) => r.baseline_ref !== r.candidate_ref, { message: "a report cannot be approved over itself", path: ["candidate_ref"] })
  .refine((r) => r.report_kind === r.compare.kind, { message: "report_kind differs from the compared reports' kind", path: ["report_kind"] })
  .refine((r) => reportKindOfRef(r.baseline_ref) === r.report_kind && reportKindOfRef(r.candidate_ref) === r.report_kind, {
    message: 'a score comparison names two runs ("run:<id>"), a judge comparison two judge reports ("judge:<id>")',
    path: ["report_kind"],
  });

export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;

export type ApprovalOutcome = { ok: true; record: ApprovalRecord } | { ok: false; reasons: string[] };

/**
 * Builds the approval record once canApprove passes. While a baseline of this kind exists, the comparison must be
 * against it: approving a candidate compared with some other (weaker) run would skip the gate. The clock is `at`.
 */
export function buildApprovalRecord(input: {
  user: SessionUser | null;
  compare: CompareFigures & { warnings?: string[] };
  reviews: readonly FlipReview[];
  justification?: string | null;
  baseline_ref: ReportRef;
  candidate_ref: ReportRef;
  /** The current baseline of this report kind, or null when none has been approved yet. */
  current_baseline_ref: ReportRef | null;
  at: Date;
  /** Issue 26: the comparison's ruler (lib/approval/ruler.ts); a change needs the justification, and is recorded. */
  ruler?: ApprovalRuler | null;
}): ApprovalOutcome {
  const check = canApprove(input);
  const reasons = check.ok ? [] : [...check.reasons];
  if (input.current_baseline_ref !== null && input.baseline_ref !== input.current_baseline_ref) {
    reasons.push(`compare against the current baseline (${describeRef(input.current_baseline_ref)}), not ${describeRef(input.baseline_ref)}`);
  }
  if (input.baseline_ref === input.candidate_ref) reasons.push("a report cannot be approved over itself");
  if (reasons.length || !input.user) return { ok: false, reasons };
  const justification = input.justification?.trim() || null;
  const parsed = approvalRecordSchema.safeParse({
    baseline_ref: input.baseline_ref,
    candidate_ref: input.candidate_ref,
    report_kind: input.compare.kind,
    approved_by: { id: input.user.id, email: input.user.email },
    approved_at: input.at.toISOString(),
    compare: compareFigures(input.compare),
    warnings: input.compare.warnings ?? [],
    justification,
    reviews: check.state.items.flatMap((i) => (i.review ? [i.review] : [])),
    ...(input.ruler ? { ruler: input.ruler } : {}),
  });
  if (!parsed.success) return { ok: false, reasons: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  return { ok: true, record: parsed.data };
}

export type ImmutableCheck = { ok: true } | { ok: false; error: string };

/**
 * Issue 5: an approved baseline cannot be edited. Any write over an existing approval record is refused; moving the
 * baseline means approving another candidate, which adds a record to the history instead of changing one.
 */
export function assertImmutable(existing: Pick<ApprovalRecord, "candidate_ref" | "baseline_ref" | "approved_at" | "approved_by"> | null): ImmutableCheck {
  if (!existing) return { ok: true };
  return {
    ok: false,
    error: `the approval of ${describeRef(existing.candidate_ref)} over ${describeRef(existing.baseline_ref)} (${existing.approved_by.email}, ${existing.approved_at}) is immutable: approve another candidate to move the baseline`,
  };
}
