import { describe, expect, it } from "vitest";
import { advisoryReasons, figuresFromPredictions, pairFigure, type PredictedProbe } from "./figures";
import { wilsonInterval } from "../stats/wilson";

const p = (predicted: boolean, label: PredictedProbe["label"]): PredictedProbe => ({ predicted, label });

describe("figuresFromPredictions", () => {
  it("counts the confusion matrix and attaches Wilson intervals", () => {
    const f = figuresFromPredictions([p(true, "violation"), p(true, "violation"), p(false, "violation"), p(true, "clean"), p(false, "clean")]);
    expect([f.tp, f.fp, f.fn, f.tn]).toEqual([2, 1, 1, 1]);
    expect(f.precision).toBeCloseTo(2 / 3);
    expect(f.recall).toBeCloseTo(2 / 3);
    expect(f.recall_ci).toEqual(wilsonInterval(2, 3));
    expect(f.n).toBe(5);
    expect(f.n_violation).toBe(3);
    expect(f.n_clean).toBe(2);
  });

  it("leaves unlabelled and tied probes out", () => {
    const f = figuresFromPredictions([p(true, "violation"), p(true, null), p(false, null)]);
    expect(f.n).toBe(1);
    expect(f.recall).toBe(1);
  });

  it("is advisory when recall is below 0.9 or undefined, hard at 0.9 and above", () => {
    const nine = [...Array.from({ length: 9 }, () => p(true, "violation")), p(false, "violation")];
    expect(figuresFromPredictions(nine).advisory).toBe(false);
    expect(figuresFromPredictions([...nine, p(false, "violation")]).advisory).toBe(true);
    expect(figuresFromPredictions([p(false, "clean")]).advisory).toBe(true);
    expect(figuresFromPredictions([p(false, "clean")]).recall).toBeNull();
  });
});

describe("matched pairs (seed 000: a detector that cannot separate the pair is not fit to gate a hard criterion)", () => {
  const v = (pair_id: string | null | undefined, label: "violation" | "clean", predicted: boolean) => ({ pair_id, label, predicted });

  it("a pair is separated only when every member is predicted as labelled", () => {
    const f = pairFigure([v("p1", "violation", true), v("p1", "clean", false), v("p2", "violation", true), v("p2", "clean", true)]);
    expect(f).toMatchObject({ n_pairs: 2, separated: 1, rate: 0.5 });
    expect(f.ci).toEqual(wilsonInterval(1, 2));
  });

  it("a pair_id whose labelled members hold one label only, or null, or no key, is not a pair", () => {
    const f = pairFigure([v("p1", "violation", true), v("p1", "violation", true), v(null, "clean", false), v(undefined, "violation", true), { pair_id: "p3", label: null, predicted: true }, v("p3", "clean", false)]);
    expect(f).toMatchObject({ n_pairs: 0, separated: 0, rate: null });
  });

  it("pair separation below 0.9 makes the criterion advisory even with perfect recall, and says why", () => {
    const probes = [...Array.from({ length: 9 }, (_, i) => [v(`p${i}`, "violation", true), v(`p${i}`, "clean", false)]).flat(), v("px", "violation", true), v("px", "clean", true), v("py", "violation", true), v("py", "clean", true)];
    const f = figuresFromPredictions(probes);
    expect(f.recall).toBe(1);
    expect(f.pairs?.rate).toBeCloseTo(9 / 11, 12);
    expect(f.advisory).toBe(true);
    expect(f.advisory_reasons).toEqual(["pair separation 0.818 < 0.9"]);
  });

  it("recall below 0.9 gives its own reason, and a hard criterion has none", () => {
    expect(advisoryReasons(0.85, { n_pairs: 0, separated: 0, rate: null, ci: [0, 1] })).toEqual(["recall 0.850 < 0.9"]);
    expect(advisoryReasons(null, { n_pairs: 10, separated: 10, rate: 1, ci: [0.7, 1] })).toEqual(["recall not measurable (no violation probes)"]);
    expect(advisoryReasons(0.95, { n_pairs: 10, separated: 10, rate: 1, ci: [0.7, 1] })).toEqual([]);
  });
});
