import { describe, expect, it } from "vitest";
import { baselineHistory, currentBaselineRef } from "./history";
import { approvalRecordSchema, assertImmutable, buildApprovalRecord, type ApprovalRecord } from "./record";
import { ANNOTATOR, LEAD, blocker, flip, makeCompare, review } from "./test-factories";

const AT = new Date("2026-07-02T12:00:00.000Z");
const base = { user: LEAD, reviews: [], baseline_ref: "judge:3", candidate_ref: "judge:7", current_baseline_ref: "judge:3", at: AT } as const;

function approved(overrides: Partial<Parameters<typeof buildApprovalRecord>[0]> = {}): ApprovalRecord {
  const out = buildApprovalRecord({ ...base, compare: makeCompare(), ...overrides });
  if (!out.ok) throw new Error(out.reasons.join("; "));
  return out.record;
}

describe("approval record", () => {
  it("records who, when, the compare figures, the justification and the reviews", () => {
    const compare = { ...makeCompare({ verdict: "REGRESSED", gate_flips: { pass_to_fail: [flip("support_desk/sup-003")], fail_to_pass: [] }, blockers: [blocker("support_desk/sup-003")] }), warnings: ["judge model differs"] };
    const record = approved({ compare, reviews: [review("support_desk/sup-003")], justification: "  wording regression only, checked by hand  " });
    expect(record).toMatchObject({
      baseline_ref: "judge:3",
      candidate_ref: "judge:7",
      report_kind: "judge",
      approved_by: { id: 1, email: "lead@assay.test" },
      approved_at: "2026-07-02T12:00:00.000Z",
      compare: { verdict: "REGRESSED", mean_delta: 0.04, ci: [0.01, 0.07], n_pairs: 24, mde: { value: 0.05 }, blockers: [blocker("support_desk/sup-003")] },
      warnings: ["judge model differs"],
      justification: "wording regression only, checked by hand",
      reviews: [review("support_desk/sup-003")],
    });
    expect(approvalRecordSchema.parse(record)).toEqual(record);
    expect(Object.keys(record.compare)).not.toContain("warnings");
  });

  it("is not built when canApprove refuses", () => {
    expect(buildApprovalRecord({ ...base, user: ANNOTATOR, compare: makeCompare() })).toEqual({ ok: false, reasons: ["only a lead can approve a baseline"] });
  });

  it("must compare against the current baseline when one exists", () => {
    const out = buildApprovalRecord({ ...base, baseline_ref: "judge:5", compare: makeCompare() });
    expect(out).toEqual({ ok: false, reasons: ["compare against the current baseline (judge report 3), not judge report 5"] });
  });

  it("the first baseline can be approved against any compared report", () => {
    expect(buildApprovalRecord({ ...base, baseline_ref: "judge:5", current_baseline_ref: null, compare: makeCompare() }).ok).toBe(true);
  });

  it("a report cannot be approved over itself", () => {
    expect(buildApprovalRecord({ ...base, candidate_ref: "judge:3", compare: makeCompare() })).toMatchObject({ ok: false, reasons: ["a report cannot be approved over itself"] });
  });

  it("the schema refuses a record whose kind differs from its comparison", () => {
    expect(approvalRecordSchema.safeParse({ ...approved(), report_kind: "score" }).success).toBe(false);
  });

  it("a score approval names two runs and a judge approval two judge reports, never a mix", () => {
    const score = buildApprovalRecord({ ...base, baseline_ref: "run:3", candidate_ref: "run:7", current_baseline_ref: null, compare: makeCompare({ kind: "score" }) });
    expect(score).toMatchObject({ ok: true, record: { report_kind: "score", baseline_ref: "run:3", candidate_ref: "run:7" } });
    const mixed = buildApprovalRecord({ ...base, baseline_ref: "run:3", current_baseline_ref: null, compare: makeCompare() });
    expect(mixed.ok).toBe(false);
    expect(approvalRecordSchema.safeParse({ ...approved(), candidate_ref: "run:7" }).success).toBe(false);
    expect(approvalRecordSchema.safeParse({ ...approved(), candidate_ref: "judge:careful" }).success).toBe(false);
  });
});

describe("approved records are immutable", () => {
  it("any edit of an approved record is refused with a way forward", () => {
    const r = assertImmutable(approved());
    expect(r).toEqual({ ok: false, error: "the approval of judge report 7 over judge report 3 (lead@assay.test, 2026-07-02T12:00:00.000Z) is immutable: approve another candidate to move the baseline" });
  });
  it("a new record (nothing stored yet) may be written", () => {
    expect(assertImmutable(null)).toEqual({ ok: true });
  });
});

describe("baseline history", () => {
  const first = approved({ current_baseline_ref: null, baseline_ref: "judge:1", candidate_ref: "judge:3", at: new Date("2026-06-01T09:00:00.000Z") });
  const second = approved();
  const score = approved({ baseline_ref: "run:2", candidate_ref: "run:9", current_baseline_ref: null, compare: makeCompare({ kind: "score" }), at: new Date("2026-08-01T09:00:00.000Z") });

  it("lists approvals of a kind newest first", () => {
    expect(baselineHistory([first, second, score], "judge")).toEqual([second, first]);
  });
  it("the newest approval of a kind is the current baseline of that kind, as a ref", () => {
    expect(currentBaselineRef([second, first, score], "judge")).toBe("judge:7");
    expect(currentBaselineRef([second, first, score], "score")).toBe("run:9");
    expect(currentBaselineRef([first, second], "score")).toBeNull();
  });
});
