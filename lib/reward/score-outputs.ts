import type { DecisionPoint } from "../pack/decision-points";
import type { DetectorCode } from "../pack/vocab";
import type { Pack } from "../schemas/pack";
import type { DecisionResult } from "../scoring/report-schema";
import { ZERO_COMPONENTS } from "../scoring/components";
import { scoreDecision } from "../scoring/score-decision";

/** What scoring one output needs: the decision points by id, the pack and the run's advisory criteria. */
export type RewardContext = { points: ReadonlyMap<string, DecisionPoint>; pack: Pack; advisory: ReadonlySet<DetectorCode> };

/** One model output to score: a run line's decision_id, raw and thinking (raw is untrusted; the format gate judges it). */
export type RewardInput = { decision_id: string; raw: string; thinking?: boolean };

/** The parts of a DecisionResult every reward contract reads. */
export type ScoredOutput = Pick<DecisionResult, "decision_id" | "score" | "graded" | "format_valid" | "format_error" | "hard_violations" | "components">;

/**
 * The longest reply (after end markers and reasoning are taken off) the reward server scores, in UTF-16 code units:
 * about 8,000 tokens of English. The detectors' time grows faster than the reply's length (docs/REWARD.md §4), so a
 * longer reply is format-invalid, decided before any detector runs: one request cannot hold a scoring thread for
 * seconds, and a policy learns nothing from padding a reply.
 */
export const MAX_REPLY_CHARS = 32_768;

/**
 * Scores one output with scoreDecision, the function `assay score` calls for each run line, so a reward is the
 * decision's `score` in `assay score --json` to the last bit, for any reply up to MAX_REPLY_CHARS. The caller has
 * checked the decision id (null if unknown).
 */
export function scoreOutput(ctx: RewardContext, input: RewardInput): ScoredOutput | null {
  const point = ctx.points.get(input.decision_id);
  if (!point) return null;
  if (input.raw.length > MAX_REPLY_CHARS) {
    const format_error = `the reply is ${input.raw.length} characters, over the reward server's limit of ${MAX_REPLY_CHARS}`;
    return { decision_id: input.decision_id, score: 0, graded: 0, format_valid: false, format_error, hard_violations: [], components: { ...ZERO_COMPONENTS } };
  }
  const d = scoreDecision(point, { decision_id: input.decision_id, raw: input.raw, thinking: input.thinking ?? false }, ctx.pack, ctx.advisory);
  return { decision_id: d.decision_id, score: d.score, graded: d.graded, format_valid: d.format_valid, format_error: d.format_error, hard_violations: d.hard_violations, components: d.components };
}
