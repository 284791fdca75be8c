import { describe, expect, it } from "vitest";
import { minimumDetectableDelta, sampleSd, Z_80, Z_975 } from "./power";

describe("minimum detectable Δ (80% power, two-sided α = 0.05)", () => {
  it("is (z0.975 + z0.80) · sd / √n for independent pairs", () => {
    // Δ = ±0.1 alternating over 100 pairs: mean 0, sample sd = 0.1 · √(100/99).
    const d = Float64Array.from({ length: 100 }, (_, i) => (i % 2 ? 0.1 : -0.1));
    const sd = 0.1 * Math.sqrt(100 / 99);
    const m = minimumDetectableDelta(d);
    expect(Z_975 + Z_80).toBeCloseTo(2.8016, 4);
    expect(m.sd).toBeCloseTo(sd, 12);
    expect(m.value).toBeCloseTo((2.8016 * sd) / 10, 4);
    expect(m.basis).toBe("pairs");
    expect(m.units).toBe(100);
  });

  it("is null with fewer than two pairs", () => {
    expect(minimumDetectableDelta(Float64Array.from([0.3])).value).toBeNull();
    expect(sampleSd(Float64Array.from([0.3]))).toBeNull();
  });

  it("clustered with one pair per cluster equals the paired-SD formula", () => {
    const d = Float64Array.from([0.1, -0.3, 0.25, 0, 0.05, -0.1]);
    const flat = minimumDetectableDelta(d);
    const clustered = minimumDetectableDelta(d, Int32Array.from([0, 1, 2, 3, 4, 5]));
    expect(clustered.basis).toBe("clusters");
    expect(clustered.value).toBeCloseTo(flat.value!, 12);
    expect(clustered.design_effect).toBeCloseTo(1, 12);
  });

  it("clustered uses the between-episode variance, larger when episodes are internally correlated", () => {
    const d = Float64Array.from({ length: 40 }, (_, i) => (Math.floor(i / 4) % 2 ? 0.2 : -0.2));
    const clusterOf = Int32Array.from({ length: 40 }, (_, i) => Math.floor(i / 4));
    const flat = minimumDetectableDelta(d);
    const clustered = minimumDetectableDelta(d, clusterOf);
    expect(clustered.units).toBe(10);
    expect(clustered.value!).toBeGreaterThan(1.8 * flat.value!);
    // Perfect within-episode correlation: design effect ≈ cluster size (4), up to the (C−1)/(n−1) corrections.
    expect(clustered.design_effect!).toBeCloseTo(4 * (10 / 9) * (39 / 40), 6);
  });
});
