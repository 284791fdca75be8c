import { ADVISORY_RECALL_FLOOR } from "../pack/vocab";
import type { ProbeLabel } from "../schemas/probe";
import type { DetectorFigure, PairFigure } from "../scoring/report-schema";
import { wilsonInterval } from "../stats/wilson";

/**
 * A probe as the figures see it: the detector's prediction and the effective label (null = unlabelled or tied, left
 * out), and its matched pair if it has one (null and absent both mean unpaired).
 */
export type PredictedProbe = { predicted: boolean; label: ProbeLabel | null; pair_id?: string | null };

/**
 * Matched pairs (seed 000: "a detector that cannot separate the pair is not fit to gate a hard criterion"). A pair is a
 * pair_id whose labelled members hold both labels; it is separated when every labelled member is predicted as labelled.
 */
export function pairFigure(probes: readonly PredictedProbe[]): PairFigure {
  const byPair = new Map<string, { violation: boolean; clean: boolean; right: boolean }>();
  for (const p of probes) {
    if (p.label === null || p.pair_id === undefined || p.pair_id === null) continue;
    const g = byPair.get(p.pair_id) ?? { violation: false, clean: false, right: true };
    if (p.label === "violation") g.violation = true;
    else g.clean = true;
    if (p.predicted !== (p.label === "violation")) g.right = false;
    byPair.set(p.pair_id, g);
  }
  let n = 0;
  let separated = 0;
  for (const g of byPair.values()) {
    if (!g.violation || !g.clean) continue;
    n++;
    if (g.right) separated++;
  }
  return { n_pairs: n, separated, rate: n === 0 ? null : separated / n, ci: wilsonInterval(separated, n) };
}

/** Why a criterion is advisory: recall below the floor (or unmeasurable), or pairs separated below it. Empty = hard. */
export function advisoryReasons(recall: number | null, pairs: PairFigure, floor = ADVISORY_RECALL_FLOOR): string[] {
  const out: string[] = [];
  if (recall === null) out.push("recall not measurable (no violation probes)");
  else if (recall < floor) out.push(`recall ${recall.toFixed(3)} < ${floor}`);
  if (pairs.rate !== null && pairs.rate < floor) out.push(`pair separation ${pairs.rate.toFixed(3)} < ${floor}`);
  return out;
}

/**
 * Precision and recall of one detector from its predictions and the effective labels, with 95% Wilson intervals.
 * The one definition, used by lib/detectors/validate.ts and the labelling page (docs/SCORING.md): a figure with a zero denominator is null, and a
 * detector whose recall is below 0.9 or undefined, or whose matched pairs are separated less often than that, is
 * advisory. Pure and O(n), so the labelling page can recompute it on every key press.
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
  const pairs = pairFigure(probes);
  const reasons = advisoryReasons(recall, pairs, floor);
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
    pairs,
    advisory: reasons.length > 0,
    advisory_reasons: reasons,
  };
}
