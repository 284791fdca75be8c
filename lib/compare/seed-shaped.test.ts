import { describe, expect, it } from "vitest";
import { InputError } from "../io/input-error";
import { compareReports } from "./compare";
import { itemView, judgeReportForCompareSchema } from "./judge-report-for-compare";
import { normaliseReport } from "./read-report";
import { judgeCases, makeJudgeCase, makeJudgeReport, toSeedShape } from "./test-factories";

// Issue 20 (10): compare reads a v2 report shaped as seed 002 defines it, and says what it lacks.

const items = {
  "lists depositing funds as a way to meet the call": { kind: "must_include" as const, covered: false, votes_true: 1, votes_valid: 3 },
  "recommends which positions to sell": { kind: "must_not_include" as const, present: true, votes_true: 2, votes_valid: 3 },
};
const full = makeJudgeReport([
  makeJudgeCase({ id: "sup-001", correctness: 0.4, verdict: "fail", missing_required: ["lists depositing funds as a way to meet the call"], forbidden_present: ["recommends which positions to sell"], items }),
  ...judgeCases([0.8, 0.9, 0.75]).map((c, i) => ({ ...c, id: `sup-00${i + 2}` })),
]);

describe("a seed-shaped judge report (v1's case fields plus items)", () => {
  it("was refused for its missing judge block by the full v2 schema, and is read now", () => {
    const seed = toSeedShape(full);
    expect(seed).not.toHaveProperty("judge");
    const r = normaliseReport(seed, "seed.json");
    expect(r.format).toBe("judge-v2");
    expect(r.meta).toMatchObject({ judge_model: undefined, judge_votes: undefined, pass_threshold: undefined });
    expect(r.cases.map((c) => [c.key, c.value, c.gate, c.violations])).toEqual([
      ["general_desk/sup-001", 0.4, false, ["recommends which positions to sell"]],
      ["general_desk/sup-002", 0.8, true, []],
      ["general_desk/sup-003", 0.9, true, []],
      ["general_desk/sup-004", 0.75, true, []],
    ]);
    expect(r.cases[0]!.gate_reason).toBe("missing: lists depositing funds as a way to meet the call · forbidden: recommends which positions to sell");
  });

  it("lists what it lacks as unknown: judge model, votes, threshold, vote counts, replies, suite", () => {
    expect(normaliseReport(toSeedShape(full), "seed.json").unknown).toEqual(["judge model", "judge votes (K)", "pass threshold", "valid votes per case", "replies", "suite"]);
    expect(normaliseReport(full, "full.json").unknown).toEqual([]);
  });

  it("is recognised by its items block without a schema_version, with bare boolean items too", () => {
    const r = normaliseReport(toSeedShape(full, { schemaVersion: false, bareItems: true }), "seed.json");
    expect(r.format).toBe("judge-v2");
    expect(r.cases).toHaveLength(4);
  });

  it("compares against a full report: Δ from correctness, flips from verdicts, and the unknown ruler named", () => {
    const candidate = makeJudgeReport(full.cases.map((c) => ({ ...c, correctness: c.correctness! + 0.05, alignments: c.alignments.map((a) => a + 0.05) })));
    const out = compareReports(normaliseReport(toSeedShape(full), "seed.json"), normaliseReport(candidate, "cand.json"));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.result.n_pairs).toBe(4);
    expect(out.result.mean_delta).toBeCloseTo(0.05, 12);
    expect(out.result.warnings).toContain("judge model unknown: the baseline's report does not say (the other's is judge-model), so whether it changed cannot be checked");
    expect(out.result.warnings.some((w) => w.startsWith("not comparable: judge model"))).toBe(false);
  });

  it("still requires the case fields compare needs, naming the field", () => {
    const seed = toSeedShape(full) as { cases: Array<Record<string, unknown>> };
    delete seed.cases[2]!.verdict;
    const e = (() => {
      try {
        normaliseReport(seed, "seed.json");
      } catch (x) {
        return x;
      }
    })() as InputError;
    expect(e).toBeInstanceOf(InputError);
    expect(e.field).toBe("cases[2].verdict");
    // What is present is still checked: a negative vote count is not "unknown", it is wrong.
    const bad = toSeedShape(full) as { cases: Array<Record<string, unknown>> };
    bad.cases[0]!.votes_valid = -1;
    expect(() => normaliseReport(bad, "seed.json")).toThrow(/cases\[0\]\.votes_valid/);
  });
});

describe("reading one item of either shape", () => {
  const c = { missing_required: ["a"], forbidden_present: ["b"] };
  it("a full item keeps its kind, verdict and votes", () => {
    expect(itemView("x", { kind: "must_include", covered: true, votes_true: 3, votes_valid: 3 }, c)).toEqual({ kind: "must_include", verdict: true, votes_true: 3, votes_valid: 3 });
  });
  it("a seed item without votes has them unknown; its kind comes from covered/present", () => {
    expect(itemView("x", { present: false }, c)).toEqual({ kind: "must_not_include", verdict: false, votes_true: null, votes_valid: null });
  });
  it("a bare boolean takes its kind from the case's lists, else the kind is unknown", () => {
    expect(itemView("a", false, c).kind).toBe("must_include");
    expect(itemView("b", true, c).kind).toBe("must_not_include");
    expect(itemView("z", true, c)).toEqual({ kind: null, verdict: true, votes_true: null, votes_valid: null });
  });
  it("the schema accepts both shapes", () => {
    expect(judgeReportForCompareSchema.safeParse(toSeedShape(full, { bareItems: true })).success).toBe(true);
  });
});
