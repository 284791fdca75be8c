import { describe, expect, it } from "vitest";
import { InputError } from "../io/input-error";
import { scoreReportSchema } from "../scoring/report-schema";
import { normaliseReport } from "./read-report";
import { makeJudgeCase, makeJudgeReport, makeJudgeReportV1, makeScoreDecision, makeScoreReport } from "./test-factories";

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

describe("reading the three report kinds", () => {
  it("a score report pairs by decision_id, clusters by episode; gate = format valid ∧ no hard violation", () => {
    const report = makeScoreReport([
      makeScoreDecision({ decision_id: "ep-001#1", episode_id: "ep-001", score: 0.9 }),
      makeScoreDecision({ decision_id: "ep-001#2", episode_id: "ep-001", score: 0.4, hard_violations: ["H5", "H1"] }),
      makeScoreDecision({ decision_id: "ep-002#1", episode_id: "ep-002", score: 0, format_valid: false, format_error: "not JSON" }),
    ]);
    expect(scoreReportSchema.safeParse(report).success).toBe(true); // the factory tracks the contract
    const r = normaliseReport(report, "s.json");
    expect(r.kind).toBe("score");
    expect(r.format).toBe("score-v1");
    expect(r.cases.map((c) => [c.key, c.cluster, c.value, c.gate, c.violations])).toEqual([
      ["ep-001#1", "ep-001", 0.9, true, []],
      ["ep-001#2", "ep-001", 0.4, false, ["H1", "H5"]],
      ["ep-002#1", "ep-002", 0, false, []],
    ]);
    expect(r.cases[2]!.gate_reason).toBe("format invalid (not JSON)");
    // No hits in this report: each code is said by its criterion's name, never the bare code.
    expect(r.cases[1]!.gate_reason).toBe("H1: disclosure before verification; H5: unstated timeline");
  });

  it("a judge v2 report pairs by (role, id); gate = verdict pass; violations = forbidden_present", () => {
    const r = normaliseReport(
      makeJudgeReport([makeJudgeCase({ role: "policy@general_desk", id: "pol-001", correctness: 0.5, verdict: "fail", forbidden_present: ["invents a tracking number"] })]),
      "j.json",
    );
    expect(r).toMatchObject({ kind: "judge", format: "judge-v2", meta: { judge_model: "judge-model", judge_votes: 3, pass_threshold: 0.7 } });
    expect(r.cases[0]).toMatchObject({ key: "policy@general_desk/pol-001", group: "policy@general_desk", cluster: null, value: 0.5, gate: false, violations: ["invents a tracking number"] });
    expect(r.cases[0]!.gate_reason).toBe("forbidden: invents a tracking number");
  });

  it("a judge case that errored has no value and no gate", () => {
    const r = normaliseReport(makeJudgeReport([makeJudgeCase({ correctness: null, verdict: "fail", error: "judge quorum not met (1/3)" })]), "j.json");
    expect(r.cases[0]).toMatchObject({ value: null, gate: null, error: "judge quorum not met (1/3)" });
  });

  it("a report without items is read as v1, with or without schema_version", () => {
    const v1 = makeJudgeReportV1([makeJudgeCase()]);
    expect(normaliseReport(v1, "a.json").format).toBe("judge-v1");
    const { schema_version: _, ...bare } = v1;
    expect(normaliseReport(bare, "b.json").format).toBe("judge-v1");
  });

  it("a file that is no report is an InputError naming the field", () => {
    expect(inputError(() => normaliseReport([1, 2], "x.json")).message).toMatch(/^x\.json: expected a JSON object/);
    expect(inputError(() => normaliseReport({ rows: [] }, "x.json")).field).toBe("cases");
    expect(inputError(() => normaliseReport({ kind: "trace" }, "x.json")).field).toBe("kind");
    expect(inputError(() => normaliseReport({ decisions: [] }, "x.json")).field).toBe("kind");
    expect(inputError(() => normaliseReport({ schema_version: 3, cases: [] }, "x.json")).field).toBe("schema_version");
  });

  it("a malformed case names its path", () => {
    const bad = makeJudgeReportV1([makeJudgeCase(), makeJudgeCase({ id: "gd-002" })]);
    (bad.cases[1] as Record<string, unknown>).verdict = "maybe";
    const e = inputError(() => normaliseReport(bad, "x.json"));
    expect(e.field).toBe("cases[1].verdict");
    const score = makeScoreReport([makeScoreDecision()]);
    (score.decisions[0] as Record<string, unknown>).score = "high";
    expect(inputError(() => normaliseReport(score, "s.json")).field).toBe("decisions[0].score");
  });

  it("a duplicate pairing key in one report is an InputError", () => {
    const e = inputError(() => normaliseReport(makeJudgeReport([makeJudgeCase(), makeJudgeCase()]), "d.json"));
    expect(e.field).toBe("cases[1]");
    expect(e.message).toMatch(/duplicate \(role, id\) "general_desk\/gd-001"/);
  });

  it("a score report keys thinking-on outputs apart and folds repeated samples into their mean", () => {
    const r = normaliseReport(
      makeScoreReport([
        makeScoreDecision({ score: 0.2, hard_violations: ["H5"] }),
        makeScoreDecision({ score: 0.6 }),
        makeScoreDecision({ score: 1, thinking: true }),
      ]),
      "s.json",
    );
    expect(r.cases.map((c) => [c.key, c.id, c.variant, c.samples, c.value, c.gate, c.violations])).toEqual([
      ["ep-001#1", "ep-001#1", null, 2, 0.4, false, ["H5"]],
      ["ep-001#1 (thinking)", "ep-001#1", "thinking", 1, 1, true, []],
    ]);
  });
});
