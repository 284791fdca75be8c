import type { DecisionPoint } from "../pack/decision-points";
import type { DetectorCode } from "../pack/vocab";
import type { Pack } from "../schemas/pack";
import type { DecisionResult } from "../scoring/report-schema";
import { scoreDecision } from "../scoring/score-decision";

/** What scoring one output needs: the decision points by id, the pack and the run's advisory criteria. */
export type RewardContext = { points: ReadonlyMap<string, DecisionPoint>; pack: Pack; advisory: ReadonlySet<DetectorCode> };

/** One model output to score: a run line's decision_id, raw and thinking (raw is untrusted; the format gate judges it). */
export type RewardInput = { decision_id: string; raw: string; thinking?: boolean };

/** The parts of a DecisionResult every reward contract reads. */
export type ScoredOutput = Pick<DecisionResult, "decision_id" | "score" | "graded" | "format_valid" | "format_error" | "hard_violations" | "components">;

/**
 * Scores one output with scoreDecision, the function `assay score` calls for each run line, so a reward is the
 * decision's `score` in `assay score --json` to the last bit. The caller has checked the decision id (null if unknown).
 */
export function scoreOutput(ctx: RewardContext, input: RewardInput): ScoredOutput | null {
  const point = ctx.points.get(input.decision_id);
  if (!point) return null;
  const d = scoreDecision(point, { decision_id: input.decision_id, raw: input.raw, thinking: input.thinking ?? false }, ctx.pack, ctx.advisory);
  return { decision_id: d.decision_id, score: d.score, graded: d.graded, format_valid: d.format_valid, format_error: d.format_error, hard_violations: d.hard_violations, components: d.components };
}
