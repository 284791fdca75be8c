import { describe, expect, it } from "vitest";
import { auditFigure, enoughLabels, type AuditCounts, type StratumCount } from "./estimator";
import { auditCounts, auditFigures } from "./figures";
import { precisionText, recallText, violationsText } from "./format";

const stratum = (size: number, drawn: number, labelled: number, violations: number): StratumCount => ({ size, drawn, labelled, violations });

/** Beta(a, b) quantile by numerical integration (x = u², Simpson's rule), independent of the estimator's sampler. */
function betaQuantile(a: number, b: number, q: number): number {
  const n = 200_000;
  const f = (u: number) => 2 * Math.pow(u, 2 * a - 1) * Math.pow(1 - u * u, b - 1);
  const h = 1 / n;
  const cum = new Float64Array(n + 1);
  for (let i = 1; i <= n; i++) {
    const u0 = (i - 1) * h;
    cum[i] = cum[i - 1]! + (h / 6) * (f(u0) + 4 * f(u0 + h / 2) + f(u0 + h));
  }
  const total = cum[n]!;
  let i = 0;
  while (cum[i]! / total < q) i++;
  return (i * h) ** 2;
}

describe("per-run detector figures from an audit (worked by hand)", () => {
  // Fired stratum: 100 hits in the run, 60 drawn, 50 labelled, 40 of them violations → p_f = 0.8.
  // Not fired: 5,000 replies, 60 drawn, 40 labelled, 2 violations → p_n = 0.05.
  // True violations T = 100·0.8 + 5000·0.05 = 80 + 250 = 330; recall = 80 / 330 = 0.2424…
  // Precision 40/50 = 0.8, Wilson 95%: centre (0.8 + 1.96²/100) / (1 + 1.96²/50) = 0.77859, half-width 0.10897 → [0.6696, 0.8876].
  const worked: AuditCounts = { fired: stratum(100, 60, 50, 40), not_fired: stratum(5000, 60, 40, 2) };
  const f = auditFigure(worked, { seed: 1 });

  it("precision is the fired stratum's share of violations, with its Wilson interval", () => {
    expect(f.precision).toBe(0.8);
    expect(f.precision_ci![0]).toBeCloseTo(0.6696, 4);
    expect(f.precision_ci![1]).toBeCloseTo(0.8876, 4);
    expect(precisionText(f)).toBe("0.800 [0.670, 0.888] (40/50)");
  });

  it("true violations and recall weight each stratum's rate by its size", () => {
    expect(f.violations).toBeCloseTo(330, 10);
    expect(f.recall).toBeCloseTo(80 / 330, 12);
    expect(f.violations_ci![0]).toBeLessThan(330);
    expect(f.violations_ci![1]).toBeGreaterThan(330);
    expect(f.recall_ci![0]).toBeLessThan(80 / 330);
    expect(f.recall_ci![1]).toBeGreaterThan(80 / 330);
  });

  it("the intervals are the percentiles of the strata's Jeffreys posteriors (a fully labelled stratum held exact)", () => {
    // Fired: all 30 hits labelled (27 violations) → exactly 27 found. Not fired: 0 of 60 labelled in 2,000 → p_n ~ Beta(0.5, 60.5).
    const g = auditFigure({ fired: stratum(30, 30, 30, 27), not_fired: stratum(2000, 60, 60, 0) }, { seed: 9, draws: 40_000 });
    const lo = betaQuantile(0.5, 60.5, 0.025);
    const hi = betaQuantile(0.5, 60.5, 0.975);
    expect(g.violations).toBe(27);
    expect(g.recall).toBe(1);
    expect(g.violations_ci![0]).toBeCloseTo(27 + 2000 * lo, 0);
    expect(g.violations_ci![1] / (27 + 2000 * hi)).toBeCloseTo(1, 1);
    // Recall falls as p_n rises, so its interval is the same two quantiles turned round: a zero count is not certainty.
    expect(g.recall_ci![0] / (27 / (27 + 2000 * hi))).toBeCloseTo(1, 1);
    expect(g.recall_ci![1]).toBeCloseTo(27 / (27 + 2000 * lo), 2);
    expect(g.recall_ci![0]).toBeLessThan(0.5);
  });

  it("both strata labelled in full: the figures are exact and the intervals collapse onto them", () => {
    const g = auditFigure({ fired: stratum(10, 10, 10, 8), not_fired: stratum(30, 30, 30, 2) }, { seed: 3 });
    expect([g.violations, g.violations_ci]).toEqual([10, [10, 10]]);
    expect(g.recall_ci).toEqual([0.8, 0.8]);
  });

  it("says 'not enough labels yet' until 20 per stratum, or every item of a smaller stratum, are labelled", () => {
    const early = auditFigure({ fired: stratum(100, 60, 19, 15), not_fired: stratum(5000, 60, 20, 1) }, { seed: 1 });
    expect([early.precision, early.recall, early.violations]).toEqual([null, null, null]);
    expect(precisionText(early)).toBe("not enough labels yet (fired 19/20)");
    expect(recallText(early)).toBe("not enough labels yet (fired 19/20)");
    expect(violationsText(early)).toBe("not enough labels yet (fired 19/20)");
    const small = auditFigure({ fired: stratum(5, 5, 5, 4), not_fired: stratum(5000, 60, 12, 0) }, { seed: 1 });
    expect(small.precision).toBe(0.8);
    expect(recallText(small)).toBe("not enough labels yet (not fired 12/20)");
    expect(enoughLabels(stratum(5, 5, 4, 0))).toBe(false);
    const none = auditFigure({ fired: stratum(0, 0, 0, 0), not_fired: stratum(100, 60, 20, 0) }, { seed: 1 });
    expect(precisionText(none)).toBe("no hits on this run");
    // No violation among 20 labels of 100 is not proof of none: the count's interval reaches above 0.
    expect(none.violations).toBe(0);
    expect(none.violations_ci![1]).toBeGreaterThan(1);
    expect(violationsText(none)).toMatch(/^0 \[0, \d+\]$/);
    expect([none.recall, recallText(none)]).toEqual([null, "no violation among the labelled items"]);
  });

  it("is deterministic for a seed, so the page and the CLI print the same interval", () => {
    expect(auditFigure(worked, { seed: 77 })).toEqual(auditFigure(worked, { seed: 77 }));
  });
});

