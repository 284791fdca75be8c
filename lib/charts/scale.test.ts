import { describe, expect, it } from "vitest";
import { linearScale, niceStep, niceTicks, tickLabel } from "./scale";

describe("nice ticks", () => {
  it.each([
    [0.37, 5, 0.1],
    [1, 5, 0.2],
    [0.9, 6, 0.2],
    [12, 4, 5],
    [0.004, 4, 0.001],
  ])("a span of %s in about %s intervals steps by %s (1, 2 or 5 × 10^k)", (span, count, step) => {
    expect(niceStep(span, count)).toBeCloseTo(step, 12);
  });

  it("covers the data, extends outward to whole steps, and prints without binary dust", () => {
    const t = niceTicks(-0.23, 0.41, 6);
    expect(t.step).toBe(0.2);
    expect(t.ticks).toEqual([-0.4, -0.2, 0, 0.2, 0.4, 0.6]);
    expect(t.domain).toEqual([-0.4, 0.6]);
    expect(niceTicks(0, 0.3, 3).ticks).toEqual([0, 0.1, 0.2, 0.3]); // not 0.30000000000000004
  });

  it("a point domain gets a unit around it rather than a zero-width axis", () => {
    expect(niceTicks(0, 0).domain).toEqual([-1, 1]);
    expect(niceTicks(4, 4).domain[0]).toBeLessThan(4);
  });

  it("labels carry the step's decimals and a sign when asked", () => {
    expect(tickLabel(0.2, 0.1, true)).toBe("+0.2");
    expect(tickLabel(-0.05, 0.05, true)).toBe("-0.05");
    expect(tickLabel(0, 0.05, true)).toBe("0.00");
    expect(tickLabel(10, 5)).toBe("10");
  });
});

describe("linear scale", () => {
  it("maps the domain's ends onto the range's ends, inverted ranges included", () => {
    const x = linearScale([-1, 1], [100, 300]);
    expect([x(-1), x(0), x(1)]).toEqual([100, 200, 300]);
    const y = linearScale([0, 10], [200, 0]);
    expect(y(5)).toBe(100);
  });
  it("a zero-width domain maps to the middle of the range", () => {
    expect(linearScale([2, 2], [0, 50])(2)).toBe(25);
  });
});
