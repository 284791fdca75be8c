import { eq, sql, type SQL } from "drizzle-orm";
import { dialectOf, type Db, type DbOrTx, type Tx } from "../index";
import { lockForTransaction } from "../sql";
import { copyRows, NulInTextError } from "../pg-copy";
import { pgClientOf } from "../postgres";
import { decisionScores, runLines, runs, type SplitBreakdowns, type StoredReport } from "../schema";
import { createRunScorer } from "../../lib/scoring/score-run";
import { runDetectors } from "../../lib/detectors";
import { namesPeriodOrDate } from "../../lib/audit/names-timeline";
import type { Detect } from "../../lib/scoring/hard-criteria";
import type { DecisionResult } from "../../lib/scoring/report-schema";
import { InputError } from "../../lib/io/input-error";
import type { DbScoringContext } from "../queries/scoring-context";
import { audit } from "./audit";
import { eachLine } from "../../lib/io/lines";

/** One scored line, ready to store: the verbatim line fields and the scorer's verdict. */
export type ScoredLine = { lineNo: number; decisionId: string; thinking: boolean; sample: number; model: string | null; raw: string; result: DecisionResult; namesTimeline: boolean };
/** probeSetVersion: the released probe-set version whose figures scored it (issue 26), from the scoring context. */
export type ScoredRun = { report: StoredReport; splitBreakdowns: Record<"dev" | "eval", SplitBreakdowns>; lines: ScoredLine[]; probeSetVersion: number | null };
/** expectedLines: the record lines the file holds, counted from its text apart from the scorer; the store must hold as many. */
export type RunMeta = { name: string; fileName: string; actor: string; example?: boolean; at?: string; expectedLines?: number };

export { MAX_RUN_BYTES } from "../../lib/io/upload-limits";

/**
 * Streams a run through the lib/ scorer (the same createRunScorer as `assay score`), keeping each line for storage
 * and the scorer's per-split breakdowns. Throws InputError on the first bad line; touches no database.
 */
export function createRunImporter(fileName: string, ctx: DbScoringContext) {
  // Whether the reply names a period or date (the run audit's H5 stratum, issue 18), asked right after the detectors
  // read it, while its analysis is still cached; a format-invalid line never reaches the detectors and stays false.
  let namesTimeline = false;
  const detect: Detect = (reply, dctx) => {
    const found = runDetectors(reply, dctx);
    namesTimeline = namesPeriodOrDate(reply);
    return found;
  };
  const scorer = createRunScorer({ file: fileName, points: ctx.points, pack: ctx.pack, detectors: ctx.detectors, evalHash: ctx.evalHash, keepDecisions: false, detect });
  const lines: ScoredLine[] = [];
  return {
    addLine(text: string, lineNo: number): void {
      namesTimeline = false;
      const scored = scorer.addLine(text, lineNo);
      if (!scored) return;
      const { line, decision: result } = scored;
      const sample = line.sample ?? 0;
      lines.push({ lineNo, decisionId: result.decision_id, thinking: result.thinking, sample, model: line.model ?? null, raw: line.raw, result, namesTimeline });
    },
    finish(): ScoredRun {
      const { decisions: _none, ...report } = scorer.finish();
      return { report, splitBreakdowns: scorer.splitBreakdowns(), lines, probeSetVersion: ctx.probeSetVersion };
    },
  };
}

/** Scores a whole run held in memory, synchronously (CLI, seeding, tests). */
export function scoreRunText(text: string, fileName: string, ctx: DbScoringContext): ScoredRun {
  const importer = createRunImporter(fileName, ctx);
  eachLine(text, importer.addLine);
  return importer.finish();
}

/** The same, yielding to the event loop every `chunk` lines so a server can stream progress while a large run scores. */
export async function scoreRunTextAsync(text: string, fileName: string, ctx: DbScoringContext, onProgress?: (linesDone: number) => void, chunk = 2000): Promise<ScoredRun> {
  const importer = createRunImporter(fileName, ctx);
  let pos = { next: 0, lineNo: 0 };
  while (pos.next < text.length) {
    pos = eachLine(text, importer.addLine, pos.next, pos.lineNo, chunk);
    onProgress?.(pos.lineNo);
    await new Promise((r) => setImmediate(r));
  }
  return importer.finish();
}

