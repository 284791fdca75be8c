// No `server-only` marker: db/writes/pack-versions.test.ts reads old runs through it.
import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import { toDecisionPoints } from "../../lib/pack/decision-points";
import type { Db } from "../index";
import { decisionPoints, decisionScores, episodes, runLines, runs } from "../schema";

/**
 * One decision of a run as the decision view shows it: the line verbatim, its scores, the decision point (target,
 * rationale) and the conversation up to it, plus the neighbouring line numbers for prev/next. The decision point and
 * episode are those of the run's own pack version — the targets it was scored against — not the workbench's current one.
 */
export async function getDecisionDetail(db: Db, runId: number, lineNo: number) {
  const [run] = await db.select({ id: runs.id, name: runs.name, packVersion: runs.packVersion, report: runs.report }).from(runs).where(eq(runs.id, runId)).limit(1);
  if (!run) return null;
  const [line] = await db.select().from(runLines).where(and(eq(runLines.runId, runId), eq(runLines.lineNo, lineNo))).limit(1);
  if (!line) return null;
  const [score] = await db.select().from(decisionScores).where(eq(decisionScores.lineId, line.id)).limit(1);
  const [point] = await db
    .select()
    .from(decisionPoints)
    .where(and(eq(decisionPoints.packVersion, run.packVersion), eq(decisionPoints.id, line.decisionId)))
    .limit(1);
  if (!score || !point) return null;
  const [ep] = await db
    .select()
    .from(episodes)
    .where(and(eq(episodes.packVersion, run.packVersion), eq(episodes.id, point.episodeId)))
    .limit(1);
  if (!ep) throw new Error(`episode ${point.episodeId} of pack v${run.packVersion} is missing`);
  const flat = toDecisionPoints([{ id: ep.id, family: ep.family, difficulty: ep.difficulty, split: ep.split, title: ep.title, traps: ep.traps, turns: ep.turns }]);
  const history = flat.find((p) => p.decision_id === point.id)?.history ?? [];
  const [prev] = await db.select({ lineNo: runLines.lineNo }).from(runLines).where(and(eq(runLines.runId, runId), lt(runLines.lineNo, lineNo))).orderBy(desc(runLines.lineNo)).limit(1);
  const [next] = await db.select({ lineNo: runLines.lineNo }).from(runLines).where(and(eq(runLines.runId, runId), gt(runLines.lineNo, lineNo))).orderBy(asc(runLines.lineNo)).limit(1);
  return {
    run: { id: run.id, name: run.name, packVersion: run.packVersion, advisory: run.report.advisory, detectors: run.report.detectors },
    line,
    score,
    point,
    episode: { id: ep.id, title: ep.title, family: ep.family, difficulty: ep.difficulty, split: ep.split, traps: ep.traps },
    history,
    prevLine: prev?.lineNo ?? null,
    nextLine: next?.lineNo ?? null,
  };
}

export type DecisionDetail = NonNullable<Awaited<ReturnType<typeof getDecisionDetail>>>;
