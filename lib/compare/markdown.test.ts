import { describe, expect, it } from "vitest";
import { compareReports, type CompareResult } from "./compare";
import { renderCompareMarkdown } from "./markdown";
import { normaliseReport } from "./read-report";
import { judgeCases, makeJudgeReport } from "./test-factories";

function result(base: number[], cand: number[], overrides?: Parameters<typeof judgeCases>[1]): CompareResult {
  const out = compareReports(normaliseReport(makeJudgeReport(judgeCases(base)), "b"), normaliseReport(makeJudgeReport(judgeCases(cand, overrides)), "c"));
  if (!out.ok) throw new Error(out.error);
  return out.result;
}
const md = (r: CompareResult, maxRows?: number) => renderCompareMarkdown(r, { baseline: "base.json", candidate: "cand.json", maxRows });

describe("compare markdown", () => {
  it("opens with the verdict line, then blockers and gate flips before the statistics", () => {
    const base = Array.from({ length: 20 }, (_, i) => 0.5 + i / 50);
    const text = md(result(base, base.map((v) => v + 0.05), (i) => (i === 12 ? { verdict: "fail", forbidden_present: ["a | piped item"] } : {})));
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^\*\*Verdict: IMPROVED\*\* \(mean Δ \+0\.050, 95% CI \+0\.050 to \+0\.050, 20 pairs; unclustered \(20 pairs\)\)$/);
    expect(lines[2]).toBe("**Regression gate: FAIL** (verdict IMPROVED; 1 blocker(s); 1 pass→fail flip(s))");
    expect(text.indexOf("## Blockers (1)")).toBeLessThan(text.indexOf("## Gate flips"));
    expect(text.indexOf("## Gate flips")).toBeLessThan(text.indexOf("## Mean Δ"));
    expect(text).toContain("| general_desk/gd-013 | general_desk | forbidden: a \\| piped item |"); // the new violation in the judge's words
  });

  it("states the MDE and what INCONCLUSIVE can and cannot rule out", () => {
    const base = Array.from({ length: 20 }, () => 0.6);
    const text = md(result(base, base.map((v, i) => v + (i % 2 ? 0.1 : -0.1))));
    expect(text.split("\n")[0]).toMatch(/^\*\*Verdict: INCONCLUSIVE\*\*/);
    expect(text).toMatch(/minimum detectable Δ at 80% power \(two-sided α = 0\.05\): ±0\.0\d\d \(SE = paired SD 0\.103 \/ √20\)/);
    expect(text).toMatch(/INCONCLUSIVE: the CI contains 0\. It rules out, at the 95% level, a mean change below -0\.\d+ or above \+0\.\d+; it does not show the runs are equivalent\./);
  });

  it("caps the per-case table and counts the rows left out", () => {
    const base = Array.from({ length: 30 }, () => 0.5);
    const cand = base.map((v, i) => v + (i < 12 ? -(i + 1) / 100 : i < 26 ? (i - 11) / 100 : 0));
    const text = md(result(base, cand), 5);
    expect(text).toContain("### Largest regressions (5 of 12)");
    expect(text).toContain("### Largest improvements (5 of 14)");
    expect(text).toContain("… and 20 more case(s) not shown");
    // Largest first in each direction.
    expect(text.indexOf("| general_desk/gd-012 |")).toBeLessThan(text.indexOf("| general_desk/gd-011 |"));
    expect(text.indexOf("| general_desk/gd-026 |")).toBeLessThan(text.indexOf("| general_desk/gd-025 |"));
  });
});
