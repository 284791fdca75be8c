import { describe, expect, it } from "vitest";
import { compareReports } from "../compare/compare";
import { rulerVerdict } from "../compare/headline";
import { normaliseReport } from "../compare/read-report";
import { makeScoreReport, scoreDecisions } from "../compare/test-factories";
import { approvalRecordSchema, buildApprovalRecord } from "./record";
import { reviewState } from "./review";
import { approvalRuler } from "./ruler";
import { LEAD, makeCompare } from "./test-factories";

// Issue 26 (2): approving a baseline across a change of ruler needs the lead's written reason, kept in the record.

const AT = new Date("2026-12-05T12:00:00.000Z");
const base = { user: LEAD, reviews: [], baseline_ref: "run:3", candidate_ref: "run:7", current_baseline_ref: "run:3", at: AT } as const;
const REASON = "H5 advisory by release v2: strict verdict checked, nothing moved";
const BASE = [0.9, 0.8, 0.75, 0.7, 0.85, 0.6, 0.95, 0.65, 0.8, 0.72, 0.88, 0.91];

/** The comparison: the same replies, H5 zeroing them under probe set v1 and advisory under v2. */
function acrossVersions() {
  const b = normaliseReport({ ...makeScoreReport(scoreDecisions(BASE, 1, (i) => (i % 3 === 0 ? { score: 0, score_strict: 0, hard_violations: ["H5"] } : {}))), probe_set_version: 1 }, "b.json");
  const c = normaliseReport({ ...makeScoreReport(scoreDecisions(BASE, 1, (i) => (i % 3 === 0 ? { score_strict: 0, hard_violations: ["H5"] } : {})), { advisory: ["H5"] }), probe_set_version: 2 }, "c.json");
  const out = compareReports(b, c, { resamples: 2000 });
  if (!out.ok) throw new Error(out.error);
  return { compare: { ...out.result }, ruler: approvalRuler(rulerVerdict(b, c, out.result)) };
}

describe("approval across a change of ruler", () => {
  it("says what changed and the headline shown, from the comparison", () => {
    const { compare, ruler } = acrossVersions();
    expect(compare.verdict).toBe("IMPROVED");
    expect(ruler).toEqual({ changes: ["advisory criteria none vs H5", "probe set v1 vs v2"], headline: "INCONCLUSIVE with every criterion hard", headline_verdict: "INCONCLUSIVE" });
  });

  it("is refused without a written reason even when the raw verdict is IMPROVED with no flip or blocker", () => {
    const { compare, ruler } = acrossVersions();
    expect(compare.gate_flips.pass_to_fail).toEqual([]);
    expect(compare.blockers).toEqual([]);
    expect(buildApprovalRecord({ ...base, compare })).toMatchObject({ ok: true }); // what the issue saw: nothing asked
    const refused = buildApprovalRecord({ ...base, compare, ruler });
    expect(refused).toEqual({ ok: false, reasons: ["the ruler changed (advisory criteria none vs H5; probe set v1 vs v2), so approving is a change of ruler: overriding needs a written justification of at least 20 characters"] });
    expect(buildApprovalRecord({ ...base, compare, ruler, justification: "ok" }).ok).toBe(false);
    expect(reviewState(compare, [], ruler).justification_required).toBe(true);
  });

  it("with a reason, records the reason, the changes and the headline", () => {
    const { compare, ruler } = acrossVersions();
    const out = buildApprovalRecord({ ...base, compare, ruler, justification: REASON });
    if (!out.ok) throw new Error(out.reasons.join("; "));
    expect(out.record).toMatchObject({ justification: REASON, ruler });
    expect(approvalRecordSchema.parse(out.record)).toEqual(out.record);
  });

  it("the same ruler asks nothing more, and a like-for-like REGRESSED under a raw IMPROVED is named", () => {
    const same = { changes: [], headline: null, headline_verdict: null };
    expect(reviewState(makeCompare({ verdict: "IMPROVED" }), [], same).justification_required).toBe(false);
    const hidden = { changes: ["probe set v1 vs v2"], headline: "REGRESSED with every criterion hard", headline_verdict: "REGRESSED" as const };
    expect(reviewState(makeCompare({ verdict: "IMPROVED" }), [], hidden).justification_because).toEqual([
      "the ruler changed (probe set v1 vs v2), so approving is a change of ruler",
      "the like-for-like verdict is REGRESSED (REGRESSED with every criterion hard)",
    ]);
  });
});
