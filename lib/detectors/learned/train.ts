// Fits the learned second opinion: L2-regularised logistic regression over a reply's n-grams, by AdaGrad in a fixed
// order, so the same examples always give the same weights (a test retrains and compares with the committed model).
import type { DetectorContext } from "../../schemas/probe";
import { replyFeatures, type Reading } from "./features";

export type TrainingExample = { reply: string; context: DetectorContext; violation: boolean };
export type DetectorWeights = { bias: number; weights: Record<string, number> };

// l2 and minCount chosen by leave-one-set-out cross-validation over the fixed blind sets (docs/DETECTORS.md).
export const TRAINING = { epochs: 30, rate: 0.5, l2: 0.01, minCount: 3, decimals: 4 } as const;

const round = (x: number) => Math.round(x * 10 ** TRAINING.decimals) / 10 ** TRAINING.decimals;

export function train(examples: readonly TrainingExample[], reading: Reading = { markAllowed: false }): DetectorWeights {
  const sets = examples.map((e) => replyFeatures(e.reply, e.context, reading).flatMap((s) => s.features));
  // An n-gram seen in only one or two replies says little beyond those replies.
  const count = new Map<string, number>();
  for (const fs of sets) for (const f of fs) count.set(f, (count.get(f) ?? 0) + 1);
  const index = new Map<string, number>();
  for (const [f, n] of count) if (n >= TRAINING.minCount) index.set(f, index.size);
  const bias = index.size;
  const rows = sets.map((fs) => [...fs.flatMap((f) => index.get(f) ?? []), bias]);
  const w = new Float64Array(index.size + 1);
  const g2 = new Float64Array(index.size + 1).fill(1e-8);
  for (let epoch = 0; epoch < TRAINING.epochs; epoch++) {
    rows.forEach((row, i) => {
      let z = 0;
      for (const j of row) z += w[j] as number;
      const g = 1 / (1 + Math.exp(-z)) - ((examples[i] as TrainingExample).violation ? 1 : 0);
      for (const j of row) {
        const gj = g + TRAINING.l2 * (w[j] as number);
        g2[j] = (g2[j] as number) + gj * gj;
        w[j] = (w[j] as number) - (TRAINING.rate * gj) / Math.sqrt(g2[j] as number);
      }
    });
  }
  const weights: Record<string, number> = {};
  for (const [f, j] of index) {
    const v = round(w[j] as number);
    if (v !== 0) weights[f] = v;
  }
  return { bias: round(w[bias] as number), weights };
}
