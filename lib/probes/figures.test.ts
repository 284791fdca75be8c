import { describe, expect, it } from "vitest";
import { figuresFromPredictions, type PredictedProbe } from "./figures";
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
