// Test factories for approval (STYLE 12): a compare result and reviews from overrides.
import type { Blocker, CompareFigures, GateFlip } from "./compare-figures";
import type { FlipReview } from "./review";

export const LEAD = { id: 1, email: "lead@assay.test", roles: ["lead" as const] };
export const ANALYST = { id: 2, email: "analyst@assay.test", roles: ["analyst" as const] };
export const ANNOTATOR = { id: 3, email: "annotator@assay.test", roles: ["annotator" as const] };

export function flip(key: string, reason: string | null = "verdict fail"): GateFlip {
  return { key, group: "support_desk", reason };
}

export function blocker(key: string, new_violations = ["H5"]): Blocker {
  return { key, group: "support_desk", new_violations, baseline_errored: false };
}

export function makeCompare(overrides: Partial<CompareFigures> = {}): CompareFigures {
  return {
    kind: "judge",
    verdict: "IMPROVED",
    mean_delta: 0.04,
    ci: [0.01, 0.07],
    n_pairs: 24,
    improved: 12,
    regressed: 4,
    tied: 8,
    mde: { value: 0.05, se: 0.018, sd: 0.09, design_effect: null, basis: "pairs", units: 24 },
    gate_flips: { pass_to_fail: [], fail_to_pass: [] },
    blockers: [],
    ...overrides,
  };
}

export function review(case_key: string, decision: FlipReview["decision"] = "accept", overrides: Partial<FlipReview> = {}): FlipReview {
  return { case_key, decision, note: decision === "accept" ? "reply is stricter, judge item too literal" : "", reviewer: LEAD.email, at: "2026-07-02T10:00:00.000Z", ...overrides };
}
