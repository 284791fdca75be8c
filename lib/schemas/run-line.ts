import { z } from "zod";

/** One line of a run file (JSONL). raw is untrusted model text: anything may be in it, and the format gate judges it. */
export const runLineSchema = z
  .object({
    decision_id: z.string().min(1),
    raw: z.string(),
    thinking: z.boolean(),
    model: z.string().optional(),
    sample: z.number().int().nonnegative().optional(),
  })
  .strict();

export type RunLine = z.infer<typeof runLineSchema>;
