import { z } from "zod";
import { HARD_CODE_NAMES, HARD_CODES } from "../pack/vocab";
import { END_MARKERS } from "./end-markers";
import { findPromptEnd } from "./prompt-end";
import type { PromptIndex } from "./prompt-index";
import { readReply } from "./read-reply";
import { checkBatchSize, fail, schemaFailure, type Parsed } from "./request-error";
import type { RewardInput, ScoredOutput } from "./score-outputs";

// OpenRLHF's remote reward contract (openrlhf/utils/agent.py, SingleTurnAgentExecutor._fetch_rewards_via_http, and
// openrlhf/cli/serve_rm.py at v0.11.0): it POSTs {query, prompts, labels}, one list entry per sample, where query is the
// prompt and the response decoded together with skip_special_tokens=False, and reads rewards, scores and extra_logs.

/** Extra keys a future OpenRLHF may send are ignored; the three lists must be there and line up. */
export const openRlhfRequestSchema = z.object({ query: z.array(z.string()), prompts: z.array(z.string()), labels: z.array(z.string().nullable()) });

/** What reading a /get_reward body needs: the prompt index (decision from label and prompt) and the end markers. */
export type OpenRlhfContext = { prompts: PromptIndex; markers?: readonly string[] };

/**
 * The response: the query after where its prompt ends (found through any common tokenizer's decode), without the end
 * markers it ends with and without a leading reasoning block (thinking). Null when the query does not hold the prompt.
 */
export function responseOf(query: string, prompt: string, markers: readonly string[] = END_MARKERS): { raw: string; thinking: boolean } | null {
  const end = findPromptEnd(query, prompt);
  return end === null ? null : readReply(query.slice(end), false, markers);
}

/**
 * Reads a `/get_reward` body. The decision is labels[i] when that is a decision id whose prompt prompts[i] is, else the
 * one decision prompts[i] is the prompt of; a disagreement, an empty prompt, or a query that does not hold its prompt
 * is a 422 naming the sample. An error about one sample carries its index; one about a whole list names the first
 * sample it leaves without a value.
 */
export function parseOpenRlhfRequest(body: unknown, ctx: OpenRlhfContext): Parsed<RewardInput[]> {
  const query = (body as { query?: unknown } | null)?.query;
  const n = Array.isArray(query) ? query.length : 0;
  if (Array.isArray(query)) {
    const tooMany = checkBatchSize(query.length, "query");
    if (tooMany) return tooMany;
  }
  const parsed = openRlhfRequestSchema.safeParse(body);
  if (!parsed.success) {
    const failure = schemaFailure(parsed.error, null);
    const path = parsed.error.issues[0]!.path;
    const index = typeof path[1] === "number" ? path[1] : n > 0 ? 0 : null;
    return { ok: false, error: { ...failure.error, index } };
  }
  const { query: q, prompts, labels } = parsed.data;
  if (prompts.length !== q.length) return fail(400, "prompts", `has ${prompts.length} entries, query has ${q.length}`, Math.min(prompts.length, q.length));
  if (labels.length !== q.length) return fail(400, "labels", `has ${labels.length} entries, query has ${q.length}`, Math.min(labels.length, q.length));
  const out: RewardInput[] = new Array(q.length);
  for (let i = 0; i < q.length; i++) {
    if (prompts[i] === "") return fail(422, `prompts[${i}]`, "is empty: the prompt says which decision the sample answers and where its response begins", i);
    const d = ctx.prompts.decide(prompts[i]!, labels[i] ?? "");
    if (!d.ok) return fail(422, `labels[${i}]`, d.message.replaceAll("[i]", `[${i}]`), i);
    const r = responseOf(q[i]!, prompts[i]!, ctx.markers);
    if (r === null) return fail(422, `query[${i}]`, "does not hold prompts[i] (compared ignoring whitespace and a BOS), so the response cannot be separated from the prompt", i);
    out[i] = { decision_id: d.decision_id, raw: r.raw, thinking: r.thinking };
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
