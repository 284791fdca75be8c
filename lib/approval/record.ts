import { z } from "zod";
import { emailSchema, type SessionUser } from "../auth/roles";
import { compareFigures, compareFiguresSchema, type CompareFigures } from "./compare-figures";
import { canApprove, flipReviewSchema, type FlipReview } from "./review";

// Issue 5: approval records who, when, the compare figures and the justification; baselines have a history; an
// approved baseline cannot be edited. Run ids are the workbench's runs.id.

export const runIdSchema = z.number().int().positive();

export const approvalRecordSchema = z
  .object({
    baseline_run_id: runIdSchema,
    candidate_run_id: runIdSchema,
    report_kind: z.enum(["score", "judge"]),
    approved_by: z.object({ id: z.union([z.number().int().positive(), z.string().min(1)]), email: emailSchema }),
    approved_at: z.iso.datetime(),
    compare: compareFiguresSchema,
    /** compareReports' warnings at approval time (set mismatch, changed judge or pack): what the lead was shown. */
    warnings: z.array(z.string()).default([]),
    justification: z.string().trim().min(1).nullable(),
    /** The review that counted for each flip or blocker case. */
    reviews: z.array(flipReviewSchema),
  })
  .strict()
  .refine((r) => r.baseline_run_id !== r.candidate_run_id, { message: "a run cannot be approved over itself", path: ["candidate_run_id"] })
  .refine((r) => r.report_kind === r.compare.kind, { message: "report_kind differs from the compared reports' kind", path: ["report_kind"] });

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
  baseline_run_id: number;
  candidate_run_id: number;
  /** The current baseline run of this report kind, or null when none has been approved yet. */
  current_baseline_run_id: number | null;
  at: Date;
}): ApprovalOutcome {
  const check = canApprove(input);
  const reasons = check.ok ? [] : [...check.reasons];
  if (input.current_baseline_run_id !== null && input.baseline_run_id !== input.current_baseline_run_id) {
    reasons.push(`compare against the current baseline (run ${input.current_baseline_run_id}), not run ${input.baseline_run_id}`);
  }
  if (input.baseline_run_id === input.candidate_run_id) reasons.push("a run cannot be approved over itself");
  if (reasons.length || !input.user) return { ok: false, reasons };
  const justification = input.justification?.trim() || null;
  const parsed = approvalRecordSchema.safeParse({
    baseline_run_id: input.baseline_run_id,
    candidate_run_id: input.candidate_run_id,
    report_kind: input.compare.kind,
    approved_by: { id: input.user.id, email: input.user.email },
    approved_at: input.at.toISOString(),
    compare: compareFigures(input.compare),
    warnings: input.compare.warnings ?? [],
    justification,
    reviews: check.state.items.flatMap((i) => (i.review ? [i.review] : [])),
  });
  if (!parsed.success) return { ok: false, reasons: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  return { ok: true, record: parsed.data };
}

export type ImmutableCheck = { ok: true } | { ok: false; error: string };

/**
 * Issue 5: an approved baseline cannot be edited. Any write over an existing approval record is refused; moving the
 * baseline means approving another candidate, which adds a record to the history instead of changing one.
 */
export function assertImmutable(existing: Pick<ApprovalRecord, "candidate_run_id" | "baseline_run_id" | "approved_at" | "approved_by"> | null): ImmutableCheck {
  if (!existing) return { ok: true };
  return {
    ok: false,
    error: `the approval of run ${existing.candidate_run_id} over run ${existing.baseline_run_id} (${existing.approved_by.email}, ${existing.approved_at}) is immutable: approve another candidate to move the baseline`,
  };
}
