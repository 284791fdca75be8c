import { describe, expect, it } from "vitest";
import { compareReports } from "../compare/compare";
import { normaliseReport } from "../compare/read-report";
import { judgeCases, makeJudgeReport } from "../compare/test-factories";
import { ANALYST, ANNOTATOR, LEAD, blocker, flip, makeCompare, review } from "./test-factories";
import { canApprove, reviewItems, reviewState } from "./review";
import { checkReviewSubmission } from "./submit-review";

const JUSTIFICATION = "Regression is in wording only; the two blocker cases were re-read by two leads.";

describe("who may approve", () => {
  const compare = makeCompare();
  it("a lead may approve a clean IMPROVED comparison", () => {
    expect(canApprove({ user: LEAD, compare, reviews: [] }).ok).toBe(true);
  });
  it.each([
    ["an annotator", ANNOTATOR, "only a lead can approve a baseline"],
    ["an analyst", ANALYST, "only a lead can approve a baseline"],
    ["nobody signed in", null, "sign in as a lead to approve a baseline"],
  ])("%s cannot approve", (_who, user, reason) => {
    expect(canApprove({ user, compare, reviews: [] })).toMatchObject({ ok: false, reasons: [reason] });
  });
});

describe("gate-flip review before approval", () => {
  const compare = makeCompare({ gate_flips: { pass_to_fail: [flip("support_desk/sup-003"), flip("support_desk/sup-001")], fail_to_pass: [flip("support_desk/sup-007")] } });

  it("approval is refused while a pass→fail flip is unreviewed", () => {
    const r = canApprove({ user: LEAD, compare, reviews: [review("support_desk/sup-001")] });
    expect(r).toMatchObject({ ok: false, reasons: ["1 case(s) not reviewed yet: support_desk/sup-003"] });
  });

  it("fail→pass flips need no review", () => {
    expect(reviewItems(compare).map((i) => i.key)).toEqual(["support_desk/sup-001", "support_desk/sup-003"]);
  });

  it("approval is refused with a rejected flip", () => {
    const r = canApprove({ user: LEAD, compare, reviews: [review("support_desk/sup-001"), review("support_desk/sup-003", "reject")] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reasons).toEqual(["rejected flip(s) block approval: support_desk/sup-003 (fix the candidate and compare again)"]);
  });

  it("approval is possible once every flip is accepted with a note", () => {
    expect(canApprove({ user: LEAD, compare, reviews: [review("support_desk/sup-001"), review("support_desk/sup-003")] }).ok).toBe(true);
  });

  it("an acceptance without a note does not count", () => {
    const r = canApprove({ user: LEAD, compare, reviews: [review("support_desk/sup-001", "accept", { note: "" }), review("support_desk/sup-003")] });
    expect(r).toMatchObject({ ok: false, reasons: [expect.stringMatching(/needs a note.*sup-001/)] });
  });

  it("the latest review of a case counts, so a lead can change a rejection to an acceptance", () => {
    const reviews = [review("support_desk/sup-001"), review("support_desk/sup-003", "reject"), review("support_desk/sup-003", "accept", { at: "2026-07-02T11:00:00.000Z" })];
    expect(canApprove({ user: LEAD, compare, reviews }).ok).toBe(true);
  });

  it("reviews of cases that are not flips here are ignored and reported", () => {
    const state = reviewState(compare, [review("support_desk/sup-999", "reject")]);
    expect(state.ignored_reviews).toEqual(["support_desk/sup-999"]);
    expect(state.rejected).toEqual([]);
  });

  it("every unmet rule is listed at once", () => {
    const r = canApprove({ user: ANNOTATOR, compare: { ...compare, verdict: "REGRESSED" }, reviews: [review("support_desk/sup-001", "reject")] });
    expect(r.ok || r.reasons.length).toBe(4);
  });
});

describe("justification to override", () => {
  it("a REGRESSED verdict needs a written justification", () => {
    const compare = makeCompare({ verdict: "REGRESSED", mean_delta: -0.05, ci: [-0.08, -0.02] });
    expect(canApprove({ user: LEAD, compare, reviews: [] })).toMatchObject({ ok: false, reasons: [expect.stringMatching(/^the verdict is REGRESSED: overriding needs a written justification/)] });
    expect(canApprove({ user: LEAD, compare, reviews: [], justification: "too short" }).ok).toBe(false);
    expect(canApprove({ user: LEAD, compare, reviews: [], justification: JUSTIFICATION }).ok).toBe(true);
  });

  it("a blocker needs a justification even with an IMPROVED verdict", () => {
    const compare = makeCompare({ verdict: "IMPROVED", blockers: [blocker("ep-004#2")] });
    const reviews = [review("ep-004#2")];
    expect(canApprove({ user: LEAD, compare, reviews })).toMatchObject({ ok: false, reasons: [expect.stringMatching(/^1 blocker\(s\): ep-004#2: overriding needs/)] });
    expect(canApprove({ user: LEAD, compare, reviews, justification: JUSTIFICATION }).ok).toBe(true);
  });

  it("a justification is 20 characters or more after trimming", () => {
    const compare = makeCompare({ verdict: "REGRESSED" });
    expect(canApprove({ user: LEAD, compare, reviews: [], justification: `   ${"x".repeat(19)}   ` }).ok).toBe(false);
    expect(canApprove({ user: LEAD, compare, reviews: [], justification: "x".repeat(20) }).ok).toBe(true);
  });

  it("INCONCLUSIVE without blockers needs no justification", () => {
    expect(reviewState(makeCompare({ verdict: "INCONCLUSIVE" }), []).justification_required).toBe(false);
  });

  it("a blocker case is reviewed like a flip, even when it was already failing", () => {
    const compare = makeCompare({ blockers: [blocker("ep-002#1", ["H1", "H5"])] });
    const state = reviewState(compare, []);
    expect(state.items).toEqual([{ key: "ep-002#1", group: "support_desk", flip: false, blocker: blocker("ep-002#1", ["H1", "H5"]), reason: "new violation: H1, H5", review: null }]);
    expect(canApprove({ user: LEAD, compare, reviews: [], justification: JUSTIFICATION })).toMatchObject({ ok: false, reasons: ["1 case(s) not reviewed yet: ep-002#1"] });
  });

  it("a blocker's reason is in the scorer's words when the comparison carries them (issue 20)", () => {
    const worded = { ...blocker("ep-002#1", ["H5"]), reasons: ["H5: commitment to '24 hours' (not allowed)"] };
    expect(reviewItems(makeCompare({ blockers: [worded] }))[0]!.reason).toBe("new violation: H5: commitment to '24 hours' (not allowed)");
  });
});

describe("submitting a review", () => {
  const compare = makeCompare({ gate_flips: { pass_to_fail: [flip("support_desk/sup-003")], fail_to_pass: [] }, blockers: [blocker("support_desk/sup-003", ["promises the wire today"])] });

  it("only a lead may review a flip", () => {
    expect(checkReviewSubmission({ user: ANALYST, compare, review: review("support_desk/sup-003") })).toMatchObject({ ok: false, status: 403 });
    expect(checkReviewSubmission({ user: null, compare, review: review("support_desk/sup-003") })).toMatchObject({ ok: false, status: 401 });
  });
  it("accepting a blocker case needs a non-empty note", () => {
    const r = checkReviewSubmission({ user: LEAD, compare, review: review("support_desk/sup-003", "accept", { note: "   " }) });
    expect(r).toMatchObject({ ok: false, status: 400, error: "accepting this blocker (new promises the wire today) needs a note saying why it is acceptable" });
  });
  it("a rejection needs no note", () => {
    expect(checkReviewSubmission({ user: LEAD, compare, review: review("support_desk/sup-003", "reject") }).ok).toBe(true);
  });
  it("a case that is not a flip or blocker here cannot be reviewed", () => {
    expect(checkReviewSubmission({ user: LEAD, compare, review: review("support_desk/sup-001") })).toMatchObject({ ok: false, status: 400 });
  });
  it("a malformed review is refused with the field named", () => {
    expect(checkReviewSubmission({ user: LEAD, compare, review: { ...review("support_desk/sup-003"), decision: "maybe" } })).toMatchObject({ ok: false, status: 400, error: /^decision: / });
  });
});

describe("with compareReports' own result", () => {
  it("a judge candidate that newly fails a case must have that flip reviewed", () => {
    const base = makeJudgeReport(judgeCases([0.9, 0.8, 0.9, 0.8]));
    const cand = makeJudgeReport(judgeCases([0.95, 0.85, 0.95, 0.5], (i) => (i === 3 ? { verdict: "fail", forbidden_present: ["promises the wire today"] } : {})));
    const out = compareReports(normaliseReport(base, "base.json"), normaliseReport(cand, "cand.json"));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const r = canApprove({ user: LEAD, compare: out.result, reviews: [] });
    expect(r.ok).toBe(false);
    expect(r.state.unreviewed).toEqual(["general_desk/gd-004"]);
    expect(r.state.justification_required).toBe(true);
  });
});
