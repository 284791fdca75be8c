import { z } from "zod";
import { COMPONENT_WEIGHTS, COMPONENTS, type Component } from "../pack/vocab";
import { END_MARKERS } from "./end-markers";
import { readReply } from "./read-reply";
import { fail, MAX_JSON_DEPTH, nestsDeeperThan, schemaFailure, type Parsed } from "./request-error";
import type { RewardInput, ScoredOutput } from "./score-outputs";

// NeMo Gym's resources-server contract (nemo_gym/base_resources_server.py): POST /verify takes a BaseVerifyRequest
// (responses_create_params, response: an OpenAI Responses object, plus the task's own fields) and answers the request
// echoed with `reward`; a multi-reward server adds `reward_components`, and NeMo-RL checks reward == their sum
// (nemo_rl/environments/nemo_gym.py, validate_reward_components_match_scalar).

const contentSchema = z.object({ type: z.string(), text: z.unknown().optional() }).passthrough();
const outputItemSchema = z.object({ type: z.string(), content: z.unknown().optional() }).passthrough();

/** The fields /verify reads; every other field of the request is echoed untouched. */
export const verifyRequestSchema = z
  .object({ decision_id: z.string().min(1), response: z.object({ output: z.array(outputItemSchema) }).passthrough() })
  .passthrough();

/**
 * The output text as the OpenAI SDK's `Response.output_text` reads it: every `output_text` part of every `message`
 * item, joined. Reasoning items are not part of it; their presence marks the output as thinking, as a leading
 * reasoning block in the text does (readReply).
 */
export function parseVerifyRequest(body: unknown, known: (id: string) => boolean, markers: readonly string[] = END_MARKERS): Parsed<{ input: RewardInput; body: Record<string, unknown> }> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return fail(400, "", "the body must be a JSON object (a NeMo Gym verify request)");
  // The answer echoes the request; a body nested past any real request's depth could not be echoed (JSON.stringify recurses).
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) return fail(400, "", `the body nests deeper than ${MAX_JSON_DEPTH} levels`);
  const parsed = verifyRequestSchema.safeParse(body);
  if (!parsed.success) return schemaFailure(parsed.error, null);
  const { decision_id, response } = parsed.data;
  if (!known(decision_id)) return fail(422, "decision_id", `unknown decision id '${decision_id}'`);
  const parts: string[] = [];
  let thinking = false;
  for (let i = 0; i < response.output.length; i++) {
    const item = response.output[i]!;
    if (item.type === "reasoning") thinking = true;
    if (item.type !== "message") continue;
    const content = z.array(contentSchema).safeParse(item.content);
    if (!content.success) return fail(400, `response.output[${i}].content`, "a message item's content must be an array of content parts");
    for (let k = 0; k < content.data.length; k++) {
      const part = content.data[k]!;
      if (part.type !== "output_text") continue;
      if (typeof part.text !== "string") return fail(400, `response.output[${i}].content[${k}].text`, "an output_text part carries its text as a string");
      parts.push(part.text);
    }
  }
  return { ok: true, value: { input: { decision_id, ...readReply(parts.join(""), thinking, markers) }, body: body as Record<string, unknown> } };
}

/**
 * The weighted components (weight × component, in the scorer's order) whose sum is the reward: the same additions as
 * weightedSum, so the sum equals the reward exactly. A zeroed decision (format-invalid or a hard violation) has all 0.
 */
export function rewardComponents(s: ScoredOutput): Record<Component, number> {
  const zeroed = s.score === 0;
  return Object.fromEntries(COMPONENTS.map((c) => [c, zeroed ? 0 : COMPONENT_WEIGHTS[c] * s.components[c]])) as Record<Component, number>;
}

export function verifyResponse(body: Record<string, unknown>, s: ScoredOutput): Record<string, unknown> {
  return { ...body, reward: s.score, reward_components: rewardComponents(s) };
}
