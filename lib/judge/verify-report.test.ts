import { describe, expect, it } from "vitest";
import { InputError } from "../io/input-error";
import { normaliseReport } from "../compare/read-report";
import { makeJudgeCaseAsWritten, makeJudgeReport, makeJudgeReportV1, toSeedShape } from "../compare/test-factories";
import { aggregateVotes } from "./aggregate";
import type { JudgeCaseV2 } from "./report-schema";
import { verifyJudgeCase, verifyJudgeReport } from "./verify-report";
import type { VoteOutcome } from "./vote";

// Issue 20: an imported judge report's figures are recomputed from its own votes with decideCase, the function that
// produced them, and a report whose verdict, correctness or item lists contradict its votes is refused, naming the
// case and the field.

const items = { must_include: ["states the 2 p.m. ET cut-off"], must_not_include: ["promises the arrival time"] };
const vote = (covered: boolean, promised: boolean, alignment: number): VoteOutcome => ({ ok: true, vote: { items: { "states the 2 p.m. ET cut-off": covered }, violations: { "promises the arrival time": promised }, alignment, rationale: "" } });
const THRESHOLD = 0.7;

/** A case as `assay judge` writes it: aggregateVotes over the outcomes. */
function judged(id: string, outcomes: VoteOutcome[]): JudgeCaseV2 {
  const v = aggregateVotes(outcomes, items, 3, THRESHOLD);
  return makeJudgeCaseAsWritten({ id, ...v });
}
const good = judged("sup-001", [vote(true, false, 0.95), vote(true, false, 0.95), vote(true, false, 0.95)]);
const judge = { pass_threshold: THRESHOLD };

describe("recomputing a judge case from its votes", () => {
  it("a case written by aggregateVotes agrees with itself, whatever its outcome", () => {
    const cases = [
      good,
      judged("sup-002", [vote(false, false, 0.9), vote(true, true, 0.4), vote(false, true, 0.5)]),
      judged("sup-003", [vote(true, false, 0.6), { ok: false, error: "vote is not JSON" }, vote(true, false, 0.9)]),
      judged("sup-004", [vote(true, false, 0.9), { ok: false, error: "x" }, { ok: false, error: "y" }]),
    ];
    expect(cases.map((c) => [c.verdict, c.error !== null])).toEqual([["pass", false], ["fail", false], ["pass", false], ["fail", true]]);
    expect(verifyJudgeReport({ judge, cases })).toEqual([]);
  });

  it("the issue's edit: fail with correctness 0.1 over three alignment votes of 0.95 is caught on both fields", () => {
    const edited = { ...good, verdict: "fail" as const, correctness: 0.1 };
    expect(verifyJudgeCase(edited, 4, judge).map((x) => [x.index, x.case, x.field])).toEqual([
      [4, "general_desk/sup-001", "correctness"],
      [4, "general_desk/sup-001", "verdict"],
    ]);
    expect(verifyJudgeCase(edited, 4, judge)[0]!.message).toBe("says 0.1, the median alignment of its votes is 0.95 (3/3 valid vote(s), alignments [0.95,0.95,0.95])");
  });

  it.each([
    ["missing_required", { missing_required: ["states the 2 p.m. ET cut-off"] }, /says \["states the 2 p\.m\. ET cut-off"\], its item votes give \[\]/],
    ["forbidden_present", { forbidden_present: ["promises the arrival time"] }, /its item votes give \[\]/],
    ['items["states the 2 p.m. ET cut-off"].covered', { items: { ...good.items, "states the 2 p.m. ET cut-off": { ...good.items["states the 2 p.m. ET cut-off"]!, covered: false } } }, /votes \(3\/3 yes\) give true/],
    ['items["promises the arrival time"].votes_true', { items: { ...good.items, "promises the arrival time": { ...good.items["promises the arrival time"]!, votes_true: 4 } } }, /4 yes votes of 3/],
    ["alignments", { alignments: [0.95, 0.95] }, /holds 2 alignment\(s\) for 3 valid vote\(s\)/],
    ["error", { error: "judge quorum not met (1/3)" }, /the quorum was met/],
  ] as const)("names %s when it contradicts the votes", (field, edit, message) => {
    const found = verifyJudgeCase({ ...good, ...edit } as JudgeCaseV2, 0, judge);
    expect(found.find((x) => x.field === field)?.message).toMatch(message);
  });

  it("a verdict of pass under a stricter threshold than the report's own is caught", () => {
    const c = judged("sup-005", [vote(true, false, 0.75), vote(true, false, 0.75), vote(true, false, 0.75)]);
    expect(verifyJudgeCase(c, 0, { pass_threshold: 0.8 }).map((x) => x.field)).toEqual(["verdict"]);
  });
});

describe("reading a judge report for compare or import", () => {
  it("refuses an edited report with the file, the case index and field, and the case named", () => {
    const edited = makeJudgeReport([good, { ...good, id: "sup-002", verdict: "fail", correctness: 0.1 }]);
    let error: unknown;
    try {
      normaliseReport(edited, "careful-edited.report.json");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      "careful-edited.report.json: cases[1].correctness: case general_desk/sup-002 contradicts its own votes: correctness says 0.1, the median alignment of its votes is 0.95 (3/3 valid vote(s), alignments [0.95,0.95,0.95]) (and 1 more contradiction(s) in 1 case(s))",
    );
  });

  it("marks what it cannot recompute: a v1 report, or a v2 report in seed 002's shape without vote counts", () => {
    const report = makeJudgeReport([good]);
    expect(normaliseReport(report, "full.json").figures).toBe("recomputed");
    expect(normaliseReport(makeJudgeReportV1([good]), "v1.json").figures).toBe("unverifiable");
    expect(normaliseReport(toSeedShape(report), "seed.json").figures).toBe("unverifiable");
  });
});
