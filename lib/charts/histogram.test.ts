import { describe, expect, it } from "vitest";
import { histogram } from "./histogram";
import { histogramGeometry } from "./histogram-geometry";

describe("histogram of per-case Δ", () => {
  it("counts every value once, in bins of one nice width centred on multiples of it (0 is a bin's middle)", () => {
    const values = [-0.31, -0.12, -0.1, 0, 0, 0, 0, 0.04, 0.05, 0.21];
    const h = histogram(values, { minBins: 10 });
    expect(h.n).toBe(10);
    expect(h.bins.reduce((s, b) => s + b.count, 0)).toBe(10);
    expect(h.width).toBe(0.1); // span 0.52 in at most 10 bins → 0.1 (0.052 rounded up to a nice width)
    const zero = h.bins.find((b) => b.x0 < 0 && b.x1 > 0)!;
    expect(zero.x0).toBeCloseTo(-0.05, 12);
    expect(zero.count).toBe(5); // the four ties and 0.04 — ties sit in the bin straddling 0, not on one side of it
    for (const b of h.bins) expect(b.x1 - b.x0).toBeCloseTo(h.width, 12);
    expect(h.maxCount).toBe(5);
  });

  it("keeps empty bins inside the range so gaps show, and ignores non-finite values", () => {
    const h = histogram([-1, 1, Number.NaN]);
    expect(h.n).toBe(2);
    expect(h.bins[0]!.count).toBe(1);
    expect(h.bins.at(-1)!.count).toBe(1);
    expect(h.bins.slice(1, -1).every((b) => b.count === 0)).toBe(true);
  });

  it("one repeated value makes one bin of a sensible width; no values make no bins", () => {
    const h = histogram([0, 0, 0]);
    expect(h.bins).toHaveLength(1);
    expect(h.bins[0]).toMatchObject({ count: 3 });
    expect(h.bins[0]!.x0).toBeLessThan(0);
    expect(histogram([]).bins).toEqual([]);
  });

  it("about √n bins, capped", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => (i % 1000) / 1000 - 0.5);
    const h = histogram(many, { maxBins: 30 });
    expect(h.bins.length).toBeLessThanOrEqual(31);
    expect(h.bins.length).toBeGreaterThanOrEqual(15);
  });
});

describe("histogram geometry", () => {
  it("bar heights are proportional to counts, the tallest reaches the top tick, and the x axis includes 0", () => {
    const g = histogramGeometry([0.1, 0.1, 0.1, 0.2, 0.3], 400, 200);
    const [tallest] = [...g.bars].sort((a, b) => b.count - a.count);
    expect(tallest!.count).toBe(3);
    const one = g.bars.find((b) => b.count === 1)!;
    expect(one.h * 3).toBeCloseTo(tallest!.h, 9);
    expect(g.xTicks.map((t) => t.value)).toContain(0);
    expect(g.zeroX).toBeGreaterThanOrEqual(g.plot.left);
    expect(g.yTicks.every((t) => Number.isInteger(t.value))).toBe(true); // counts are whole
    expect(g.yTicks.at(-1)!.value).toBeGreaterThanOrEqual(3);
  });
});
