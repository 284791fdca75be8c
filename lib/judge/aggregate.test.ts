import { describe, expect, it } from "vitest";
import { aggregateVotes, isStrictMajority, median } from "./aggregate";
import type { VoteOutcome } from "./vote";

const items = { must_include: ["states A"], must_not_include: ["states B"] };
const v = (a: boolean, b: boolean, alignment: number): VoteOutcome => ({ ok: true, vote: { items: { "states A": a }, violations: { "states B": b }, alignment, rationale: "" } });
const dropped: VoteOutcome = { ok: false, error: "vote is not JSON" };

describe("aggregation rules", () => {
  it.each([
    [0, 1, false],
    [1, 1, true],
    [1, 2, false],
    [2, 3, true],
    [2, 4, false],
    [3, 4, true],
    [3, 5, true],
  ])("strict majority: %i of %i → %s", (yes, of, expected) => {
    expect(isStrictMajority(yes, of)).toBe(expected);
  });

  it.each([
    [[0.4], 0.4],
    [[0.9, 0.1, 0.5], 0.5],
    [[0.2, 0.4], 0.30000000000000004],
    [[1, 0, 0.5, 0.75], 0.625],
  ])("median of %j is %d", (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it("pass needs every item covered, no violation and correctness ≥ threshold (equality passes)", () => {
    expect(aggregateVotes([v(true, false, 0.7), v(true, false, 0.7), v(true, false, 0.7)], items, 3, 0.7).verdict).toBe("pass");
    expect(aggregateVotes([v(true, false, 0.69), v(true, false, 0.69), v(true, false, 0.9)], items, 3, 0.7).verdict).toBe("fail");
  });

  it("K=1: the single vote decides (1 of 1 is a quorum)", () => {
    expect(aggregateVotes([v(true, true, 0.9)], items, 1, 0.7)).toMatchObject({ error: null, forbidden_present: ["states B"], verdict: "fail" });
  });

  it("K=2 with one dropped vote misses quorum (1/2)", () => {
    expect(aggregateVotes([v(true, false, 0.9), dropped], items, 2, 0.7)).toMatchObject({ error: "judge quorum not met (1/2)", correctness: null });
  });

  it("missing_required and forbidden_present follow the suite's item order", () => {
    const many = { must_include: ["states A", "states C"], must_not_include: ["states B", "states D"] };
    const vote: VoteOutcome = { ok: true, vote: { items: { "states A": false, "states C": false }, violations: { "states B": true, "states D": true }, alignment: 0.1, rationale: "" } };
    const r = aggregateVotes([vote], many, 1, 0.7);
    expect(r.missing_required).toEqual(["states A", "states C"]);
    expect(r.forbidden_present).toEqual(["states B", "states D"]);
  });
});
