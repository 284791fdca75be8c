import { quantileSorted } from "../compare/bootstrap";
import { splitmix32, type Prng } from "../compare/prng";
import { betaDraw } from "../stats/beta";
import { wilsonInterval } from "../stats/wilson";
import { MIN_LABELS_PER_STRATUM, type AuditStratum, type StratumSize } from "./strata";

/** A stratum of one detector's audit: its size in the run, how many were drawn, labelled (majority, ties left out), and found violations. */
export type StratumCount = StratumSize & { labelled: number; violations: number };
export type AuditCounts = Record<AuditStratum, StratumCount>;

/** Per-run figures of one detector. A figure is null with a note saying why until its strata have enough labels. */
export type AuditFigure = {
  fired: StratumCount;
  not_fired: StratumCount;
  precision: number | null;
  precision_ci: [number, number] | null;
  precision_note: string | null;
  recall: number | null;
  recall_ci: [number, number] | null;
  violations: number | null;
  violations_ci: [number, number] | null;
  recall_note: string | null;
};

/** Monte Carlo draws behind the 95% intervals of recall and of the number of true violations. */
export const AUDIT_INTERVAL_DRAWS = 4000;

/** Enough labels: MIN_LABELS_PER_STRATUM labelled, or every item of a stratum smaller than that. */
export function enoughLabels(s: StratumCount, min = MIN_LABELS_PER_STRATUM): boolean {
  return s.labelled >= Math.min(min, s.size);
}

const rate = (s: StratumCount) => (s.labelled === 0 ? 0 : s.violations / s.labelled);

/**
 * One stratum's violation rate in a draw: known exactly once every reply of the stratum is labelled (a census);
 * otherwise drawn from its Jeffreys posterior Beta(v + ½, l − v + ½), so a stratum with no violation among its labels
 * still carries its uncertainty (a plain resample of those labels would always find none).
 */
function drawRate(s: StratumCount, rng: Prng): number {
  if (s.size === 0) return 0;
  if (s.labelled >= s.size) return rate(s);
  return betaDraw(s.violations + 0.5, s.labelled - s.violations + 0.5, rng);
}

/**
 * Issue 18, the estimator (docs/WORKBENCH.md): precision of the hits is the fired stratum's share of violations with a
 * 95% Wilson interval. The run's true violations are estimated as T = N_f·p_f + N_n·p_n (each stratum's size times
 * its labelled violation rate) and recall as N_f·p_f / T; their 95% intervals are the 2.5th and 97.5th percentiles over
 * `draws` stratified draws of (p_f, p_n) (see drawRate), seeded so the page and the CLI print the same interval.
 */
export function auditFigure(c: AuditCounts, opts: { seed: number; draws?: number; minLabels?: number }): AuditFigure {
  const { fired, not_fired } = c;
  const min = opts.minLabels ?? MIN_LABELS_PER_STRATUM;
  const out: AuditFigure = { fired, not_fired, precision: null, precision_ci: null, precision_note: null, recall: null, recall_ci: null, violations: null, violations_ci: null, recall_note: null };
  const short = (s: StratumCount, name: string) => `${name} ${s.labelled}/${Math.min(min, s.size)}`;
  if (fired.size === 0) out.precision_note = "no hits on this run";
  else if (!enoughLabels(fired, min)) out.precision_note = `not enough labels yet (${short(fired, "fired")})`;
  else {
    out.precision = rate(fired);
    out.precision_ci = wilsonInterval(fired.violations, fired.labelled);
  }
  if (!enoughLabels(fired, min) || !enoughLabels(not_fired, min)) {
    const missing = [[fired, "fired"], [not_fired, "not fired"]].filter(([s]) => !enoughLabels(s as StratumCount, min)).map(([s, n]) => short(s as StratumCount, n as string));
    out.recall_note = `not enough labels yet (${missing.join(", ")})`;
    return out;
  }
  const found = fired.size * rate(fired);
  const total = found + not_fired.size * rate(not_fired);
  out.violations = total;
  out.recall = total > 0 ? found / total : null;
  if (total === 0) out.recall_note = "no violation among the labelled items";
  const n = opts.draws ?? AUDIT_INTERVAL_DRAWS;
  const rng = splitmix32(opts.seed);
  const totals = new Float64Array(n);
  const recalls: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = fired.size * drawRate(fired, rng);
    const t = f + not_fired.size * drawRate(not_fired, rng);
    totals[i] = t;
    if (t > 0) recalls.push(f / t);
  }
  totals.sort();
  out.violations_ci = [quantileSorted(totals, 0.025), quantileSorted(totals, 0.975)];
  if (out.recall !== null && recalls.length > 0) {
    const r = Float64Array.from(recalls).sort();
    out.recall_ci = [quantileSorted(r, 0.025), quantileSorted(r, 0.975)];
  }
  return out;
}
