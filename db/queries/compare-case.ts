// No `server-only` marker: db/queries/compare-detail.test.ts reads judge cases and briefs through it.
import { and, asc, eq } from "drizzle-orm";
import { judgeReportForCompareSchema, type JudgeCaseForCompare } from "../../lib/compare/judge-report-for-compare";
import type { Db } from "../index";
import { decisionPoints, decisionScores, judgeReports, runLines, runs } from "../schema";
import { caseKeyOfId, currentCaseVersion } from "./golden-cases";

/** Score components shown side by side for one case (decision_scores columns, in the scorer's order). */
export const COMPONENTS = ["actionType", "destination", "priority", "flags", "policyCitation", "mustAsk", "graded", "score"] as const;

/**
 * One side of a compared score case: the lines of a run for a pairing key (`decision_id`, or `decision_id (thinking)`),
 * in file order, with their scores. Several lines are repeated samples, which compare averages.
 */
export async function caseLines(db: Db, runId: number, key: string) {
  const thinking = key.endsWith(" (thinking)");
  const decisionId = thinking ? key.slice(0, -" (thinking)".length) : key;
  return await db
    .select({ lineNo: runLines.lineNo, raw: runLines.raw, score: decisionScores })
    .from(runLines)
    .innerJoin(decisionScores, eq(decisionScores.lineId, runLines.id))
    .where(and(eq(runLines.runId, runId), eq(runLines.decisionId, decisionId), eq(runLines.thinking, thinking)))
    .orderBy(asc(runLines.lineNo));
}

/** A run's name for the case page's headings, or null when there is no such run. */
export async function runName(db: Db, runId: number): Promise<string | null> {
  const [row] = await db.select({ name: runs.name }).from(runs).where(eq(runs.id, runId)).limit(1);
  return row?.name ?? null;
}

/**
 * One side of a compared judge case: the stored report's case whose pairing key (`role/id`) is `key`, or null. A
 * seed-shaped report (issue 20) may lack the threshold, K, replies and vote counts: those are null / absent, never made up.
 */
export async function judgeCase(db: Db, reportId: number, key: string): Promise<{ name: string; passThreshold: number | null; votes: number | null; case: JudgeCaseForCompare | null } | null> {
  const [row] = await db.select({ name: judgeReports.name, report: judgeReports.report }).from(judgeReports).where(eq(judgeReports.id, reportId)).limit(1);
  if (!row) return null;
  // Parsed with compare's schema, not trusted as the column's type: a seed-shaped report is stored without a judge block.
  const report = judgeReportForCompareSchema.parse(row.report);
  const found = report.cases.find((c) => `${c.role}/${c.id}` === key) ?? null;
  return { name: row.name, passThreshold: report.judge?.pass_threshold ?? null, votes: report.judge?.votes ?? null, case: found };
}

/** The customer's message a run's decision answered, from the decision point of the run's own pack version. */
export async function runCustomerMessage(db: Db, runId: number, decisionId: string): Promise<string | null> {
  const [run] = await db.select({ packVersion: runs.packVersion }).from(runs).where(eq(runs.id, runId)).limit(1);
  if (!run) return null;
  const [point] = await db
    .select({ message: decisionPoints.customerMessage })
    .from(decisionPoints)
    .where(and(eq(decisionPoints.packVersion, run.packVersion), eq(decisionPoints.id, decisionId)))
    .limit(1);
  return point?.message ?? null;
}

/**
 * The customer's message of a judged case: the brief of the golden case `id` (unique across suites, so `pol-003` of
 * `policy@support_desk` and `sup-003` of `support_desk` both resolve) at its current version; null when unknown here.
 */
export async function judgeCaseBrief(db: Db, caseId: string): Promise<{ brief: string; version: number } | null> {
  const key = await caseKeyOfId(db, caseId);
  const current = key ? await currentCaseVersion(db, key) : null;
  return current ? { brief: current.content.case.brief, version: current.version } : null;
}