export async function checkRunName(db: DbOrTx, name: string, fileName: string): Promise<string> {
  const trimmed = name.trim();
  if (trimmed === "") throw new InputError(fileName, 0, "name", "a run needs a name");
  if ((await db.select({ id: runs.id }).from(runs).where(eq(runs.name, trimmed)).limit(1)).length) throw new InputError(fileName, 0, "name", `a run named '${trimmed}' already exists`);
  return trimmed;
}

type LineRow = typeof runLines.$inferInsert;
type ScoreRow = typeof decisionScores.$inferInsert;

/** The run_lines and decision_scores rows of one scored line, given its line id. */
export function storedRows(runId: number, id: number, l: ScoredLine): { line: LineRow; score: ScoreRow } {
  const d = l.result;
  return {
    line: { id, runId, lineNo: l.lineNo, decisionId: l.decisionId, thinking: l.thinking, sample: l.sample, model: l.model, raw: l.raw },
    score: {
      lineId: id,
      runId,
      decisionId: d.decision_id,
      episodeId: d.episode_id,
      split: d.split,
      family: d.family,
      difficulty: d.difficulty,
      thinking: d.thinking,
      formatValid: d.format_valid,
      formatError: d.format_error,
      outputType: d.output_type,
      targetType: d.target_type,
      hardViolations: d.hard_violations.join(","),
      hits: d.hits,
      cleared: (d.detector_spans ?? []).filter((sp) => sp.outcome === "cleared"),
      namesTimeline: l.namesTimeline,
      actionType: d.components.action_type,
      destination: d.components.destination,
      priority: d.components.priority,
      flags: d.components.flags,
      policyCitation: d.components.policy_citation,
      mustAsk: d.components.must_ask,
      graded: d.graded,
      score: d.score,
      scoreStrict: d.score_strict,
    },
  };
}

/**
 * Inserts the lines and scores with ids base+1, base+2, …. SQLite: one prepared statement per table, run per row (a
 * statement finishes synchronously, so this is the fastest path there). PostgreSQL: COPY FROM STDIN, streamed; no
 * statement carries bind parameters, so the 65,535 limit does not arise.
 */
async function insertLines(tx: Tx, fileName: string, runId: number, base: number, lines: readonly ScoredLine[]): Promise<void> {
  if (dialectOf(tx) === "sqlite") {
    const insertLine = tx
      .insert(runLines)
      .values({ id: sql.placeholder("id"), runId, lineNo: sql.placeholder("lineNo"), decisionId: sql.placeholder("decisionId"), thinking: sql.placeholder("thinking"), sample: sql.placeholder("sample"), model: sql.placeholder("model"), raw: sql.placeholder("raw") })
      .prepare();
    const insertScore = tx
      .insert(decisionScores)
      .values({
        lineId: sql.placeholder("lineId"),
        runId,
        decisionId: sql.placeholder("decisionId"),
        episodeId: sql.placeholder("episodeId"),
        split: sql.placeholder("split"),
        family: sql.placeholder("family"),
        difficulty: sql.placeholder("difficulty"),
        thinking: sql.placeholder("thinking"),
        formatValid: sql.placeholder("formatValid"),
        formatError: sql.placeholder("formatError"),
        outputType: sql.placeholder("outputType"),
        targetType: sql.placeholder("targetType"),
        hardViolations: sql.placeholder("hardViolations"),
        hits: sql.placeholder("hits"),
        cleared: sql.placeholder("cleared"),
        namesTimeline: sql.placeholder("namesTimeline"),
        actionType: sql.placeholder("actionType"),
        destination: sql.placeholder("destination"),
        priority: sql.placeholder("priority"),
        flags: sql.placeholder("flags"),
        policyCitation: sql.placeholder("policyCitation"),
        mustAsk: sql.placeholder("mustAsk"),
        graded: sql.placeholder("graded"),
        score: sql.placeholder("score"),
        scoreStrict: sql.placeholder("scoreStrict"),
      })
      .prepare();
    let id = base;
    for (const l of lines) {
      const { line, score } = storedRows(runId, ++id, l);
      insertLine.run(line);
      insertScore.run(score);
    }
    return;
  }
  // Lines first, then their scores (each score's key names its line), each as one COPY in this transaction.
  const rows = lines.map((l, i) => storedRows(runId, base + i + 1, l));
  const client = pgClientOf(tx);
  try {
    await copyRows(client, runLines, rows.map((r) => r.line));
    await copyRows(client, decisionScores, rows.map((r) => r.score));
  } catch (e) {
    // PostgreSQL's text holds no U+0000, SQLite's does: a reply carrying one is refused by its line, as bad input,
    // rather than as an internal error. (JSON columns are stored escaped and can hold it.)
    if (e instanceof NulInTextError) throw new InputError(fileName, lines[e.row]!.lineNo, e.column, "holds the character U+0000 (NUL), which PostgreSQL cannot store in text; nothing was imported");
    throw e;
  }
  // The ids were given, not drawn from run_lines' identity sequence: move it past them, so an insert that leaves the id
  // to the default (none does today) cannot collide with them.
  if (rows.length) await (tx as unknown as { execute: (q: SQL) => Promise<unknown> }).execute(sql`select setval(pg_get_serial_sequence('run_lines', 'id'), (select max(id) from run_lines))`);
}

