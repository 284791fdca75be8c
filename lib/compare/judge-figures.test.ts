import { describe, expect, it } from "vitest";
import { aggregateVotes } from "../judge/aggregate";
import type { VoteOutcome } from "../judge/vote";
import { normaliseReport } from "./read-report";
import { makeJudgeCaseAsWritten, makeJudgeReport } from "./test-factories";

// Issue 26 (3): the K a judge report declares is the K its cases hold. normaliseReport is the one reader of
// `assay compare` and of the workbench's judge-report import, so both refuse the same report, naming the field.

const items = { must_include: ["states the cut-off"], must_not_include: [] };
const yes = (alignment: number): VoteOutcome => ({ ok: true, vote: { items: { "states the cut-off": true }, violations: {}, alignment, rationale: "" } });
/** A case as `assay judge` writes it with K votes asked for. */
const judged = (id: string, k: number, outcomes: VoteOutcome[]) => makeJudgeCaseAsWritten({ id, ...aggregateVotes(outcomes, items, k, 0.7) });
const three = (id: string) => judged(id, 3, [yes(0.9), yes(0.9), yes(0.9)]);

describe("a judge report's declared K against the votes its cases hold", () => {
  it("a report whose cases were asked for the K it declares is read", () => {
    expect(normaliseReport(makeJudgeReport([three("a"), three("b")]), "ok.json").figures).toBe("recomputed");
  });

  it("K=5 while every case holds 3 votes is refused, naming judge.votes", () => {
    const report = makeJudgeReport([three("a"), three("b")], { judge: { model: "m", votes: 5, pass_threshold: 0.7, temperature: 0 } });
    expect(() => normaliseReport(report, "k5.report.json")).toThrow("k5.report.json: judge.votes: says K=5 votes per case, but every case holds 3 (votes_configured)");
  });

  it("one case asked for another K is refused, naming it", () => {
    const report = makeJudgeReport([three("a"), judged("b", 5, [yes(0.9), yes(0.9), yes(0.9), yes(0.9), yes(0.9)])]);
    expect(() => normaliseReport(report, "mixed.json")).toThrow("mixed.json: judge.votes: says K=3 votes per case, but 1 of 2 case(s) hold another number, first cases[1] (general_desk/b) with 5 (votes_configured)");
  });

  it("a case whose valid and failed votes do not add up to the K it was asked for is refused, naming votes_valid", () => {
    const lost = judged("b", 3, [yes(0.9), yes(0.9), { ok: false, error: "timeout" }]);
    expect(normaliseReport(makeJudgeReport([three("a"), lost]), "fine.json").figures).toBe("recomputed");
    const hidden = { ...lost, vote_errors: [] };
    expect(() => normaliseReport(makeJudgeReport([three("a"), hidden]), "hidden.json")).toThrow("hidden.json: cases[1].votes_valid: case general_desk/b holds 2 valid and 0 failed vote(s), but was asked for 3 (votes_configured)");
  });
});
