import { asc, desc, eq } from "drizzle-orm";
import { describeRef, parseRef, type ReportRef } from "../../lib/approval/report-ref";
import { compareReports, reviewFigures, type CompareOutcome, type ReviewFigures } from "../../lib/compare/compare";
import { normaliseReport, type NormalisedReport } from "../../lib/compare/read-report";
import type { Db } from "../index";
import { decisionPoints, decisionScores, judgeReports, runs } from "../schema";

// Compare (issue 5): the page compares the same reports `assay compare` reads — a run's score report (rebuilt from its
// stored decisions) or a stored judge report — with the one lib/ implementation, compareReports, and its defaults.

export { reportRefSchema, type ReportRef } from "../../lib/approval/report-ref";

export type ReportSource = { ref: ReportRef; label: string; name: string; kind: "score" | "judge"; id: number; example: boolean };

/** Every report the compare page offers: imported runs, then judge reports (each newest first). */
export async function listReportSources(db: Db): Promise<ReportSource[]> {
  const fromRuns = await db.select({ id: runs.id, name: runs.name, example: runs.example }).from(runs).orderBy(desc(runs.createdAt), desc(runs.id));
  const judge = await db.select({ id: judgeReports.id, name: judgeReports.name, example: judgeReports.example }).from(judgeReports).orderBy(desc(judgeReports.createdAt), desc(judgeReports.id));
  return [
    ...fromRuns.map((r): ReportSource => ({ ref: `run:${r.id}`, label: `${r.name} (run ${r.id}, score)`, name: r.name, kind: "score", id: r.id, example: r.example })),
    ...judge.map((r): ReportSource => ({ ref: `judge:${r.id}`, label: `${r.name} (judge report ${r.id})`, name: r.name, kind: "judge", id: r.id, example: r.example })),
  ];
}

/** A run's score report as `assay score --json` writes it (decisions in file order), for compare to read. */
export async function runScoreReport(db: Db, runId: number): Promise<Record<string, unknown> | null> {
  const [run] = await db.select({ report: runs.report, probeSetVersion: runs.probeSetVersion }).from(runs).where(eq(runs.id, runId)).limit(1);
  if (!run) return null;
  const rows = await db
    .select({
      decision_id: decisionScores.decisionId,
      episode_id: decisionScores.episodeId,
      family: decisionScores.family,
      thinking: decisionScores.thinking,
      score: decisionScores.score,
      score_strict: decisionScores.scoreStrict,
      hits: decisionScores.hits,
      format_valid: decisionScores.formatValid,
      format_error: decisionScores.formatError,
      hardViolations: decisionScores.hardViolations,
    })
    .from(decisionScores)
    .where(eq(decisionScores.runId, runId))
    .orderBy(asc(decisionScores.lineId));
  const decisions = rows.map(({ hardViolations, ...d }) => ({ ...d, hard_violations: hardViolations ? hardViolations.split(",") : [] }));
  // Issue 26: the released probe-set version that scored it (null: imported before versions existed), a ruler compare checks.
  return { ...run.report, probe_set_version: run.probeSetVersion, decisions };
}

/** A stored judge report (schema v2, as imported), or null. */
export async function storedJudgeReport(db: Db, id: number) {
  const [row] = await db.select().from(judgeReports).where(eq(judgeReports.id, id)).limit(1);
  return row ?? null;
}

/** Loads one side of a comparison; null when the run or judge report does not exist. */
export async function loadReportByRef(db: Db, ref: ReportRef): Promise<NormalisedReport | null> {
  const p = parseRef(ref);
  if (!p) return null;
  if (p.kind === "run") {
    const report = await runScoreReport(db, p.id);
    return report ? normaliseReport(report, `run ${p.id}`) : null;
  }
  const row = await storedJudgeReport(db, p.id);
  return row ? normaliseReport(row.report, `judge report ${p.id} (${row.name})`) : null;
}

export type ComparisonData = { ok: true; outcome: CompareOutcome } | { ok: false; error: string };

type Refs = { baseline: ReportRef; candidate: ReportRef };

/** Both sides of a comparison, or why they cannot be compared. */
async function loadPair(db: Db, refs: Refs): Promise<{ ok: true; baseline: NormalisedReport; candidate: NormalisedReport } | { ok: false; error: string }> {
  const baseline = await loadReportByRef(db, refs.baseline);
  const candidate = await loadReportByRef(db, refs.candidate);
  if (!baseline) return { ok: false, error: `${describeRef(refs.baseline)} not found` };
  if (!candidate) return { ok: false, error: `${describeRef(refs.candidate)} not found` };
  if (baseline.kind !== candidate.kind) return { ok: false, error: `cannot compare a ${baseline.kind} report with a ${candidate.kind} report` };
  return { ok: true, baseline, candidate };
}

/** What the compare page shows: compareReports on the two reports with the CLI's defaults (seed, resamples, no role filter). */
export async function loadComparison(db: Db, refs: Refs): Promise<ComparisonData> {
  const pair = await loadPair(db, refs);
  return pair.ok ? { ok: true, outcome: compareReports(pair.baseline, pair.candidate) } : pair;
}

export type ComparisonDetail =
  | { ok: true; outcome: CompareOutcome; baseline: NormalisedReport; candidate: NormalisedReport; /** Pack change only: decisions whose target is the same in both packs. */ sameTargets?: Set<string> }
  | { ok: false; error: string };

/**
 * What the compare page shows: loadComparison's outcome with both normalised reports, so the page can recompute the
 * verdict like for like (issue 20), and — when two runs were scored under different packs — the decisions whose target
 * and customer message are identical in both packs.
 */
export async function loadComparisonDetail(db: Db, refs: Refs): Promise<ComparisonDetail> {
  const pair = await loadPair(db, refs);
  if (!pair.ok) return pair;
  const [a, b] = [pair.baseline.meta.pack_version, pair.candidate.meta.pack_version];
  const sameTargets = pair.baseline.kind === "score" && a !== undefined && b !== undefined && a !== b ? await decisionsWithSameTargets(db, a, b) : undefined;
  return { ok: true, outcome: compareReports(pair.baseline, pair.candidate), baseline: pair.baseline, candidate: pair.candidate, sameTargets };
}

/** Decision ids present in both pack versions with the same target and the same customer message. */
export async function decisionsWithSameTargets(db: Db, packA: string, packB: string): Promise<Set<string>> {
  const read = async (v: string) =>
    new Map(
      (
        await db
          .select({ id: decisionPoints.id, target: decisionPoints.target, message: decisionPoints.customerMessage })
          .from(decisionPoints)
          .where(eq(decisionPoints.packVersion, v))
      ).map((p) => [p.id, JSON.stringify([p.target, p.message])]),
    );
  const [x, y] = [await read(packA), await read(packB)];
  return new Set([...x].filter(([id, sig]) => y.get(id) === sig).map(([id]) => id));
}

/** The gate flips and blockers of a comparison, without its bootstrap: what a case page needs for its review. */
export async function loadReviewFigures(db: Db, refs: Refs): Promise<ReviewFigures | null> {
  const pair = await loadPair(db, refs);
  if (!pair.ok) return null;
  const r = reviewFigures(pair.baseline, pair.candidate);
  return r.ok ? r.figures : null;
}
