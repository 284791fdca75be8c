import type { CompareResult } from "./compare";
import { TIE_EPS } from "./compare";

// Issue 20 (6): the verdict a lead reads, in one sentence computed from the comparison's own figures, and the two
// figures beside it (minimum detectable Δ, clustering) explained in a line each.

export type VerdictTone = "better" | "worse" | "unclear";
type Figures = Pick<CompareResult, "verdict" | "ci" | "mde" | "n_pairs" | "resampling">;

const num = (x: number) => (x > 0 ? "+" : "") + x.toFixed(3);
const interval = (ci: readonly [number, number]) => `[${num(ci[0])}, ${num(ci[1])}]`;

/** The verdict's colour: better (CI above 0), worse (CI below 0), unclear (contains 0, or too few units). */
export function verdictTone(r: Pick<CompareResult, "verdict">): VerdictTone {
  return r.verdict === "IMPROVED" ? "better" : r.verdict === "REGRESSED" ? "worse" : "unclear";
}

/**
 * One sentence: where the 95% interval of the mean paired Δ lies against 0 and what that means for the candidate.
 * INCONCLUSIVE says what it cannot rule out, with the minimum detectable Δ when there is one.
 */
export function verdictSentence(r: Figures): string {
  const ci = interval(r.ci);
  if (r.verdict === "IMPROVED") return `The 95% interval of the mean paired Δ, ${ci}, lies entirely above 0: the candidate is better.`;
  if (r.verdict === "REGRESSED") return `The 95% interval of the mean paired Δ, ${ci}, lies entirely below 0: the candidate is worse.`;
  const units = r.mde.basis === "clusters" ? "episode" : "pair";
  if (r.ci[0] > TIE_EPS || r.ci[1] < -TIE_EPS || r.mde.units < 2) {
    return `There is only one ${units} to resample, so the interval is a single point and no verdict can be drawn: neither better nor worse is shown.`;
  }
  const hiding = r.mde.value === null ? "" : `; a true change smaller than ±${r.mde.value.toFixed(3)} (the minimum detectable Δ) could easily be hiding`;
  return `The 95% interval of the mean paired Δ, ${ci}, contains 0: this comparison shows neither a better nor a worse candidate${hiding}.`;
}

/** One line on the minimum detectable Δ, with this comparison's standard error and units. */
export function mdeExplanation(r: Pick<CompareResult, "mde">): string {
  const m = r.mde;
  const units = m.basis === "clusters" ? `${m.units} episodes` : `${m.units} pairs`;
  if (m.value === null || m.se === null) return `The smallest true mean change this comparison would detect 4 times in 5; it needs at least two units, and there are ${units}.`;
  return `The smallest true mean change this comparison would detect 4 times in 5 (80% power, two-sided 5% level): 2.80 × the standard error ${m.se.toFixed(4)} of the mean Δ over ${units}. Smaller true changes often come out INCONCLUSIVE; more cases shrink it.`;
}

/** One line on how the interval was resampled: whole episodes (and why) or single pairs. */
export function clusteringExplanation(r: Pick<CompareResult, "mde" | "resampling">): string {
  const m = r.mde;
  if (m.basis !== "clusters") {
    return "Each pair is resampled on its own: the cases are independent units (judge cases, or a run whose decisions are all in one episode).";
  }
  const effect = m.design_effect === null ? "" : ` Here the variance of the mean is ${m.design_effect.toFixed(2)} × what independent decisions would give (the design effect).`;
  return `Decisions of one episode share a conversation and tend to move together, so the bootstrap resamples whole episodes (${m.units} of them), not single decisions; this keeps the interval from being falsely narrow.${effect}`;
}
