import { describe, expect, it } from "vitest";
import { pairCases, roleMatches } from "./pair";
import { normaliseReport } from "./read-report";
import { judgeCases, makeJudgeCase, makeJudgeReport, makeScoreDecision, makeScoreReport, scoreDecisions } from "./test-factories";

const judge = (cases: ReturnType<typeof judgeCases>) => normaliseReport(makeJudgeReport(cases), "j.json");

describe("pairing", () => {
  it("keeps the intersection only, sorted by key, and warns naming the first unmatched keys and the count", () => {
    const base = judge(judgeCases(Array(10).fill(0.5)));
    const cand = judge(judgeCases(Array(3).fill(0.6)));
    const out = pairCases(base, cand);
    if (!out.ok) throw new Error(out.error);
    expect(out.pairs.map((p) => p.key)).toEqual(["general_desk/gd-001", "general_desk/gd-002", "general_desk/gd-003"]);
    expect(out.warnings).toEqual([
      "7 baseline case(s) missing from the candidate, left out: general_desk/gd-004, general_desk/gd-005, general_desk/gd-006, general_desk/gd-007, general_desk/gd-008, … (+2 more)",
    ]);
  });

  it("disjoint case sets are an error, with both sides named in warnings", () => {
    const base = judge(judgeCases([0.5, 0.6]));
    const cand = judge(judgeCases([0.5], () => ({ id: "other" })));
    const out = pairCases(base, cand);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error).toMatch(/no cases in common/);
    expect(out.warnings).toHaveLength(2);
  });

  it("a score report cannot be compared with a judge report", () => {
    const out = pairCases(normaliseReport(makeScoreReport(scoreDecisions([0.5])), "s.json"), judge(judgeCases([0.5])));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(/cannot compare a score report \(baseline\) with a judge report \(candidate\)/);
  });

  it("--role keeps the role's own cases and its policy@role expansion", () => {
    const cases = [
      makeJudgeCase({ role: "general_desk", id: "gd-001" }),
      makeJudgeCase({ role: "retirement_desk", id: "rt-001" }),
      makeJudgeCase({ role: "policy@general_desk", id: "pol-001" }),
      makeJudgeCase({ role: "policy@retirement_desk", id: "pol-001" }),
    ];
    const out = pairCases(judge(cases), judge(cases), { role: "general_desk" });
    if (!out.ok) throw new Error(out.error);
    expect(out.pairs.map((p) => p.key)).toEqual(["general_desk/gd-001", "policy@general_desk/pol-001"]);
    expect(roleMatches("policy@general_desk", "policy@general_desk")).toBe(true);
    expect(roleMatches("general_desk", "desk")).toBe(false);
  });

  it("a role with no cases is an error listing the roles present", () => {
    const out = pairCases(judge(judgeCases([0.5])), judge(judgeCases([0.5])), { role: "nobody" });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(/roles present: general_desk/);
  });

  it("a role filter on score reports is an error", () => {
    const s = normaliseReport(makeScoreReport(scoreDecisions([0.5])), "s.json");
    expect(pairCases(s, s, { role: "general_desk" }).ok).toBe(false);
  });

  it("cases without a value on either side stay paired but are left out of Δ, with a warning", () => {
    const base = judge(judgeCases([0.5, 0.6, 0.7]));
    const cand = judge(judgeCases([0.5, 0.6, 0.7], (i) => (i === 1 ? { correctness: null, verdict: "fail", error: "judge quorum not met (1/3)" } : {})));
    const out = pairCases(base, cand);
    if (!out.ok) throw new Error(out.error);
    expect(out.pairs).toHaveLength(3);
    expect(out.usable.map((p) => p.key)).toEqual(["general_desk/gd-001", "general_desk/gd-003"]);
    expect(out.warnings[0]).toMatch(/1 paired case\(s\) have no value.*general_desk\/gd-002 \(candidate: judge quorum not met \(1\/3\)\)/);
  });

  it("score reports pair by (decision_id, thinking mode)", () => {
    const both = normaliseReport(makeScoreReport([makeScoreDecision(), makeScoreDecision({ thinking: true })]), "b.json");
    const off = normaliseReport(makeScoreReport([makeScoreDecision()]), "c.json");
    const out = pairCases(both, off);
    if (!out.ok) throw new Error(out.error);
    expect(out.pairs.map((p) => p.key)).toEqual(["ep-001#1"]);
    expect(out.warnings).toEqual(["1 baseline case(s) missing from the candidate, left out: ep-001#1 (thinking)"]);
  });

  it("a thinking-off run against a thinking-on run pairs by decision_id, with a warning", () => {
    const off = normaliseReport(makeScoreReport(scoreDecisions([0.5, 0.6])), "b.json");
    const on = normaliseReport(makeScoreReport(scoreDecisions([0.7, 0.8], 1, () => ({ thinking: true }))), "c.json");
    const out = pairCases(off, on);
    if (!out.ok) throw new Error(out.error);
    expect(out.pairs.map((p) => p.key)).toEqual(["ep-001#1", "ep-002#1"]);
    expect(out.warnings[0]).toMatch(/baseline outputs are all thinking-off and candidate outputs all thinking-on/);
  });

  it("repeated samples are named in a warning", () => {
    const twice = normaliseReport(makeScoreReport([makeScoreDecision({ score: 0.4 }), makeScoreDecision({ score: 0.6 })]), "b.json");
    const out = pairCases(twice, twice);
    expect(out.ok && out.warnings).toEqual([
      "baseline: 1 decision(s) have repeated samples; each counts once, at its mean score (gate: every sample passes; violations: any sample)",
      "candidate: 1 decision(s) have repeated samples; each counts once, at its mean score (gate: every sample passes; violations: any sample)",
    ]);
  });
});
