import { describe, expect, it } from "vitest";
import { compareReports, type CompareOptions, type CompareResult, failsRegressionGate, reviewFigures } from "./compare";
import { normaliseReport, type NormalisedReport } from "./read-report";
import { judgeCases, makeJudgeReport, makeJudgeReportV1, makeScoreReport, scoreDecisions } from "./test-factories";

const BASE = Array.from({ length: 30 }, (_, i) => 0.5 + ((i * 37) % 40) / 100); // 0.50 … 0.89
const jitter = (i: number) => (((i * 53) % 7) - 3) / 100; // −0.03 … +0.03
const judge = (values: number[], overrides?: Parameters<typeof judgeCases>[1]) => normaliseReport(makeJudgeReport(judgeCases(values, overrides)), "j.json");

function run(base: NormalisedReport, cand: NormalisedReport, options?: CompareOptions): CompareResult {
  const out = compareReports(base, cand, options);
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

describe("verdict from the bootstrap CI against 0", () => {
  it("IMPROVED when the whole CI is above 0", () => {
    const r = run(judge(BASE), judge(BASE.map((v, i) => v + 0.05 + jitter(i))));
    expect(r.verdict).toBe("IMPROVED");
    expect(r.ci[0]).toBeGreaterThan(0);
    expect(r.mean_delta).toBeCloseTo(0.05, 2);
    expect(r.ci[0]).toBeLessThanOrEqual(r.mean_delta);
    expect(r.ci[1]).toBeGreaterThanOrEqual(r.mean_delta);
    expect(r).toMatchObject({ n_pairs: 30, resamples: 10_000, kind: "judge", resampling: "unclustered (30 pairs)" });
  });

  it("REGRESSED when the whole CI is below 0", () => {
    const r = run(judge(BASE), judge(BASE.map((v, i) => v - 0.05 + jitter(i))));
    expect(r.verdict).toBe("REGRESSED");
    expect(r.ci[1]).toBeLessThan(0);
    expect(failsRegressionGate(r)).toBe(true);
  });

  it("INCONCLUSIVE when the CI contains 0", () => {
    const r = run(judge(BASE), judge(BASE.map((v, i) => v + (i % 2 ? 0.1 : -0.1) + jitter(i) / 10)));
    expect(r.verdict).toBe("INCONCLUSIVE");
    expect(r.ci[0]).toBeLessThan(0);
    expect(r.ci[1]).toBeGreaterThan(0);
    expect(r.mde.value).not.toBeNull();
  });

  it("identical reports are INCONCLUSIVE with every pair tied and a zero-width CI at 0", () => {
    const r = run(judge(BASE), judge(BASE));
    expect(r).toMatchObject({ verdict: "INCONCLUSIVE", ci: [0, 0], improved: 0, regressed: 0, tied: 30 });
  });

  it("a single pair is INCONCLUSIVE whatever its Δ, with a warning", () => {
    const r = run(judge([0.2]), judge([0.9]));
    expect(r.verdict).toBe("INCONCLUSIVE");
    expect(r.warnings.join("\n")).toMatch(/only 1 pairs to resample/);
  });
});

describe("gate flips and blockers", () => {
  it("a new forbidden item blocks and flips pass→fail even though the mean improves", () => {
    const cand = judge(
      BASE.map((v, i) => v + 0.05 + jitter(i)),
      (i) => (i === 4 ? { verdict: "fail", forbidden_present: ["recommends a specific fund"] } : {}),
    );
    const r = run(judge(BASE), cand);
    expect(r.verdict).toBe("IMPROVED");
    expect(r.blockers).toEqual([{ key: "general_desk/gd-005", group: "general_desk", new_violations: ["recommends a specific fund"], reasons: ["forbidden: recommends a specific fund"], baseline_errored: false }]);
    expect(r.gate_flips.pass_to_fail).toEqual([{ key: "general_desk/gd-005", group: "general_desk", reason: "forbidden: recommends a specific fund" }]);
    expect(failsRegressionGate(r)).toBe(true);
  });

  it("gate flips are listed both ways; an improvement with only fail→pass flips passes the regression gate", () => {
    const r = run(judge([0.6, 0.65, 0.8, 0.9]), judge([0.75, 0.72, 0.85, 0.95]));
    expect(r.gate_flips.fail_to_pass.map((f) => f.key)).toEqual(["general_desk/gd-001", "general_desk/gd-002"]);
    expect(r.gate_flips.fail_to_pass[0]!.reason).toMatch(/correctness 0\.60 below the pass threshold/);
    expect(r.gate_flips.pass_to_fail).toEqual([]);
    expect(failsRegressionGate(r)).toBe(false);
  });

  it("a case page's flips and blockers, found without the bootstrap, are the comparison's own", () => {
    const base = judge(BASE);
    const cand = judge(
      BASE.map((v, i) => v + jitter(i) - (i % 5 === 0 ? 0.3 : 0)),
      (i) => (i === 7 ? { verdict: "fail", forbidden_present: ["promises a date"] } : {}),
    );
    const r = run(base, cand);
    expect(r.gate_flips.pass_to_fail.length + r.blockers.length).toBeGreaterThan(0);
    expect(reviewFigures(base, cand)).toEqual({ ok: true, figures: { gate_flips: r.gate_flips, blockers: r.blockers } });
  });

  it("a violation the baseline already had is not a blocker", () => {
    const forbidden = { verdict: "fail" as const, forbidden_present: ["names a tracking number"] };
    const r = run(judge([0.5, 0.6], () => forbidden), judge([0.55, 0.65], () => forbidden));
    expect(r.blockers).toEqual([]);
  });

  it("a new H-code on a decision is a blocker, said in the scorer's words; one the baseline had is not", () => {
    const h5 = { start: 20, end: 28, text: "24 hours", reason: "H5: commitment to '24 hours' (not allowed)" };
    const base = normaliseReport(makeScoreReport(scoreDecisions([0.8, 0.7, 0.6, 0.5], 2, (i) => (i === 0 ? { hard_violations: ["H4"] } : {}))), "b.json");
    const cand = normaliseReport(
      makeScoreReport(scoreDecisions([0.9, 0.8, 0.7, 0.6], 2, (i) => (i === 0 ? { hard_violations: ["H4", "H5"], hits: { H5: [h5] } } : i === 3 ? { hard_violations: ["H1"] } : {}))),
      "c.json",
    );
    const r = run(base, cand);
    expect(r.blockers.map((b) => [b.key, b.new_violations, b.reasons])).toEqual([
      ["ep-001#1", ["H5"], ["H5: commitment to '24 hours' (not allowed)"]],
      ["ep-002#2", ["H1"], ["H1: disclosure before verification"]], // no hits in the report: the criterion's name, not the bare code
    ]);
    expect(r.gate_flips.pass_to_fail.map((f) => [f.key, f.reason])).toEqual([["ep-002#2", "H1: disclosure before verification"]]);
  });

  it("a violation on a case whose baseline errored counts as new, flagged baseline_errored", () => {
    const base = judge([0.5, 0.6], (i) => (i === 0 ? { correctness: null, error: "judge quorum not met (1/3)", verdict: "fail" } : {}));
    const cand = judge([0.5, 0.6], (i) => (i === 0 ? { forbidden_present: ["guarantees a return"], verdict: "fail" } : {}));
    const r = run(base, cand);
    expect(r.blockers).toEqual([{ key: "general_desk/gd-001", group: "general_desk", new_violations: ["guarantees a return"], reasons: ["forbidden: guarantees a return"], baseline_errored: true }]);
    expect(r.gate_flips.pass_to_fail).toEqual([]); // the errored side has no gate
    expect(r.n_pairs).toBe(1);
  });
});

describe("report versions and provenance", () => {
  it("a v1 baseline compares with a v2 candidate, warning that correctness changed meaning", () => {
    const base = normaliseReport(makeJudgeReportV1(judgeCases(BASE)), "v1.json");
    const r = run(base, judge(BASE.map((v) => v + 0.02)));
    expect(r.formats).toEqual({ baseline: "judge-v1", candidate: "judge-v2" });
    expect(r.verdict).toBe("IMPROVED");
    expect(r.warnings[0]).toMatch(/^not comparable: protocol judge-v1 vs judge-v2 \(v1 correctness is a holistic score/);
  });

  it("a changed judge model or K is a ruler change, said as not comparable", () => {
    // The candidate's cases hold the five votes its header declares (a report whose K disagrees with its votes is refused).
    const cand = normaliseReport(makeJudgeReport(judgeCases(BASE, () => ({ votes_configured: 5 })), { judge: { model: "other-judge", votes: 5, pass_threshold: 0.7 } }), "c.json");
    const w = run(judge(BASE), cand).warnings;
    expect(w).toContain("not comparable: judge model judge-model vs other-judge (a different judge grades differently, so Δ mixes the judge change with the agent change)");
    expect(w.filter((x) => x.startsWith("not comparable: judge votes (K) 3 vs 5"))).toHaveLength(1);
    expect(w.filter((x) => x.startsWith("not comparable: pass threshold"))).toEqual([]);
  });

  it("a changed pack version or eval split says in words that the two are not comparable", () => {
    const decisions = scoreDecisions(BASE);
    const base = normaliseReport(makeScoreReport(decisions, { pack_version: "1.4", eval_hash: "a".repeat(64) }), "b.json");
    const cand = normaliseReport(makeScoreReport(decisions, { pack_version: "1.5", eval_hash: "0123456789abcdef".repeat(4) }), "c.json");
    const w = run(base, cand).warnings;
    expect(w).toContain("not comparable: pack v1.4 vs v1.5 (the targets changed, so Δ mixes the pack change with the agent change)");
    expect(w).toContain("not comparable: eval split aaaaaaaaaaaa vs 0123456789ab (episodes or targets changed)");
    expect(run(base, base).warnings.filter((x) => x.startsWith("not comparable"))).toEqual([]);
  });

  it("mixing a score report with a judge report is an error, not a result", () => {
    const out = compareReports(normaliseReport(makeScoreReport(scoreDecisions([0.5])), "s.json"), judge([0.5]));
    expect(out.ok).toBe(false);
  });

  it("an empty intersection is an error", () => {
    const out = compareReports(judge([0.5]), judge([0.5], () => ({ id: "x" })));
    expect(out).toMatchObject({ ok: false, error: expect.stringMatching(/no cases in common/) });
  });
});

describe("resampling", () => {
  // 24 episodes × 4 decisions; each episode moves as a block (±0.15) around +0.04.
  const base = scoreDecisions(Array(96).fill(0.5), 4);
  const cand = scoreDecisions(Array.from({ length: 96 }, (_, i) => 0.5 + 0.04 + (Math.floor(i / 4) % 2 ? 0.15 : -0.15) + ((i % 4) - 1.5) / 200), 4);
  const b = normaliseReport(makeScoreReport(base), "b.json");
  const c = normaliseReport(makeScoreReport(cand), "c.json");

  it("score reports resample whole episodes and say so; the CI is wider than resampling pairs when episodes are correlated", () => {
    const clustered = run(b, c);
    const flat = run(b, c, { cluster: false });
    expect(clustered.resampling).toBe("clustered by episode (24 clusters)");
    expect(flat.resampling).toBe("unclustered (96 pairs)");
    expect(clustered.ci[1] - clustered.ci[0]).toBeGreaterThan(1.6 * (flat.ci[1] - flat.ci[0]));
    expect(flat.verdict).toBe("IMPROVED"); // treating 96 correlated decisions as independent overstates the evidence
    expect(clustered.verdict).toBe("INCONCLUSIVE");
    expect(clustered.mde.basis).toBe("clusters");
    expect(clustered.mde.value!).toBeGreaterThan(flat.mde.value!);
  });

  it("one episode falls back to resampling pairs, with a warning", () => {
    const one = (vals: number[]) => normaliseReport(makeScoreReport(scoreDecisions(vals, 12)), "one.json");
    const r = run(one(Array(12).fill(0.5)), one(Array.from({ length: 12 }, (_, i) => 0.6 + i / 100)));
    expect(r.resampling).toBe("unclustered (12 pairs)");
    expect(r.warnings.join("\n")).toMatch(/all pairs come from one episode/);
  });

  it("the same seed gives an identical CI, whatever the input order", () => {
    const shuffled = { ...c, cases: [...c.cases].reverse() };
    expect(run(b, c).ci).toEqual(run(b, shuffled).ci);
    expect(run(b, c).seed).toBe(20260702);
    const jb = judge(BASE);
    const jc = judge(BASE.map((v, i) => v + 0.05 + Math.sin(i) / 20));
    expect(run(jb, jc, { seed: 99 }).ci).toEqual(run(jb, jc, { seed: 99 }).ci);
    expect(run(jb, jc, { seed: 99 }).ci).not.toEqual(run(jb, jc, { seed: 100 }).ci);
  });
});

describe("per-case rows and counts", () => {
  it("rows are sorted by Δ, then by key; counts treat |Δ| < 1e-9 as tied", () => {
    const r = run(judge([0.5, 0.5, 0.5, 0.5, 0.5]), judge([0.6, 0.4, 0.5 + 1e-12, 0.4, 0.7]));
    expect(r.rows.map((x) => [x.key.slice(-3), Number(x.delta.toFixed(3))])).toEqual([
      ["002", -0.1], ["004", -0.1], ["003", 0], ["001", 0.1], ["005", 0.2],
    ]);
    expect([r.improved, r.regressed, r.tied]).toEqual([2, 2, 1]);
  });
});
