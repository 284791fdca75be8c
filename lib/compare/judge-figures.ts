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
  checkDeclaredVotes(r, file);
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

/**
 * Issue 26: the K a report declares (judge.votes) is the K its cases were judged with. A case asked for another number
 * of votes (votes_configured), or whose valid and failed votes do not add up to it, is refused naming the field; a
 * report that says K=5 while every case holds 3 votes would otherwise pass as a 5-vote report.
 */
export function checkDeclaredVotes(r: JudgeReportForCompare, file: string): void {
  const k = r.judge?.votes;
  if (k !== undefined) {
    const off = r.cases.flatMap((c, i) => (c.votes_configured !== undefined && c.votes_configured !== k ? [{ c, i }] : []));
    if (off.length) {
      const { c, i } = off[0]!;
      const counts = [...new Set(off.map((x) => x.c.votes_configured))];
      const which = off.length === r.cases.length && counts.length === 1 ? `every case holds ${counts[0]} (votes_configured)` : `${off.length} of ${r.cases.length} case(s) hold another number, first cases[${i}] (${c.role}/${c.id}) with ${c.votes_configured} (votes_configured)`;
      throw new InputError(file, 0, "judge.votes", `says K=${k} votes per case, but ${which}`);
    }
  }
  r.cases.forEach((c, i) => {
    const errors = c.vote_errors;
    if (errors === undefined || c.votes_valid === undefined || c.votes_configured === undefined) return;
    if (c.votes_valid + errors.length !== c.votes_configured) {
      throw new InputError(file, 0, `cases[${i}].votes_valid`, `case ${c.role}/${c.id} holds ${c.votes_valid} valid and ${errors.length} failed vote(s), but was asked for ${c.votes_configured} (votes_configured)`);
    }
  });
}
