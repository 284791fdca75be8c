import { describe, expect, it } from "vitest";
import { intervalsByGroup } from "./by-group";
import { compareReports } from "./compare";
import { normaliseReport } from "./read-report";
import { makeScoreReport, scoreDecisions } from "./test-factories";

const family = (i: number) => ({ family: (i < 8 ? "margin" : i < 14 ? "fraud" : "orders") as "margin" | "fraud" | "orders" });

describe("mean Δ and its interval per family (the forest plot's rows)", () => {
  const base = Array.from({ length: 16 }, (_, i) => 0.5 + ((i * 7) % 5) / 20);
  const cand = base.map((v, i) => v + (i < 8 ? -0.2 : i < 14 ? 0.02 * ((i % 3) - 1) : 0.3));
  const out = compareReports(normaliseReport(makeScoreReport(scoreDecisions(base, 2, family)), "b.json"), normaliseReport(makeScoreReport(scoreDecisions(cand, 2, family)), "c.json"), { resamples: 2000 });
  if (!out.ok) throw new Error(out.error);
  const groups = intervalsByGroup(out.result);

  it("one row per family, in name order, whose sizes add up to the pairs", () => {
    expect(groups.map((g) => g.group)).toEqual(["fraud", "margin", "orders"]);
    expect(groups.reduce((s, g) => s + g.n, 0)).toBe(out.result.n_pairs);
  });

  it("each mean is the family's own mean Δ, inside its interval", () => {
    const margin = groups.find((g) => g.group === "margin")!;
    expect(margin.mean).toBeCloseTo(-0.2, 12);
    expect(margin.ci![1]).toBeLessThan(0);
    const fraud = groups.find((g) => g.group === "fraud")!;
    expect(fraud.ci![0]).toBeLessThanOrEqual(fraud.mean);
    expect(fraud.ci![1]).toBeGreaterThanOrEqual(fraud.mean);
  });

  it("resamples whole episodes like the overall interval; one episode has no interval", () => {
    const orders = groups.find((g) => g.group === "orders")!;
    expect(orders).toMatchObject({ n: 2, units: 1, ci: null });
    expect(groups.find((g) => g.group === "margin")!.units).toBe(4);
  });

  it("is deterministic for the comparison's seed", () => {
    expect(intervalsByGroup(out.result)).toEqual(groups);
  });
});