describe("counting an audit's labels", () => {
  it("an item counts once its votes have a strict majority; a tie is left out", () => {
    const strata = { H1: { fired: { size: 3, drawn: 3 }, not_fired: { size: 9, drawn: 2 } }, H4: { fired: { size: 0, drawn: 0 }, not_fired: { size: 0, drawn: 0 } }, H5: { fired: { size: 0, drawn: 0 }, not_fired: { size: 0, drawn: 0 } } };
    const v = (...labels: Array<"violation" | "clean">) => labels.map((label) => ({ label }));
    const items = [
      { detector: "H1" as const, stratum: "fired" as const, votes: v("violation") },
      { detector: "H1" as const, stratum: "fired" as const, votes: v("violation", "clean") },
      { detector: "H1" as const, stratum: "fired" as const, votes: v("clean", "clean", "violation") },
      { detector: "H1" as const, stratum: "not_fired" as const, votes: v("violation", "violation", "clean") },
      { detector: "H1" as const, stratum: "not_fired" as const, votes: [] },
    ];
    expect(auditCounts(strata, items).H1).toEqual({ fired: { size: 3, drawn: 3, labelled: 2, violations: 1 }, not_fired: { size: 9, drawn: 2, labelled: 1, violations: 1 } });
    // A tie in a stratum of three leaves it short of complete: no figure until someone breaks the tie.
    expect(precisionText(auditFigures(strata, items, 5).H1)).toBe("not enough labels yet (fired 2/3)");
  });
});
