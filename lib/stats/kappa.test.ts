import { describe, expect, it } from "vitest";
import { cohensKappa } from "./kappa";

describe("cohensKappa", () => {
  it("is 1 for perfect agreement that uses both categories", () => {
    expect(cohensKappa([["v", "v"], ["c", "c"], ["v", "v"]])).toBeCloseTo(1);
  });

  it("matches the textbook example (p_o = 0.7, p_e = 0.5 → 0.4)", () => {
    // 50 items: both yes 20, a yes / b no 5, a no / b yes 10, both no 15.
    const pairs: Array<[string, string]> = [
      ...Array.from({ length: 20 }, () => ["y", "y"] as [string, string]),
      ...Array.from({ length: 5 }, () => ["y", "n"] as [string, string]),
      ...Array.from({ length: 10 }, () => ["n", "y"] as [string, string]),
      ...Array.from({ length: 15 }, () => ["n", "n"] as [string, string]),
    ];
    expect(cohensKappa(pairs)).toBeCloseTo(0.4, 10);
  });

  it("is negative when raters disagree more than chance", () => {
    expect(cohensKappa([["v", "c"], ["c", "v"]])).toBeCloseTo(-1);
  });

  it("is undefined (null) with no shared items or when both raters used one category only", () => {
    expect(cohensKappa([])).toBeNull();
    expect(cohensKappa([["v", "v"], ["v", "v"]])).toBeNull();
  });
});
