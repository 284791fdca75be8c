import { describe, expect, it } from "vitest";
import { compareReports, type CompareResult } from "./compare";
import { normaliseReport } from "./read-report";
import { clusteringExplanation, mdeExplanation, verdictSentence, verdictTone } from "./verdict-sentence";
import { judgeCases, makeJudgeReport, makeScoreReport, scoreDecisions } from "./test-factories";

const judge = (values: number[]) => normaliseReport(makeJudgeReport(judgeCases(values)), "j.json");
const BASE = [0.9, 0.8, 0.75, 0.7, 0.85, 0.6, 0.95, 0.65, 0.8, 0.72, 0.88, 0.91];
const jitter = (i: number) => ((i * 37) % 11) / 500;
function run(b: ReturnType<typeof judge>, c: ReturnType<typeof judge>): CompareResult {
  const out = compareReports(b, c, { resamples: 2000 });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

describe("the verdict in one sentence, from the comparison's own figures", () => {
  it("REGRESSED: the interval lies entirely below 0, the candidate is worse, with the interval printed", () => {
    const r = run(judge(BASE), judge(BASE.map((v, i) => v - 0.1 - jitter(i))));
    expect(r.verdict).toBe("REGRESSED");
    expect(verdictTone(r)).toBe("worse");
    const s = verdictSentence(r);
    expect(s).toBe(`The 95% interval of the mean paired Δ, [${r.ci[0].toFixed(3)}, ${r.ci[1].toFixed(3)}], lies entirely below 0: the candidate is worse.`);
  });

  it("IMPROVED: entirely above 0, better", () => {
    const r = run(judge(BASE), judge(BASE.map((v, i) => v + 0.05 + jitter(i))));
    expect(verdictTone(r)).toBe("better");
    expect(verdictSentence(r)).toMatch(/^The 95% interval of the mean paired Δ, \[\+0\.\d{3}, \+0\.\d{3}\], lies entirely above 0: the candidate is better\.$/);
  });

  it("INCONCLUSIVE: contains 0, and names the minimum detectable Δ that could hide", () => {
    const r = run(judge(BASE), judge(BASE.map((v, i) => v + (i % 2 ? 0.03 : -0.03))));
    expect(r.verdict).toBe("INCONCLUSIVE");
    expect(verdictTone(r)).toBe("unclear");
    expect(verdictSentence(r)).toContain("contains 0: this comparison shows neither a better nor a worse candidate");
    expect(verdictSentence(r)).toContain(`smaller than ±${r.mde.value!.toFixed(3)} (the minimum detectable Δ)`);
  });

  it("one unit: the interval is a point and no verdict is drawn, whatever its Δ", () => {
    const r = run(judge([0.5]), judge([0.9]));
    expect(verdictSentence(r)).toMatch(/only one pair to resample/);
  });
});

describe("one-line explanations of the minimum detectable Δ and of clustering", () => {
  it("MDE: 2.80 × this comparison's SE over its units", () => {
    const r = run(judge(BASE), judge(BASE.map((v, i) => v + jitter(i))));
    expect(mdeExplanation(r)).toContain(`2.80 × the standard error ${r.mde.se!.toFixed(4)} of the mean Δ over 12 pairs`);
  });

  it("clustered score reports say episodes are resampled whole, with the count and the design effect", () => {
    const b = normaliseReport(makeScoreReport(scoreDecisions(BASE, 3)), "b.json");
    const c = normaliseReport(makeScoreReport(scoreDecisions(BASE.map((v, i) => v + (i < 6 ? 0.1 : -0.05)), 3)), "c.json");
    const out = compareReports(b, c, { resamples: 2000 });
    if (!out.ok) throw new Error(out.error);
    const text = clusteringExplanation(out.result);
    expect(text).toContain("resamples whole episodes (4 of them)");
    expect(text).toContain(`${out.result.mde.design_effect!.toFixed(2)} × what independent decisions would give`);
    expect(clusteringExplanation(run(judge(BASE), judge(BASE)))).toMatch(/^Each pair is resampled on its own/);
  });
});
