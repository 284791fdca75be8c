import { and, asc, between, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Difficulty, Family, HardCode, Split } from "../../lib/pack/vocab";
import type { DbOrTx } from "../index";
import { decisionScores, runLines } from "../schema";

// Shared with the bench (first-page latency), so no `server-only` marker here.

/** Sortable columns of the decision table; every sort ends with the line order as tie-breaker. */
export const DECISION_SORTS = ["line", "decision", "split", "family", "difficulty", "thinking", "score", "score_strict", "graded", "action_type", "destination", "priority", "flags", "policy_citation", "must_ask", "violations"] as const;
export type DecisionSort = (typeof DECISION_SORTS)[number];

export type DecisionFilters = {
  split?: Split;
  family?: Family;
  difficulty?: Difficulty;
  code?: HardCode;
  formatInvalid?: boolean;
  thinking?: boolean;
  minScore?: number;
  maxScore?: number;
};

export type DecisionTableQuery = DecisionFilters & { runId: number; sort: DecisionSort; dir: "asc" | "desc"; page: number; size: number };

const SORT_COLUMNS = {
  line: decisionScores.lineId,
  decision: decisionScores.decisionId,
  split: decisionScores.split,
  family: decisionScores.family,
  difficulty: decisionScores.difficulty,
  thinking: decisionScores.thinking,
  score: decisionScores.score,
  score_strict: decisionScores.scoreStrict,
  graded: decisionScores.graded,
  action_type: decisionScores.actionType,
  destination: decisionScores.destination,
  priority: decisionScores.priority,
  flags: decisionScores.flags,
  policy_citation: decisionScores.policyCitation,
  must_ask: decisionScores.mustAsk,
  violations: decisionScores.hardViolations,
} satisfies Record<DecisionSort, unknown>;

function where(q: DecisionTableQuery): SQL | undefined {
  const c: SQL[] = [eq(decisionScores.runId, q.runId)];
  if (q.split) c.push(eq(decisionScores.split, q.split));
  if (q.family) c.push(eq(decisionScores.family, q.family));
  if (q.difficulty) c.push(eq(decisionScores.difficulty, q.difficulty));
  // lower() on both sides: LIKE ignores case on SQLite but not on PostgreSQL.
  if (q.code) c.push(sql`lower(${decisionScores.hardViolations}) like lower(${`%${q.code}%`})`);
  if (q.formatInvalid !== undefined) c.push(eq(decisionScores.formatValid, !q.formatInvalid));
  if (q.thinking !== undefined) c.push(eq(decisionScores.thinking, q.thinking));
  if (q.minScore !== undefined && q.maxScore !== undefined) c.push(between(decisionScores.score, q.minScore, q.maxScore));
  else if (q.minScore !== undefined) c.push(gte(decisionScores.score, q.minScore));
  else if (q.maxScore !== undefined) c.push(lte(decisionScores.score, q.maxScore));
  return and(...c);
}

export type DecisionTableRow = {
  lineId: number;
  lineNo: number;
  decisionId: string;
  episodeId: string;
  split: Split;
  family: Family;
  difficulty: Difficulty;
  thinking: boolean;
  sample: number;
  formatValid: boolean;
  outputType: string | null;
  targetType: string;
  hardViolations: string;
  actionType: number;
  destination: number;
  priority: number;
  flags: number;
  policyCitation: number;
  mustAsk: number;
  graded: number;
  score: number;
  scoreStrict: number;
};

/**
 * One page of a run's decisions, filtered and sorted by SQL (a 100,000-decision run never leaves the database whole),
 * with the filtered total for the pager.
 */
export async function decisionTablePage(db: DbOrTx, q: DecisionTableQuery): Promise<{ rows: DecisionTableRow[]; total: number }> {
  const w = where(q);
  const [{ n: total } = { n: 0 }] = await db.select({ n: count() }).from(decisionScores).where(w);
  const col = SORT_COLUMNS[q.sort];
  const order = q.dir === "asc" ? asc(col) : desc(col);
  // Two steps: sort and cut the page on ids alone (the (run_id, score) index covers the common sorts, so 100,000 rows
  // are never materialised), then fetch the full rows and their line fields for that page only.
  const ids = (
    await db
      .select({ lineId: decisionScores.lineId })
      .from(decisionScores)
      .where(w)
      .orderBy(...(q.sort === "line" ? [order] : [order, asc(decisionScores.lineId)]))
      .limit(q.size)
      .offset(q.page * q.size)
  ).map((r) => r.lineId);
  if (ids.length === 0) return { rows: [], total };
  const full = await db
    .select({
      lineId: decisionScores.lineId,
      lineNo: runLines.lineNo,
      decisionId: decisionScores.decisionId,
      episodeId: decisionScores.episodeId,
      split: decisionScores.split,
      family: decisionScores.family,
      difficulty: decisionScores.difficulty,
      thinking: decisionScores.thinking,
      sample: runLines.sample,
      formatValid: decisionScores.formatValid,
      outputType: decisionScores.outputType,
      targetType: decisionScores.targetType,
      hardViolations: decisionScores.hardViolations,
      actionType: decisionScores.actionType,
      destination: decisionScores.destination,
      priority: decisionScores.priority,
      flags: decisionScores.flags,
      policyCitation: decisionScores.policyCitation,
      mustAsk: decisionScores.mustAsk,
      graded: decisionScores.graded,
      score: decisionScores.score,
      scoreStrict: decisionScores.scoreStrict,
    })
    .from(decisionScores)
    .innerJoin(runLines, eq(runLines.id, decisionScores.lineId))
    .where(inArray(decisionScores.lineId, ids));
  const byId = new Map(full.map((r) => [r.lineId, r]));
  const rows: DecisionTableRow[] = ids.map((id) => byId.get(id)!);
  return { rows, total };
}

