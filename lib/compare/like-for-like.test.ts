import { describe, expect, it } from "vitest";
import { compareReports } from "./compare";
import { compatibilityWarnings } from "./compat";
import { atPassThreshold, everyCriterionHard, likeForLike } from "./like-for-like";
import { normaliseReport } from "./read-report";
import { rulerChanges } from "./ruler";
import { judgeCases, makeJudgeReport, makeScoreReport, scoreDecisions, toSeedShape } from "./test-factories";

const BASE = [0.9, 0.8, 0.75, 0.7, 0.85, 0.6, 0.95, 0.65, 0.8, 0.72, 0.88, 0.91];

describe("a change of ruler, named", () => {
  it("lists every field that differs, with both values, and nothing when the ruler is the same", () => {
    const b = normaliseReport(makeScoreReport(scoreDecisions(BASE), { pack_version: "1.4", advisory: [] }), "b.json");
    const c = normaliseReport(makeScoreReport(scoreDecisions(BASE), { pack_version: "1.5", advisory: ["H5"] }), "c.json");
    expect(rulerChanges(b, c).changed.map((x) => [x.field, x.baseline, x.candidate])).toEqual([
      ["pack", "v1.4", "v1.5"],
      ["advisory criteria", "none", "H5"],
    ]);
    expect(rulerChanges(b, b)).toEqual({ changed: [], unknown: [] });
    expect(compatibilityWarnings(b, c)).toContain("not comparable: advisory criteria none vs H5 (an advisory criterion does not zero a decision's score, so each side's scores count different violations)");
  });

  it("judge model, K and threshold; a side that does not say is unknown, not a change", () => {
    const b = normaliseReport(makeJudgeReport(judgeCases(BASE)), "b.json");
    // A report consistent with its own ruler: K = 5 votes per case, verdicts at 0.8.
    const other = judgeCases(BASE, () => ({ votes_configured: 5 })).map((x) => ({ ...x, verdict: x.correctness! >= 0.8 ? ("pass" as const) : ("fail" as const) }));
    const c = normaliseReport(makeJudgeReport(other, { judge: { model: "other", votes: 5, pass_threshold: 0.8 } }), "c.json");
    expect(rulerChanges(b, c).changed.map((x) => x.field)).toEqual(["judge model", "judge votes (K)", "pass threshold"]);
    const seed = normaliseReport(toSeedShape(makeJudgeReport(judgeCases(BASE))), "s.json");
    const r = rulerChanges(seed, c);
    expect(r.changed).toEqual([]);
    expect(r.unknown.map((u) => [u.field, u.side, u.known])).toEqual([
      ["judge model", "baseline", "other"],
      ["judge votes (K)", "baseline", "5"],
      ["pass threshold", "baseline", "0.8"],
    ]);
  });
});

describe("the verdict computed like for like", () => {
  it("with every criterion hard: the strict scores on both sides, which can reverse the verdict", () => {
    // The candidate gains on the composite only because H5 became advisory: its strict scores fell.
    const b = normaliseReport(makeScoreReport(scoreDecisions(BASE), { advisory: [] }), "b.json");
    const cand = scoreDecisions(BASE.map((v) => v + 0.05), 1, (i) => ({ score_strict: BASE[i]! - 0.1, hard_violations: ["H5"] }));
    const c = normaliseReport(makeScoreReport(cand, { advisory: ["H5"] }), "c.json");
    const { variants, impossible } = likeForLike(b, c);
    expect(impossible).toEqual([]);
    expect(variants.map((v) => v.label)).toEqual(["with every criterion hard"]);
    const asReported = compareReports(b, c, { resamples: 2000 });
    const strict = compareReports(variants[0]!.baseline, variants[0]!.candidate, { resamples: 2000 });
    expect(asReported.ok && asReported.result.verdict).toBe("IMPROVED");
    expect(strict.ok && strict.result.verdict).toBe("REGRESSED");
    expect(strict.ok && strict.result.mean_delta).toBeCloseTo(-0.1, 12);
  });

  it("a report without strict scores cannot be made strict", () => {
    const r = normaliseReport(makeScoreReport(scoreDecisions([0.5]).map(({ score_strict: _, ...d }) => d as never)), "x.json");
    expect(everyCriterionHard(r)).toBeNull();
  });

  it("a changed pass threshold re-gates both sides at each threshold: the flips it alone made disappear", () => {
    const values = [0.72, 0.74, 0.9, 0.95];
    const b = normaliseReport(makeJudgeReport(judgeCases(values)), "b.json");
    // Same correctness, stricter threshold: the 0.72 and 0.74 cases now fail.
    const stricter = makeJudgeReport(judgeCases(values).map((c) => ({ ...c, verdict: c.correctness! >= 0.8 ? "pass" : "fail" }) as typeof c), { judge: { model: "judge-model", votes: 3, pass_threshold: 0.8 } });
    const c = normaliseReport(stricter, "c.json");
    const asReported = compareReports(b, c, { resamples: 500 });
    expect(asReported.ok && asReported.result.gate_flips.pass_to_fail.length).toBe(2);
    const { variants } = likeForLike(b, c);
    expect(variants.map((v) => v.label)).toEqual(["both gated at pass threshold 0.7", "both gated at pass threshold 0.8"]);
    for (const v of variants) {
      const out = compareReports(v.baseline, v.candidate, { resamples: 500 });
      expect(out.ok && out.result.gate_flips.pass_to_fail).toEqual([]);
    }
    expect(atPassThreshold(b, 0.8).cases[0]).toMatchObject({ gate: false, gate_reason: "correctness 0.72 below the pass threshold 0.8" });
  });

  it("a pack change keeps only the decisions whose targets did not change, when the workbench knows them", () => {
    const b = normaliseReport(makeScoreReport(scoreDecisions(BASE), { pack_version: "1.4" }), "b.json");
    const c = normaliseReport(makeScoreReport(scoreDecisions(BASE), { pack_version: "1.5" }), "c.json");
    const same = new Set(["ep-001#1", "ep-002#1", "ep-003#1"]);
    const { variants } = likeForLike(b, c, same);
    expect(variants[0]!.label).toBe("on the decisions whose targets did not change");
    expect(variants[0]!.candidate.cases.map((x) => x.id)).toEqual([...same]);
    expect(likeForLike(b, c).impossible.map((x) => x.label)).toEqual(["on the decisions whose targets did not change"]);
  });

  it("a different judge model cannot be undone by recomputation, and says so", () => {
    const b = normaliseReport(makeJudgeReport(judgeCases(BASE)), "b.json");
    const c = normaliseReport(makeJudgeReport(judgeCases(BASE), { judge: { model: "other", votes: 3, pass_threshold: 0.7 } }), "c.json");
    const { variants, impossible } = likeForLike(b, c);
    expect(variants).toEqual([]);
    expect(impossible.map((x) => x.label)).toEqual(["with one judge model"]);
  });
});
