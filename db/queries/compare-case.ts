import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { JudgeCaseV2 } from "../../lib/judge/report-schema";
import type { Db } from "../index";
import { decisionScores, judgeReports, runLines, runs } from "../schema";

/** Score components shown side by side for one case (decision_scores columns, in the scorer's order). */
export const COMPONENTS = ["actionType", "destination", "priority", "flags", "policyCitation", "mustAsk", "graded", "score"] as const;

/**
 * One side of a compared score case: the lines of a run for a pairing key (`decision_id`, or `decision_id (thinking)`),
 * in file order, with their scores. Several lines are repeated samples, which compare averages.
 */
export function caseLines(db: Db, runId: number, key: string) {
  const thinking = key.endsWith(" (thinking)");
  const decisionId = thinking ? key.slice(0, -" (thinking)".length) : key;
  return db
    .select({ lineNo: runLines.lineNo, raw: runLines.raw, score: decisionScores })
    .from(runLines)
    .innerJoin(decisionScores, eq(decisionScores.lineId, runLines.id))
    .where(and(eq(runLines.runId, runId), eq(runLines.decisionId, decisionId), eq(runLines.thinking, thinking)))
    .orderBy(asc(runLines.lineNo))
    .all();
}

/** A run's name for the case page's headings, or null when there is no such run. */
export function runName(db: Db, runId: number): string | null {
  return db.select({ name: runs.name }).from(runs).where(eq(runs.id, runId)).get()?.name ?? null;
}

/** One side of a compared judge case: the stored report's case whose pairing key (`role/id`) is `key`, or null. */
export function judgeCase(db: Db, reportId: number, key: string): { name: string; passThreshold: number; votes: number; case: JudgeCaseV2 | null } | null {
  const row = db.select({ name: judgeReports.name, report: judgeReports.report }).from(judgeReports).where(eq(judgeReports.id, reportId)).get();
  if (!row) return null;
  const found = row.report.cases.find((c) => `${c.role}/${c.id}` === key) ?? null;
  return { name: row.name, passThreshold: row.report.judge.pass_threshold, votes: row.report.judge.votes, case: found };
}
