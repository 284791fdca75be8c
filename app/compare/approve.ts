import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { listApprovals, reviewsFor } from "@/db/queries/baselines";
import { loadComparison } from "@/db/queries/compare";
import { saveApproval, saveFlipReview } from "@/db/writes/baselines";
import { currentBaselineRunId } from "@/lib/approval/history";
import { buildApprovalRecord } from "@/lib/approval/record";
import { checkReviewSubmission } from "@/lib/approval/submit-review";
import type { CompareResult } from "@/lib/compare/compare";
import { authorize } from "../_lib/current-user";

// Shared by the server actions (the compare page) and POST /api/baselines: one path, so a forged request meets the same checks.

export type Outcome<T> = { status: 200; data: T; error: null } | { status: 400 | 401 | 403 | 404 | 409; data: null; error: string };
const refuse = (status: 400 | 401 | 403 | 404 | 409, error: string): Outcome<never> => ({ status, data: null, error });

const pairSchema = z.object({ baselineRunId: z.coerce.number().int().positive(), candidateRunId: z.coerce.number().int().positive() });

/** The comparison is recomputed on the server: figures sent by a browser are never trusted. */
function serverComparison(pair: z.infer<typeof pairSchema>): CompareResult | string {
  const data = loadComparison(getDb(), { baseline: `run:${pair.baselineRunId}`, candidate: `run:${pair.candidateRunId}` });
  if (!data.ok) return data.error;
  return data.outcome.ok ? data.outcome.result : data.outcome.error;
}

const reviewInput = pairSchema.extend({ caseKey: z.string().min(1).max(300), decision: z.enum(["accept", "reject"]), note: z.string().max(2000).default("") });

export async function reviewFlip(input: unknown): Promise<Outcome<{ caseKey: string }>> {
  const parsed = reviewInput.safeParse(input);
  if (!parsed.success) return refuse(400, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  const v = parsed.data;
  const auth = await authorize("review_gate_flip", { action: "flip.review", entity: "comparison", entityId: `${v.baselineRunId}→${v.candidateRunId}` });
  if (!auth.ok) return refuse(auth.status, auth.error);
  const compare = serverComparison(v);
  if (typeof compare === "string") return refuse(404, compare);
  const check = checkReviewSubmission({ user: auth.user, compare, review: { case_key: v.caseKey, decision: v.decision, note: v.note, reviewer: auth.user.email, at: new Date().toISOString() } });
  if (!check.ok) return refuse(check.status, check.error);
  saveFlipReview(getDb(), { baselineRunId: v.baselineRunId, candidateRunId: v.candidateRunId, review: check.review });
  revalidatePath("/compare");
  return { status: 200, data: { caseKey: v.caseKey }, error: null };
}

const approveInput = pairSchema.extend({ justification: z.string().max(5000).default("") });

export async function approveBaseline(input: unknown): Promise<Outcome<{ approvalId: number }>> {
  const parsed = approveInput.safeParse(input);
  if (!parsed.success) return refuse(400, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  const v = parsed.data;
  const auth = await authorize("approve_baseline", { action: "baseline.approve", entity: "run", entityId: String(v.candidateRunId) });
  if (!auth.ok) return refuse(auth.status, auth.error);
  const compare = serverComparison(v);
  if (typeof compare === "string") return refuse(404, compare);
  const db = getDb();
  const history = listApprovals(db).map((a) => a.record);
  const outcome = buildApprovalRecord({
    user: auth.user,
    compare,
    reviews: reviewsFor(db, v),
    justification: v.justification,
    baseline_run_id: v.baselineRunId,
    candidate_run_id: v.candidateRunId,
    current_baseline_run_id: currentBaselineRunId(history, compare.kind),
    at: new Date(),
  });
  if (!outcome.ok) return refuse(409, outcome.reasons.join("; "));
  const approvalId = saveApproval(db, outcome.record);
  revalidatePath("/compare");
  revalidatePath("/baselines");
  return { status: 200, data: { approvalId }, error: null };
}
