import type { DecisionPoint } from "../pack/decision-points";
import type { Pack } from "../schemas/pack";
import type { RunLine } from "../schemas/run-line";
import type { DetectorCode } from "../pack/vocab";
import type { DecisionResult } from "./report-schema";
import { checkFormat } from "./format-gate";
import { checkHardCriteria, type Detect } from "./hard-criteria";
import { scoreActionType, scoreDestination, scoreFlags, scorePolicyCitation, scorePriority, weightedSum, ZERO_COMPONENTS } from "./components";
import { scoreMustAsk } from "./must-ask";

/**
 * Scores one decision point through the three stages of seed 000. Advisory criteria (detector recall below the floor)
 * are still counted but do not zero `score`; `score_strict` treats every criterion as hard.
 */
export function scoreDecision(point: DecisionPoint, line: RunLine, pack: Pack, advisory: ReadonlySet<DetectorCode>, detect?: Detect): DecisionResult {
  const format = checkFormat(line.raw);
  if (!format.ok) {
    return result(point, line, { format_valid: false, format_error: format.error, output_type: null, hard_violations: [], hits: {}, detector_spans: [], components: { ...ZERO_COMPONENTS }, graded: 0, score: 0, score_strict: 0 });
  }
  const { output } = format;
  const t = point.target;
  const hard = checkHardCriteria(output, t, point.customer_message, detect);
  const components = {
    action_type: scoreActionType(output.action, t),
    destination: scoreDestination(output.action, t),
    priority: scorePriority(output.action, t),
    flags: scoreFlags(output.action, t),
    policy_citation: scorePolicyCitation(output.action, t, pack.policyIds),
    must_ask: scoreMustAsk(output.reply, t.must_ask, pack),
  };
  const graded = weightedSum(components);
  const blocking = hard.violations.some((c) => !advisory.has(c as DetectorCode));
  return result(point, line, {
    format_valid: true,
    format_error: null,
    output_type: output.action.type,
    hard_violations: hard.violations,
    hits: hard.hits,
    detector_spans: hard.spans,
    components,
    graded,
    score: blocking ? 0 : graded,
    score_strict: hard.violations.length > 0 ? 0 : graded,
  });
}

type Verdict = Pick<DecisionResult, "format_valid" | "format_error" | "output_type" | "hard_violations" | "hits" | "detector_spans" | "components" | "graded" | "score" | "score_strict">;

// One literal with every key, not a spread of a shared base: spreading cost more than all six components together.
function result(point: DecisionPoint, line: RunLine, v: Verdict): DecisionResult {
  return {
    decision_id: point.decision_id,
    episode_id: point.episode_id,
    split: point.split,
    family: point.family,
    difficulty: point.difficulty,
    thinking: line.thinking,
    sample: line.sample ?? 0,
    target_type: point.target.action_type,
    format_valid: v.format_valid,
    format_error: v.format_error,
    output_type: v.output_type,
    hard_violations: v.hard_violations,
    hits: v.hits,
    detector_spans: v.detector_spans,
    components: v.components,
    graded: v.graded,
    score: v.score,
    score_strict: v.score_strict,
  };
}
