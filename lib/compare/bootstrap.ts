import { DEFAULT_SEED, U32_TO_UNIT } from "./prng";

export const DEFAULT_RESAMPLES = 10_000;

export type BootstrapOptions = {
  seed?: number;
  resamples?: number;
  /** Cluster index (0-based) of each Δ; when given, whole clusters are resampled. */
  clusterOf?: Int32Array | null;
};

/**
 * Bootstrap distribution of the mean paired Δ, sorted ascending. Unclustered: n pairs drawn with replacement.
 * Clustered: C clusters drawn with replacement; each resample's mean is over all pairs in the drawn clusters
 * (Σ cluster sums / Σ cluster sizes). Deterministic for a given seed; no allocation inside the resample loop.
 */
export function bootstrapMeans(deltas: Float64Array, options: BootstrapOptions = {}): Float64Array {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const state = new Int32Array([options.seed ?? DEFAULT_SEED]);
  const out = new Float64Array(resamples);
  if (deltas.length === 0) return out.fill(Number.NaN);
  if (options.clusterOf) {
    const { sums, sizes } = clusterTotals(deltas, options.clusterOf);
    for (let b = 0; b < resamples; b++) out[b] = drawClustered(sums, sizes, state);
  } else {
    const n = deltas.length;
    for (let b = 0; b < resamples; b++) out[b] = drawSum(deltas, state) / n;
  }
  return out.sort();
}

/** Percentile interval (linear interpolation between order statistics, numpy's default) of a sorted sample. */
export function percentileInterval(sorted: Float64Array, level = 0.95): [number, number] {
  const tail = (1 - level) / 2;
  return [quantileSorted(sorted, tail), quantileSorted(sorted, 1 - tail)];
}

/** Quantile p of an ascending sample (numpy "linear"); NaN when empty. */
export function quantileSorted(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Per-cluster Δ sums and pair counts, for the clusters that have at least one pair (in index order). */
export function clusterTotals(deltas: Float64Array, clusterOf: Int32Array): { sums: Float64Array; sizes: Float64Array } {
  let c = 0;
  for (let i = 0; i < clusterOf.length; i++) c = Math.max(c, clusterOf[i]! + 1);
  const sums = new Float64Array(c);
  const sizes = new Float64Array(c);
  for (let i = 0; i < deltas.length; i++) {
    sums[clusterOf[i]!]! += deltas[i]!;
    sizes[clusterOf[i]!]! += 1;
  }
  let k = 0;
  for (let j = 0; j < c; j++) {
    if (sizes[j]! === 0) continue;
    sums[k] = sums[j]!;
    sizes[k++] = sizes[j]!;
  }
  return { sums: sums.subarray(0, k), sizes: sizes.subarray(0, k) };
}

// The hot loops inline prng.ts's splitmix32 step (a call per draw costs ~30%: 10k × 10k must stay under 0.3 s).
// Four accumulators break the floating-point add chain; the draw stream is unchanged, only the summation order.
function drawSum(deltas: Float64Array, state: Int32Array): number {
  const n = deltas.length;
  const scale = n * U32_TO_UNIT;
  let a = state[0]!;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let t = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    a = (a + 0x9e3779b9) | 0;
    t = Math.imul(a ^ (a >>> 16), 0x21f0aaad);
    t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
    s0 += deltas[(((t ^ (t >>> 15)) >>> 0) * scale) | 0]!;
    a = (a + 0x9e3779b9) | 0;
    t = Math.imul(a ^ (a >>> 16), 0x21f0aaad);
    t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
    s1 += deltas[(((t ^ (t >>> 15)) >>> 0) * scale) | 0]!;
    a = (a + 0x9e3779b9) | 0;
    t = Math.imul(a ^ (a >>> 16), 0x21f0aaad);
    t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
    s2 += deltas[(((t ^ (t >>> 15)) >>> 0) * scale) | 0]!;
    a = (a + 0x9e3779b9) | 0;
    t = Math.imul(a ^ (a >>> 16), 0x21f0aaad);
    t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
    s3 += deltas[(((t ^ (t >>> 15)) >>> 0) * scale) | 0]!;
  }
  for (; i < n; i++) {
    a = (a + 0x9e3779b9) | 0;
    t = Math.imul(a ^ (a >>> 16), 0x21f0aaad);
    t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
    s0 += deltas[(((t ^ (t >>> 15)) >>> 0) * scale) | 0]!;
  }
  state[0] = a;
  return s0 + s1 + (s2 + s3);
}

function drawClustered(sums: Float64Array, sizes: Float64Array, state: Int32Array): number {
  const c = sums.length;
  const scale = c * U32_TO_UNIT;
  let a = state[0]!;
  let s = 0;
  let m = 0;
  let t = 0;
  for (let i = 0; i < c; i++) {
    a = (a + 0x9e3779b9) | 0;
    t = Math.imul(a ^ (a >>> 16), 0x21f0aaad);
    t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
    const k = (((t ^ (t >>> 15)) >>> 0) * scale) | 0;
    s += sums[k]!;
    m += sizes[k]!;
  }
  state[0] = a;
  return s / m;
}
