import { describe, expect, it } from "vitest";
import { pairwiseAgreement } from "./agreement";

const v = (annotator: string, label: "violation" | "clean") => ({ annotator, label });

describe("pairwiseAgreement", () => {
  it("pairs only annotators who overlap, counting agreement and kappa on the shared probes", () => {
    const out = pairwiseAgreement([
      { votes: [v("shipped", "violation"), v("ann", "violation")] },
      { votes: [v("shipped", "clean"), v("ann", "clean")] },
      { votes: [v("shipped", "clean"), v("ann", "violation"), v("bob", "violation")] },
      { votes: [v("bob", "clean")] },
    ]);
    expect(out.map((p) => [p.a, p.b, p.n, p.agree])).toEqual([
      ["ann", "bob", 1, 1],
      ["ann", "shipped", 3, 2],
      ["bob", "shipped", 1, 0],
    ]);
    expect(out[1]!.kappa).toBeCloseTo(0.4);
    expect(out[0]!.kappa).toBeNull();
  });
});
