import { describe, expect, it } from "vitest";
import { noiseBand } from "./noise";
import { normaliseReport } from "./read-report";
import { judgeCases, makeJudgeReport, makeScoreReport, scoreDecisions } from "./test-factories";

const run = (label: string, values: number[], overrides?: Parameters<typeof judgeCases>[1]) => ({ label, report: normaliseReport(makeJudgeReport(judgeCases(values, overrides)), label) });

describe("noise band over repeated runs", () => {
  it("reports run means, spread (max − min) and SD; within the band when spread ≤ 0.031", () => {
    const out = noiseBand([run("r1", [0.8, 0.6]), run("r2", [0.82, 0.6]), run("r3", [0.78, 0.62])]);
    if (!out.ok) throw new Error(out.error);
    expect(out.result.runs.map((r) => r.mean)).toEqual([0.7, 0.71, 0.7]);
    expect(out.result.spread).toBeCloseTo(0.01, 12);
    expect(out.result.sd).toBeCloseTo(Math.sqrt(((0.01 / 3) ** 2 * 2 + (0.02 / 3) ** 2) / 2), 12);
    expect(out.result.within_band).toBe(true);
    expect(out.result.band).toBe(0.031);
  });

  it("is outside the band when the spread exceeds it", () => {
    const out = noiseBand([run("r1", [0.7]), run("r2", [0.74])]);
    expect(out.ok && out.result.within_band).toBe(false);
    const wide = noiseBand([run("r1", [0.7]), run("r2", [0.74])], 0.05);
    expect(wide.ok && wide.result.within_band).toBe(true);
  });

  it("leaves errored cases out of a run's mean and warns", () => {
    const out = noiseBand([run("r1", [0.7, 0.7]), run("r2", [0.7, 0.1], (i) => (i === 1 ? { correctness: null, error: "judge quorum not met (2/5)" } : {}))]);
    if (!out.ok) throw new Error(out.error);
    expect(out.result.runs[1]).toMatchObject({ mean: 0.7, errors: 1, n_cases: 2 });
    expect(out.result.warnings[0]).toMatch(/r2: 1 of 2 case\(s\) errored/);
  });

  it("uses the mean decision score for score reports", () => {
    const s = (label: string, v: number[]) => ({ label, report: normaliseReport(makeScoreReport(scoreDecisions(v)), label) });
    const out = noiseBand([s("a", [0.5, 0.75]), s("b", [0.5, 1])]);
    expect(out.ok && out.result).toMatchObject({ kind: "score", runs: [{ mean: 0.625 }, { mean: 0.75 }] });
  });

  it("needs two runs of one kind", () => {
    expect(noiseBand([run("r1", [0.7])]).ok).toBe(false);
    const score = { label: "s", report: normaliseReport(makeScoreReport(scoreDecisions([0.5])), "s") };
    expect(noiseBand([run("r1", [0.7]), score]).ok).toBe(false);
  });
});
