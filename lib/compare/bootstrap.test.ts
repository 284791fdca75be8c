import { describe, expect, it } from "vitest";
import { bootstrapMeans, clusterTotals, percentileInterval, quantileSorted } from "./bootstrap";
import { DEFAULT_SEED, splitmix32 } from "./prng";

const f64 = (xs: number[]) => Float64Array.from(xs);

describe("bootstrap of the mean paired Δ", () => {
  it("two pairs with Δ {0, 1}: resampled means are 0, 0.5, 1 with probabilities 1/4, 1/2, 1/4", () => {
    const means = bootstrapMeans(f64([0, 1]), { resamples: 10_000 });
    const freq = (v: number) => means.filter((m) => m === v).length / means.length;
    expect(freq(0) + freq(0.5) + freq(1)).toBe(1);
    // Binomial SD at p = 1/4 over 10,000 draws is 0.0043: 0.015 is > 3 SD.
    expect(freq(0)).toBeCloseTo(0.25, 1);
    expect(Math.abs(freq(0) - 0.25)).toBeLessThan(0.015);
    expect(Math.abs(freq(0.5) - 0.5)).toBeLessThan(0.015);
    expect(Math.abs(freq(1) - 0.25)).toBeLessThan(0.015);
    // 2.5% and 97.5% fall inside the 0 and 1 masses.
    expect(percentileInterval(means)).toEqual([0, 1]);
  });

  it("a constant Δ gives a zero-width CI at that Δ", () => {
    expect(percentileInterval(bootstrapMeans(f64([0.2, 0.2, 0.2, 0.2, 0.2])))).toEqual([0.2, 0.2]);
    const clusterOf = Int32Array.from([0, 0, 1, 2, 2]);
    const [lo, hi] = percentileInterval(bootstrapMeans(f64([-0.1, -0.1, -0.1, -0.1, -0.1]), { clusterOf }));
    expect(lo).toBeCloseTo(-0.1, 12);
    expect(hi).toBeCloseTo(-0.1, 12);
  });

  it("the same seed gives identical resamples; another seed gives different ones", () => {
    const d = f64(Array.from({ length: 200 }, (_, i) => Math.sin(i)));
    expect(bootstrapMeans(d, { seed: 7 })).toEqual(bootstrapMeans(d, { seed: 7 }));
    expect(bootstrapMeans(d)).toEqual(bootstrapMeans(d, { seed: DEFAULT_SEED }));
    expect(bootstrapMeans(d, { seed: 7 })).not.toEqual(bootstrapMeans(d, { seed: 8 }));
  });

  it("the inlined fast path draws exactly prng.ts's splitmix32 stream (naive bootstrap agrees)", () => {
    const d = f64(Array.from({ length: 37 }, (_, i) => ((i * 7919) % 101) / 100));
    const rng = splitmix32(123);
    const naive = new Float64Array(500);
    for (let b = 0; b < naive.length; b++) {
      let s = 0;
      for (let i = 0; i < d.length; i++) s += d[rng.nextInt(d.length)]!;
      naive[b] = s / d.length;
    }
    naive.sort();
    const fast = bootstrapMeans(d, { seed: 123, resamples: 500 });
    for (let b = 0; b < naive.length; b++) expect(fast[b]).toBeCloseTo(naive[b]!, 12);
  });

  it("clustered mode with one pair per cluster is the unclustered bootstrap", () => {
    const d = f64(Array.from({ length: 50 }, (_, i) => Math.cos(i * 1.3)));
    const singletons = Int32Array.from(d, (_, i) => i);
    const a = bootstrapMeans(d, { resamples: 2000 });
    const b = bootstrapMeans(d, { resamples: 2000, clusterOf: singletons });
    for (let i = 0; i < a.length; i++) expect(b[i]).toBeCloseTo(a[i]!, 12);
  });

  it("clustered resampling takes the mean over all pairs of the drawn clusters (unequal sizes)", () => {
    // Clusters {0: [1, 1, 1]} and {1: [0]}: draws give (3+3)/6=1, (3+0)/4=0.75 twice, 0/2=0.
    const means = bootstrapMeans(f64([1, 1, 1, 0]), { clusterOf: Int32Array.from([0, 0, 0, 1]), resamples: 10_000 });
    const values = new Set(means);
    expect([...values].sort()).toEqual([0, 0.75, 1]);
    const freq = means.filter((m) => m === 0.75).length / means.length;
    expect(Math.abs(freq - 0.5)).toBeLessThan(0.015);
  });

  it("clustered CI is wider than unclustered when clusters are internally correlated", () => {
    // 20 episodes × 5 decisions; each episode shares its Δ (±0.2), with a little within-episode jitter.
    const deltas: number[] = [];
    const clusters: number[] = [];
    for (let e = 0; e < 20; e++) for (let k = 0; k < 5; k++) {
      deltas.push((e % 2 ? 0.2 : -0.2) + 0.05 + (k - 2) * 0.01);
      clusters.push(e);
    }
    const d = f64(deltas);
    const [ulo, uhi] = percentileInterval(bootstrapMeans(d));
    const [clo, chi] = percentileInterval(bootstrapMeans(d, { clusterOf: Int32Array.from(clusters) }));
    expect(chi - clo).toBeGreaterThan(1.8 * (uhi - ulo));
    expect(ulo).toBeGreaterThan(0); // pairs treated as independent: spuriously excludes 0
    expect(clo).toBeLessThan(0); // whole episodes resampled: honest about 20 units
  });

  it("cluster totals skip empty cluster indices", () => {
    const { sums, sizes } = clusterTotals(f64([1, 2, 3]), Int32Array.from([0, 2, 2]));
    expect([...sums]).toEqual([1, 5]);
    expect([...sizes]).toEqual([1, 2]);
  });

  it("percentiles interpolate linearly between order statistics", () => {
    const sorted = f64([0, 10, 20, 30, 40]);
    expect(quantileSorted(sorted, 0.5)).toBe(20);
    expect(quantileSorted(sorted, 0.1)).toBeCloseTo(4, 12);
    expect(percentileInterval(sorted, 0.5)).toEqual([10, 30]);
  });
});
