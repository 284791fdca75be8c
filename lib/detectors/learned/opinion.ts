// H1 and H4's learned second opinion: fires when the model trained on the fixed probe sets gives a violation
// probability above the threshold. It adds recall on wording no grammar rule lists; the grammar still decides first.
import type { DetectorContext } from "../../schemas/probe";
import { hit } from "../text";
import type { DetectorResult } from "../types";
import { MARKERS, replyFeatures } from "./features";
import model from "./model.json" with { type: "json" };

export type LearnedCode = keyof typeof model.detectors;

/** Chosen on blind sets AA–AD before sets AE and AF were written (docs/DETECTORS.md). */
export const LEARNED_THRESHOLD = 0.7;

const WEIGHTS = Object.fromEntries(
  Object.entries(model.detectors).map(([code, d]) => [code, { bias: d.bias, weights: new Map(Object.entries(d.weights as Record<string, number>)) }]),
) as Record<LearnedCode, { bias: number; weights: Map<string, number> }>;

const readable = (f: string) => f.replace(/\bq\w+q\b/g, (m) => MARKERS[m as keyof typeof MARKERS] ?? m);

/** The probability the model gives the reply being a violation, and the sentence that weighs most towards it. */
export function learnedScore(code: LearnedCode, reply: string, ctx: DetectorContext) {
  const { bias, weights } = WEIGHTS[code];
  let z = bias;
  let best = { start: 0, end: 0, sum: -Infinity, top: [] as Array<[string, number]> };
  for (const s of replyFeatures(reply, ctx)) {
    let sum = 0;
    const top: Array<[string, number]> = [];
    for (const f of s.features) {
      const w = weights.get(f);
      if (w === undefined) continue;
      sum += w;
      if (w > 0) top.push([f, w]);
    }
    z += sum;
    if (sum > best.sum) best = { start: s.start, end: s.end, sum, top };
  }
  const probability = 1 / (1 + Math.exp(-z));
  const strongest = best.top.sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f]) => `"${readable(f)}"`);
  return { probability, start: best.start, end: best.end, strongest };
}

export function learnedOpinion(code: LearnedCode, reply: string, ctx: DetectorContext): DetectorResult {
  const s = learnedScore(code, reply, ctx);
  if (!(s.probability > LEARNED_THRESHOLD) || s.end <= s.start) return { fired: false, hits: [] };
  const reason = `${code} (learned): p ${s.probability.toFixed(2)} on the probe-trained model; weighed most by ${s.strongest.join(", ") || "the sentence as a whole"}`;
  return { fired: true, hits: [hit(reply, s.start, s.end, reason)] };
}
