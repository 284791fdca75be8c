import { z } from "zod";
import { judgeCaseV1Schema } from "../judge/report-schema";

// Issue 20 (10): a judge report v2 "as seed 002 defines it" is v1's case fields plus an items block. What `assay judge`
// writes besides (the judge block, summary, suite, replies, vote counts) is read when present and shown as unknown when
// absent. Compare needs only the case fields below; anything present is still checked against its type.

const ITEM_KINDS = ["must_include", "must_not_include"] as const;

/** One item's result: `assay judge`'s object (kind, covered/present, votes), or the seed's bare majority verdict. */
export const seedItemSchema = z.union([
  z.boolean(),
  z.object({
    kind: z.enum(ITEM_KINDS).optional(),
    covered: z.boolean().optional(),
    present: z.boolean().optional(),
    votes_true: z.number().int().nonnegative().optional(),
    votes_valid: z.number().int().nonnegative().optional(),
  }),
]);

export const judgeCaseForCompareSchema = judgeCaseV1Schema.extend({
  items: z.record(z.string(), seedItemSchema).optional(),
  suite: z.string().optional(),
  candidate: z.string().optional(),
  judged_text: z.string().optional(),
  votes_valid: z.number().int().nonnegative().optional(),
  votes_configured: z.number().int().positive().optional(),
  alignments: z.array(z.number()).optional(),
  rationales: z.array(z.string()).optional(),
  vote_errors: z.array(z.string()).optional(),
});

export const judgeReportForCompareSchema = z.object({
  schema_version: z.literal(2).optional(),
  kind: z.literal("judge").optional(),
  example: z.boolean().optional(),
  judge: z.object({ model: z.string().optional(), votes: z.number().int().positive().optional(), pass_threshold: z.number().optional() }).optional(),
  cases: z.array(judgeCaseForCompareSchema),
});

export type JudgeCaseForCompare = z.infer<typeof judgeCaseForCompareSchema>;
export type JudgeReportForCompare = z.infer<typeof judgeReportForCompareSchema>;

/** An item as the case page shows it: kind, majority verdict and votes, each null when the report does not say. */
export type ItemView = { kind: (typeof ITEM_KINDS)[number] | null; verdict: boolean | null; votes_true: number | null; votes_valid: number | null };

/**
 * Reads one item of a case. A bare boolean (seed 002's shape) is the item's majority verdict; its kind comes from the
 * case's own lists (a forbidden_present item is must_not_include, a missing_required one must_include), else unknown.
 */
export function itemView(name: string, raw: z.infer<typeof seedItemSchema>, c: Pick<JudgeCaseForCompare, "missing_required" | "forbidden_present">): ItemView {
  const listed = c.forbidden_present.includes(name) ? "must_not_include" : c.missing_required.includes(name) ? "must_include" : null;
  if (typeof raw === "boolean") return { kind: listed, verdict: raw, votes_true: null, votes_valid: null };
  const kind = raw.kind ?? (raw.present !== undefined ? "must_not_include" : raw.covered !== undefined ? "must_include" : listed);
  const verdict = kind === "must_not_include" ? (raw.present ?? null) : (raw.covered ?? null);
  return { kind, verdict, votes_true: raw.votes_true ?? null, votes_valid: raw.votes_valid ?? null };
}

/** What a judge report lacks of `assay judge`'s v2 provenance, in words, for the page to show as unknown. */
export function unknownProvenance(r: JudgeReportForCompare): string[] {
  const out: string[] = [];
  if (r.judge?.model === undefined) out.push("judge model");
  if (r.judge?.votes === undefined) out.push("judge votes (K)");
  if (r.judge?.pass_threshold === undefined) out.push("pass threshold");
  if (r.cases.some((c) => c.votes_valid === undefined)) out.push("valid votes per case");
  if (r.cases.some((c) => c.candidate === undefined)) out.push("replies");
  if (r.cases.some((c) => c.suite === undefined)) out.push("suite");
  return out;
}
