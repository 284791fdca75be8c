import "server-only";
import { z } from "zod";
import { getDb } from "@/db/index";
import { loadComparison } from "@/db/queries/compare";
import { saveFlipReview } from "@/db/writes/baselines";
import { reportKindOfRef, reportRefSchema } from "@/lib/approval/report-ref";
import type { FlipReview } from "@/lib/approval/review";
import { checkReviewSubmission } from "@/lib/approval/submit-review";
import { authorize } from "../_lib/current-user";
import type { Outcome } from "./approve";

/** Issue 26, item 9: one decision and one note for many flips; every case is still its own review and audit row. */
const bulkInput = z
  .object({
    baselineRef: reportRefSchema,
    candidateRef: reportRefSchema,
    caseKeys: z
      .array(z.string().min(1).max(300))
      .min(1, "caseKeys: choose at least one case")
      .max(5000)
      .refine((k) => new Set(k).size === k.length, "caseKeys: a case is named twice"),
    decision: z.enum(["accept", "reject"]),
    note: z.string().max(2000).default(""),
  })
  .refine((p) => reportKindOfRef(p.baselineRef) === reportKindOfRef(p.candidateRef), { message: "compare two runs or two judge reports, not one of each", path: ["candidateRef"] });

export async function reviewFlips(input: unknown): Promise<Outcome<{ caseKeys: string[] }>> {
  const parsed = bulkInput.safeParse(input);
  if (!parsed.success) return { status: 400, data: null, error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const v = parsed.data;
  const auth = await authorize("review_gate_flip", { action: "flip.review", entity: "comparison", entityId: `${v.baselineRef}→${v.candidateRef}` });
  if (!auth.ok) return { status: auth.status, data: null, error: auth.error };
  // The comparison is recomputed on the server, once: figures sent by a browser are never trusted.
  const db = await getDb();
  const data = await loadComparison(db, { baseline: v.baselineRef, candidate: v.candidateRef });
  const compare = !data.ok ? data.error : data.outcome.ok ? data.outcome.result : data.outcome.error;
  if (typeof compare === "string") return { status: 404, data: null, error: compare };
  const at = new Date().toISOString();
  // Every case is checked before any is saved, so a bad one leaves no half-done batch.
  const reviews: FlipReview[] = [];
  for (const key of v.caseKeys) {
    const check = checkReviewSubmission({ user: auth.user, compare, review: { case_key: key, decision: v.decision, note: v.note, reviewer: auth.user.email, at } });
    if (!check.ok) return { status: check.status, data: null, error: `${key}: ${check.error}` };
    reviews.push(check.review);
  }
  for (const review of reviews) await saveFlipReview(db, { baselineRef: v.baselineRef, candidateRef: v.candidateRef, review });
  return { status: 200, data: { caseKeys: v.caseKeys }, error: null };
}
