import { describe, expect, it } from "vitest";
import { forestGeometry, forestValueText, FOREST_VALUE_FONT, sideOfZero } from "./forest";

const rows = [
  { label: "overall", mean: -0.05, ci: [-0.09, -0.02] as const, n: 156 },
  { label: "margin", mean: 0.02, ci: [-0.04, 0.11] as const, n: 20 },
  { label: "fraud", mean: 0.3, ci: null, n: 1 },
];

describe("forest plot geometry", () => {
  it("puts 0 on the axis even when every estimate is on one side of it", () => {
    const g = forestGeometry([{ label: "a", mean: 0.4, ci: [0.3, 0.5], n: 9 }], 800);
    expect(g.ticks.map((t) => t.value)).toContain(0);
    expect(g.zeroX).toBe(g.plot.left);
  });

  it("one row per estimate, top to bottom, point and whiskers on one shared scale", () => {
    const g = forestGeometry(rows, 800);
    expect(g.rows.map((r) => r.label)).toEqual(["overall", "margin", "fraud"]);
    expect(g.rows[0]!.y).toBeLessThan(g.rows[1]!.y);
    const r = g.rows[0]!;
    expect(r.x0!).toBeLessThan(r.x);
    expect(r.x).toBeLessThan(r.x1!);
    expect(r.x1!).toBeLessThan(g.zeroX); // entirely below 0
    expect(g.rows[2]!.x0).toBeNull();
    for (const t of g.ticks) expect(t.x).toBeGreaterThanOrEqual(g.plot.left - 1e-9);
    expect(g.ticks.at(-1)!.x).toBeCloseTo(g.plot.right, 9);
    expect(g.height).toBeGreaterThan(g.plot.bottom);
  });

  it("reads each interval against 0 as compare's verdict does", () => {
    expect(forestGeometry(rows, 800).rows.map((r) => r.side)).toEqual(["below", "straddles", "unknown"]);
    expect(sideOfZero([1e-10, 0.2])).toBe("straddles"); // within the tie tolerance
    expect(sideOfZero([0.01, 0.2])).toBe("above");
  });

  it("leaves room for every row's figures, so n=156 is never cut to n=15", () => {
    const wide = [{ label: "overall", mean: -0.123, ci: [-0.456, -0.001] as const, n: 156 }, { label: "complaints", mean: -0.5, ci: [-0.999, -0.001] as const, n: 15600 }];
    const g = forestGeometry(wide, 640);
    for (const r of g.rows) {
      expect(r.value).toBe(forestValueText(r));
      expect(r.value).toContain(`n=${r.n}`);
      // 0.62 em a character is wider than any digit, sign or bracket of a sans face at this size.
      expect(g.valueX + r.value.length * 0.62 * FOREST_VALUE_FONT).toBeLessThanOrEqual(g.width);
    }
    expect(g.plot.right).toBeLessThan(g.valueX);
  });
});
