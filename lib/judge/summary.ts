import type { JudgeCaseV2, JudgeReportV2 } from "./report-schema";

/**
 * Run-level summary: mean correctness over cases that did not error (null if none); pass rate over ALL cases, so an
 * erroring case counts as not passing and errors can never raise the pass rate (null if there are no cases).
 */
export function summarizeCases(cases: ReadonlyArray<Pick<JudgeCaseV2, "correctness" | "verdict" | "error">>): JudgeReportV2["summary"] {
  const scored = cases.filter((c) => c.error === null && c.correctness !== null).map((c) => c.correctness as number);
  const passes = cases.filter((c) => c.verdict === "pass").length;
  return {
    mean_correctness: scored.length ? scored.reduce((a, b) => a + b, 0) / scored.length : null,
    pass_rate: cases.length ? passes / cases.length : null,
    errors: cases.filter((c) => c.error !== null).length,
    n_cases: cases.length,
  };
}
