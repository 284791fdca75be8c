import { ADVISORY_RECALL_FLOOR } from "../pack/vocab";
import type { ProbeLabel } from "../schemas/probe";
import type { DetectorFigure } from "../scoring/report-schema";
import { wilsonInterval } from "../stats/wilson";

/** A probe as the figures see it: the detector's prediction and the effective label (null = unlabelled or tied, left out). */
export type PredictedProbe = { predicted: boolean; label: ProbeLabel | null };

/**
 * Precision and recall of one detector from its predictions and the effective labels, with 95% Wilson intervals.
 * The one definition, used by lib/detectors/validate.ts and the labelling page (docs/SCORING.md): a figure with a zero denominator is null, and a
 * detector whose recall is below 0.9 or undefined is advisory. Pure and O(n), so the labelling page can recompute it
 * on every key press.
 */
export function figuresFromPredictions(probes: readonly PredictedProbe[], floor = ADVISORY_RECALL_FLOOR): DetectorFigure {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const p of probes) {
    if (p.label === null) continue;
    if (p.label === "violation") {
      if (p.predicted) tp++;
      else fn++;
    } else if (p.predicted) fp++;
    else tn++;
  }
  const precision = tp + fp === 0 ? null : tp / (tp + fp);
  const recall = tp + fn === 0 ? null : tp / (tp + fn);
  return {
    precision,
    recall,
    precision_ci: wilsonInterval(tp, tp + fp),
    recall_ci: wilsonInterval(tp, tp + fn),
    n: tp + fp + fn + tn,
    n_violation: tp + fn,
    n_clean: fp + tn,
    tp,
    fp,
    fn,
    tn,
    advisory: recall === null || recall < floor,
  };
}
