import { niceStep } from "./scale";

export type Bin = { x0: number; x1: number; count: number };
export type Histogram = { bins: Bin[]; width: number; n: number; maxCount: number };

/**
 * Bins values into equal bins of a nice width (1, 2 or 5 × 10^k) centred on multiples of that width, so 0 is the
 * middle of a bin: exact ties (Δ = 0, common in paired comparisons) sit in one bin straddling 0, not on an edge that
 * would make them look like gains. About √n bins, between `minBins` and `maxBins`. Empty bins inside the range are kept.
 */
export function histogram(values: readonly number[], options: { minBins?: number; maxBins?: number } = {}): Histogram {
  const finite = values.filter((v) => Number.isFinite(v));
  const n = finite.length;
  if (n === 0) return { bins: [], width: 0, n: 0, maxCount: 0 };
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of finite) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  const target = Math.min(options.maxBins ?? 30, Math.max(options.minBins ?? 5, Math.ceil(Math.sqrt(n))));
  // A single value still gets a bin of a sensible width (a tenth of its size, or 0.05 around 0).
  const width = hi > lo ? niceStep(hi - lo, target) : niceStep(Math.max(Math.abs(lo), 0.5) / 10, 1);
  const first = Math.round(lo / width);
  const last = Math.round(hi / width);
  const counts = new Array<number>(last - first + 1).fill(0);
  for (const v of finite) counts[Math.round(v / width) - first]! += 1;
  const bins = counts.map((count, i) => ({ x0: (first + i - 0.5) * width, x1: (first + i + 0.5) * width, count }));
  return { bins, width, n, maxCount: Math.max(...counts) };
}
