import { z } from "zod";
import { HARD_CODE_NAMES, HARD_CODES } from "../pack/vocab";
import { checkBatchSize, fail, schemaFailure, type Parsed } from "./request-error";
import type { RewardInput, ScoredOutput } from "./score-outputs";

// OpenRLHF's remote reward contract (openrlhf/utils/agent.py, SingleTurnAgentExecutor._fetch_rewards_via_http, and
// openrlhf/cli/serve_rm.py at v0.11.0): it POSTs {query, prompts, labels}, one list entry per sample, where query is the
// prompt and the response decoded together with skip_special_tokens=False, and reads rewards, scores and extra_logs.

/** Extra keys a future OpenRLHF may send are ignored; the three lists must be there and line up. */
export const openRlhfRequestSchema = z.object({ query: z.array(z.string()), prompts: z.array(z.string()), labels: z.array(z.string()) });

/**
 * End-of-sequence markers a decoded query may end with (OpenRLHF decodes with skip_special_tokens=False, so the EOS
 * token the policy stopped on is text at the end of the query). They are the trainer's framing, not the model's answer.
 */
export const END_OF_SEQUENCE_MARKERS = ["<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|end_of_text|>", "<|end|>", "<end_of_turn>", "<eos>", "</s>"] as const;

/** The response: the query after its prompt, without the end-of-sequence markers (and whitespace after them) it ends with. */
export function responseOf(query: string, prompt: string): string {
  let s = query.slice(prompt.length);
  for (;;) {
    const t = s.trimEnd();
    const marker = END_OF_SEQUENCE_MARKERS.find((m) => t.endsWith(m));
    if (!marker) return s;
    s = t.slice(0, t.length - marker.length);
  }
}

/** Reads a `/get_reward` body: labels[i] is the decision id; query[i] must begin with prompts[i] (422 otherwise). */
export function parseOpenRlhfRequest(body: unknown, known: (id: string) => boolean): Parsed<RewardInput[]> {
  const query = (body as { query?: unknown } | null)?.query;
  if (Array.isArray(query)) {
    const tooMany = checkBatchSize(query.length, "query");
    if (tooMany) return tooMany;
  }
  const parsed = openRlhfRequestSchema.safeParse(body);
  if (!parsed.success) return schemaFailure(parsed.error, null);
  const { query: q, prompts, labels } = parsed.data;
  if (prompts.length !== q.length) return fail(400, "prompts", `has ${prompts.length} entries, query has ${q.length}`);
  if (labels.length !== q.length) return fail(400, "labels", `has ${labels.length} entries, query has ${q.length}`);
  const out: RewardInput[] = new Array(q.length);
  for (let i = 0; i < q.length; i++) {
    if (!known(labels[i]!)) return fail(422, `labels[${i}]`, `unknown decision id '${labels[i]}' (labels carry the decision id)`, i);
    if (!q[i]!.startsWith(prompts[i]!)) return fail(422, `query[${i}]`, "does not begin with prompts[i], so the response cannot be separated from the prompt", i);
    out[i] = { decision_id: labels[i]!, raw: responseOf(q[i]!, prompts[i]!), thinking: false };
  }
  return { ok: true, value: out };
}

export type OpenRlhfResponse = { rewards: number[]; scores: number[]; extra_logs: Record<string, number[]> };

/**
 * The response OpenRLHF reads: rewards (the decision scores) and scores (the same: already in [0, 1], which dynamic
 * filtering expects), and extra_logs with numeric lists only (the trainer turns each entry into a tensor).
 */
export function openRlhfResponse(scored: readonly ScoredOutput[]): OpenRlhfResponse {
  const rewards = scored.map((s) => s.score);
  const extra_logs: Record<string, number[]> = { format_valid: scored.map((s) => (s.format_valid ? 1 : 0)) };
  for (const code of HARD_CODES) extra_logs[HARD_CODE_NAMES[code]] = scored.map((s) => (s.hard_violations.includes(code) ? 1 : 0));
  return { rewards, scores: rewards.slice(), extra_logs };
}
