import { InputError } from "../io/input-error";
import type { ItemResult } from "../judge/report-schema";
import { verifyJudgeReport, type VerifiableCase } from "../judge/verify-report";
import type { JudgeReportForCompare } from "./judge-report-for-compare";

/**
 * Issue 20: a v2 report that carries its votes (the judge block's pass threshold, each case's vote counts and
 * alignments, each item's tally) is recomputed with lib/judge's own decideCase, and refused when a case's figures
 * contradict them (InputError naming the case and the field). Without them (seed 002's shape) it cannot be checked and
 * is "unverifiable", which compare shows beside its figures.
 */
export function checkJudgeFigures(r: JudgeReportForCompare, file: string): "recomputed" | "unverifiable" {
  const threshold = r.judge?.pass_threshold;
  if (threshold === undefined) return "unverifiable";
  const cases: VerifiableCase[] = [];
  for (const c of r.cases) {
    if (c.votes_valid === undefined || c.votes_configured === undefined || c.alignments === undefined || c.items === undefined) return "unverifiable";
    const items: Record<string, ItemResult> = {};
    for (const [text, item] of Object.entries(c.items)) {
      if (typeof item === "boolean" || item.kind === undefined || item.votes_true === undefined || item.votes_valid === undefined) return "unverifiable";
      items[text] = { kind: item.kind, votes_true: item.votes_true, votes_valid: item.votes_valid, ...(item.covered !== undefined ? { covered: item.covered } : {}), ...(item.present !== undefined ? { present: item.present } : {}) };
    }
    cases.push({ ...c, votes_valid: c.votes_valid, votes_configured: c.votes_configured, alignments: c.alignments, items });
  }
  const contradictions = verifyJudgeReport({ judge: { pass_threshold: threshold }, cases });
  if (!contradictions.length) return "recomputed";
  const first = contradictions[0]!;
  const more = contradictions.length > 1 ? ` (and ${contradictions.length - 1} more contradiction(s) in ${new Set(contradictions.map((x) => x.case)).size} case(s))` : "";
  throw new InputError(file, 0, `cases[${first.index}].${first.field}`, `case ${first.case} contradicts its own votes: ${first.field} ${first.message}${more}`);
}
