import { z } from "zod";
import { HARD_CODES, type DetectorCode } from "../pack/vocab";
import { END_MARKERS } from "./end-markers";
import { readReply } from "./read-reply";
import { checkBatchSize, fail, schemaFailure, type Parsed } from "./request-error";
import type { RewardInput, ScoredOutput } from "./score-outputs";

/** One output in `POST /v1/score`: a run line's fields (model and sample are accepted so a run line can be sent as it is). */
export const scoreOutputSchema = z
  .object({ decision_id: z.string().min(1), raw: z.string(), thinking: z.boolean().optional(), model: z.string().optional(), sample: z.number().int().nonnegative().optional() })
  .strict();

export const scoreRequestSchema = z.object({ outputs: z.array(scoreOutputSchema) }).strict();

/** One result of `POST /v1/score`, in request order. `advisory` lists the criteria that fired but did not zero the reward. */
export type NativeResult = {
  decision_id: string;
  reward: number;
  format_valid: boolean;
  format_error: string | null;
  hard_violations: Array<(typeof HARD_CODES)[number]>;
  components: ScoredOutput["components"];
  advisory: DetectorCode[];
};

/**
 * Reads a `/v1/score` body: every output's decision id must name a decision point (422 otherwise, with its index).
 * Each raw is read as every route reads a reply (readReply: end markers and a leading reasoning block off).
 */
export function parseScoreRequest(body: unknown, known: (id: string) => boolean, markers: readonly string[] = END_MARKERS): Parsed<RewardInput[]> {
  const outputs = (body as { outputs?: unknown } | null)?.outputs;
  if (Array.isArray(outputs)) {
    const tooMany = checkBatchSize(outputs.length, "outputs");
    if (tooMany) return tooMany;
  }
  const parsed = scoreRequestSchema.safeParse(body);
  if (!parsed.success) return schemaFailure(parsed.error, "outputs");
  const items = parsed.data.outputs;
  for (let i = 0; i < items.length; i++) {
    if (!known(items[i]!.decision_id)) return fail(422, `outputs[${i}].decision_id`, `unknown decision id '${items[i]!.decision_id}'`, i);
  }
  return { ok: true, value: items.map((o) => ({ decision_id: o.decision_id, ...readReply(o.raw, o.thinking ?? false, markers) })) };
}

export function nativeResult(s: ScoredOutput, advisory: ReadonlySet<DetectorCode>): NativeResult {
  return {
    decision_id: s.decision_id,
    reward: s.score,
    format_valid: s.format_valid,
    format_error: s.format_error,
    hard_violations: s.hard_violations,
    components: s.components,
    advisory: s.hard_violations.filter((c): c is DetectorCode => advisory.has(c as DetectorCode)),
  };
}
