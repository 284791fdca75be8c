import { z } from "zod";

// Judge reports are a contract other tools read (SPEC §3). v1 is historical and read-only; v2 is a superset.

export const judgeCaseV1Schema = z.object({
  role: z.string(),
  id: z.string(),
  correctness: z.number().nullable(),
  verdict: z.enum(["pass", "fail"]),
  missing_required: z.array(z.string()),
  forbidden_present: z.array(z.string()),
  error: z.string().nullable(),
});

export const judgeReportV1Schema = z.object({
  schema_version: z.literal(1),
  cases: z.array(judgeCaseV1Schema),
});

export const itemResultSchema = z.object({
  kind: z.enum(["must_include", "must_not_include"]),
  covered: z.boolean().optional(),
  present: z.boolean().optional(),
  votes_true: z.number().int().nonnegative(),
  votes_valid: z.number().int().nonnegative(),
});

export const judgeCaseV2Schema = judgeCaseV1Schema.extend({
  suite: z.string(),
  candidate: z.string(),
  judged_text: z.string(),
  items: z.record(z.string(), itemResultSchema),
  votes_valid: z.number().int().nonnegative(),
  votes_configured: z.number().int().positive(),
  alignments: z.array(z.number()).default([]),
  rationales: z.array(z.string()).default([]),
  // Optional additions (judge engineer): whether envelope extraction applied, and why each dropped vote failed.
  enveloped: z.boolean().optional(),
  vote_errors: z.array(z.string()).optional(),
});

export const judgeReportV2Schema = z.object({
  schema_version: z.literal(2),
  kind: z.literal("judge").default("judge"),
  example: z.boolean().default(false),
  created_at: z.string().optional(),
  // temperature: optional addition (judge engineer), provenance of the sampling setting.
  judge: z.object({ model: z.string(), votes: z.number().int().positive(), pass_threshold: z.number(), temperature: z.number().optional() }),
  summary: z.object({
    mean_correctness: z.number().nullable(),
    pass_rate: z.number().nullable(),
    errors: z.number().int().nonnegative(),
    n_cases: z.number().int().nonnegative(),
  }),
  // Optional addition: suite cases (`role/id`) in the run's selection that had no candidate line, so were not judged.
  missing_candidates: z.array(z.string()).optional(),
  cases: z.array(judgeCaseV2Schema),
});

export type JudgeCaseV1 = z.infer<typeof judgeCaseV1Schema>;
export type JudgeReportV1 = z.infer<typeof judgeReportV1Schema>;
export type JudgeCaseV2 = z.infer<typeof judgeCaseV2Schema>;
export type JudgeReportV2 = z.infer<typeof judgeReportV2Schema>;
export type ItemResult = z.infer<typeof itemResultSchema>;
