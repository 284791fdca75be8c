import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { listApprovals, reviewsFor, type ComparisonPair } from "@/db/queries/baselines";
import { loadComparison, loadComparisonDetail } from "@/db/queries/compare";
import { ApprovalConflictError, refEntity, saveApproval, saveFlipReview } from "@/db/writes/baselines";
import { currentBaselineRef } from "@/lib/approval/history";
import { buildApprovalRecord } from "@/lib/approval/record";
import { approvalRuler, type ApprovalRuler } from "@/lib/approval/ruler";
import { rulerVerdict } from "@/lib/compare/headline";
import { reportKindOfRef, reportRefSchema } from "@/lib/approval/report-ref";
import { checkReviewSubmission } from "@/lib/approval/submit-review";
import type { CompareResult } from "@/lib/compare/compare";
import { authorize } from "../_lib/current-user";

// Shared by the server actions (the compare page) and POST /api/baselines: one path, so a forged request meets the same checks.

export type Outcome<T> = { status: 200; data: T; error: null } | { status: 400 | 401 | 403 | 404 | 409; data: null; error: string };
const refuse = (status: 400 | 401 | 403 | 404 | 409, error: string): Outcome<never> => ({ status, data: null, error });

const pairShape = { baselineRef: reportRefSchema, candidateRef: reportRefSchema };
const sameKind = (p: ComparisonPair) => reportKindOfRef(p.baselineRef) === reportKindOfRef(p.candidateRef);
const sameKindError = { message: "compare two runs or two judge reports, not one of each", path: ["candidateRef"] };

/** POST /api/baselines predates refs: a body with {baselineRunId, candidateRunId} and no refs still names two runs. */
function withRefs(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const o = input as Record<string, unknown>;
  if (o.baselineRef !== undefined || o.candidateRef !== undefined || (o.baselineRunId === undefined && o.candidateRunId === undefined)) return o;
  const asRef = (v: unknown) => ((typeof v === "number" || typeof v === "string") && /^[1-9]\d*$/.test(String(v)) ? `run:${v}` : v);
  return { ...o, baselineRef: asRef(o.baselineRunId), candidateRef: asRef(o.candidateRunId) };
}

const issues = (e: z.ZodError) => e.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");

/** The comparison is recomputed on the server: figures sent by a browser are never trusted. */
async function serverComparison(pair: ComparisonPair): Promise<CompareResult | string> {
  const data = await loadComparison(await getDb(), { baseline: pair.baselineRef, candidate: pair.candidateRef });
  if (!data.ok) return data.error;
  return data.outcome.ok ? data.outcome.result : data.outcome.error;
}

const reviewInput = z.object({ ...pairShape, caseKey: z.string().min(1).max(300), decision: z.enum(["accept", "reject"]), note: z.string().max(2000).default("") }).refine(sameKind, sameKindError);

export async function reviewFlip(input: unknown): Promise<Outcome<{ caseKey: string }>> {
  const parsed = reviewInput.safeParse(withRefs(input));
  if (!parsed.success) return refuse(400, issues(parsed.error));
  const v = parsed.data;
  const auth = await authorize("review_gate_flip", { action: "flip.review", entity: "comparison", entityId: `${v.baselineRef}→${v.candidateRef}` });
  if (!auth.ok) return refuse(auth.status, auth.error);
  const compare = await serverComparison(v);
  if (typeof compare === "string") return refuse(404, compare);
  const check = checkReviewSubmission({ user: auth.user, compare, review: { case_key: v.caseKey, decision: v.decision, note: v.note, reviewer: auth.user.email, at: new Date().toISOString() } });
  if (!check.ok) return refuse(check.status, check.error);
  await saveFlipReview(await getDb(), { baselineRef: v.baselineRef, candidateRef: v.candidateRef, review: check.review });
  revalidatePath("/compare");
  return { status: 200, data: { caseKey: v.caseKey }, error: null };
}

/** The comparison with its ruler (issue 26), recomputed on the server like the figures. */
async function serverComparisonWithRuler(pair: ComparisonPair): Promise<{ compare: CompareResult; ruler: ApprovalRuler } | string> {
  const data = await loadComparisonDetail(await getDb(), { baseline: pair.baselineRef, candidate: pair.candidateRef });
  if (!data.ok) return data.error;
  if (!data.outcome.ok) return data.outcome.error;
  const compare = data.outcome.result;
  return { compare, ruler: approvalRuler(rulerVerdict(data.baseline, data.candidate, compare, data.sameTargets)) };
}

/**
 * `seenApprovalId` (issue 29, item 4): the newest approval of the pair's kind when the lead's page was shown (null: none
 * yet), sent back by the form, so an approval written meanwhile by another lead makes this one a 409, not a second
 * approval. Optional for API callers that predate it: then the state is the one read here, just before the write.
 */
const approveInput = z
  .object({ ...pairShape, justification: z.string().max(5000).default(""), seenApprovalId: z.number().int().positive().nullable().optional() })
  .refine(sameKind, sameKindError);

export async function approveBaseline(input: unknown): Promise<Outcome<{ approvalId: number }>> {
  const parsed = approveInput.safeParse(withRefs(input));
  if (!parsed.success) return refuse(400, issues(parsed.error));
  const v = parsed.data;
  const auth = await authorize("approve_baseline", { action: "baseline.approve", ...refEntity(v.candidateRef) });
  if (!auth.ok) return refuse(auth.status, auth.error);
  const loaded = await serverComparisonWithRuler(v);
  if (typeof loaded === "string") return refuse(404, loaded);
  const { compare, ruler } = loaded;
  const db = await getDb();
  const approvals = await listApprovals(db);
  const history = approvals.map((a) => a.record);
  const latest = approvals.find((a) => a.reportKind === compare.kind) ?? null;
  const seenApprovalId = v.seenApprovalId !== undefined ? v.seenApprovalId : (latest?.id ?? null);
  const outcome = buildApprovalRecord({
    user: auth.user,
    compare,
    reviews: await reviewsFor(db, v),
    justification: v.justification,
    baseline_ref: v.baselineRef,
    candidate_ref: v.candidateRef,
    current_baseline_ref: currentBaselineRef(history, compare.kind),
    at: new Date(),
    ruler,
  });
  // The page's state is older than the history read here: say so first, rather than "compare against the current baseline".
  if (latest && latest.id !== seenApprovalId) return refuse(409, new ApprovalConflictError(latest).message);
  if (!outcome.ok) return refuse(409, outcome.reasons.join("; "));
  let approvalId: number;
  try {
    approvalId = await saveApproval(db, outcome.record, { approvalId: seenApprovalId });
  } catch (e) {
    if (e instanceof ApprovalConflictError) return refuse(409, e.message);
    throw e;
  }
  revalidatePath("/");
  revalidatePath("/compare");
  revalidatePath("/baselines");
  return { status: 200, data: { approvalId }, error: null };
}
