// What the learned second opinion is trained on: every probe of the fixed sets (never an unfixed set: those measure it)
// and every decision point's reference reply as a clean example of how a compliant agent writes: the golden set holds
// that a reference reply never trips a hard criterion, and the model learns that register from them.
import { detectorContext, type DecisionPoint } from "../../pack/decision-points";
import { isUnfixed, probeSetOf } from "../../probes/probe-sets";
import type { Probe } from "../../schemas/probe";
import { READINGS } from "./readings";
import { train, type DetectorWeights, type TrainingExample } from "./train";

type LearnedCode = keyof typeof READINGS;
const LEARNED_CODES = Object.keys(READINGS) as LearnedCode[];
export type LearnedModelFile = { detectors: Record<LearnedCode, DetectorWeights> };

export function trainingExamples(code: LearnedCode, probes: readonly Probe[], points: readonly DecisionPoint[]): TrainingExample[] {
  const fromProbes = probes.filter((p) => p.detector === code && !isUnfixed(probeSetOf(p.id))).map((p) => ({ reply: p.reply, context: p.context, violation: p.label === "violation" }));
  const references = points
    .filter((d) => code !== "H1" || !d.target.may_disclose_account_details)
    .map((d) => ({ reply: d.reference_reply, context: detectorContext(d.target, d.customer_message), violation: false }));
  return [...fromProbes, ...references];
}

export function trainModel(probes: readonly Probe[], points: readonly DecisionPoint[]): LearnedModelFile {
  return { detectors: Object.fromEntries(LEARNED_CODES.map((c) => [c, train(trainingExamples(c, probes, points), READINGS[c])])) as LearnedModelFile["detectors"] };
}
