import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../index";
import { decisionScores, runLines } from "../schema";

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