/**
 * Stores a scored run in ONE transaction (run, lines, scores, audit row): a duplicate name or any failure rolls
 * everything back, so a failed import changes nothing. Scoring happens before, outside the transaction, so a
 * 100,000-line import holds the lock only for the inserts. Returns the new run id.
 */
export async function storeScoredRun(db: Db, meta: RunMeta, scored: ScoredRun): Promise<number> {
  const at = meta.at ?? new Date().toISOString();
  return db.transaction(async (tx) => {
    // Line ids are assigned here (max + 1) instead of read back row by row: SQLite's BEGIN IMMEDIATE holds the write
    // lock; on PostgreSQL this advisory lock keeps two instances importing at once from taking the same ids.
    await lockForTransaction(tx, "run_lines:ids");
    const name = await checkRunName(tx, meta.name, meta.fileName);
    const { report } = scored;
    const [inserted] = await tx
      .insert(runs)
      .values({ name, fileName: meta.fileName, model: report.run.model, packVersion: report.pack_version, probeSetVersion: scored.probeSetVersion, nLines: report.run.n_lines, report, splitBreakdowns: scored.splitBreakdowns, example: meta.example ?? false, createdBy: meta.actor, createdAt: at })
      .returning({ id: runs.id });
    const runId = inserted!.id;
    const [{ max: base } = { max: 0 }] = await tx.select({ max: sql<number>`cast(coalesce(max(${runLines.id}), 0) as integer)` }).from(runLines);
    await insertLines(tx, meta.fileName, runId, base, scored.lines);
    // Issue 26: a run is stored whole or not at all. The lines stored are counted back and must equal the file's record
    // lines; otherwise the transaction rolls back and the import is refused, naming both counts.
    const [{ n: stored } = { n: 0 }] = await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(runLines).where(eq(runLines.runId, runId));
    const expected = meta.expectedLines ?? scored.lines.length;
    if (stored !== expected || report.run.n_lines !== expected) {
      throw new InputError(meta.fileName, 0, "", `the file holds ${expected.toLocaleString("en-US")} lines but ${stored.toLocaleString("en-US")} were stored (${report.run.n_lines.toLocaleString("en-US")} scored); nothing was imported`);
    }
    await audit(tx, {
      actor: meta.actor,
      action: meta.example ? "run.seed" : "run.import",
      entity: "run",
      entityId: String(runId),
      at,
      detail: { name, file: meta.fileName, lines: report.run.n_lines, composite_dev: report.splits.dev.composite, composite_eval: report.splits.eval.composite, advisory: report.advisory, probe_set_version: scored.probeSetVersion },
    });
    return runId;
  });
}

/** Score and store a run held in memory (CLI and seeding): nothing is written unless every line is good. */
export async function importRunText(db: Db, ctx: DbScoringContext, meta: RunMeta & { text: string }): Promise<{ runId: number; scored: ScoredRun }> {
  await checkRunName(db, meta.name, meta.fileName);
  const scored = scoreRunText(meta.text, meta.fileName, ctx);
  return { runId: await storeScoredRun(db, meta, scored), scored };
}
