import { clusterTotals } from "./bootstrap";

export const Z_975 = 1.959963984540054; // two-sided α = 0.05
export const Z_80 = 0.8416212335729143; // power 0.80

export type Mde = {
  /** Smallest true mean Δ detected with 80% power at two-sided α = 0.05; null with fewer than 2 units. */
  value: number | null;
  /** Standard error of the mean Δ the MDE is built from. */
  se: number | null;
  /** Plain paired SD of Δ over pairs (sample, n − 1). */
  sd: number | null;
  /** Var(mean) clustered / Var(mean) as if pairs were independent; null when unclustered or sd = 0. */
  design_effect: number | null;
  basis: "pairs" | "clusters";
  /** Pairs (basis "pairs") or clusters (basis "clusters") the variance is estimated over. */
  units: number;
};

/**
 * Minimum detectable Δ: (z₀.₉₇₅ + z₀.₈₀) · SE. Unclustered, SE = sd/√n from the paired SD.
 * Clustered, SE comes from the between-cluster variance of cluster Δ totals (the ratio-estimator,
 * cluster-robust variance C/(C−1) · Σ(S_c − Δ̄·n_c)² / N²), which reduces to sd/√n when every cluster is one pair.
 */
export function minimumDetectableDelta(deltas: Float64Array, clusterOf: Int32Array | null = null): Mde {
  const n = deltas.length;
  const sd = sampleSd(deltas);
  if (!clusterOf) {
    const se = sd === null ? null : sd / Math.sqrt(n);
    return { value: se === null ? null : (Z_975 + Z_80) * se, se, sd, design_effect: null, basis: "pairs", units: n };
  }
  const { sums, sizes } = clusterTotals(deltas, clusterOf);
  const c = sums.length;
  if (c < 2) return { value: null, se: null, sd, design_effect: null, basis: "clusters", units: c };
  let total = 0;
  for (let i = 0; i < n; i++) total += deltas[i]!;
  const mean = total / n;
  let ss = 0;
  for (let k = 0; k < c; k++) ss += (sums[k]! - mean * sizes[k]!) ** 2;
  const se = Math.sqrt(((c / (c - 1)) * ss) / (n * n));
  const design_effect = sd === null || sd === 0 ? null : (se * se) / ((sd * sd) / n);
  return { value: (Z_975 + Z_80) * se, se, sd, design_effect, basis: "clusters", units: c };
}

/** Sample SD (n − 1 denominator); null below two values. */
export function sampleSd(xs: Float64Array): number | null {
  const n = xs.length;
  if (n < 2) return null;
  let s = 0;
  for (let i = 0; i < n; i++) s += xs[i]!;
  const m = s / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (xs[i]! - m) ** 2;
  return Math.sqrt(ss / (n - 1));
}
