import { asc, desc, eq } from "drizzle-orm";
import path from "node:path";
import { z } from "zod";
import { listFiles, repoPath } from "../../bin/load/files";
import { loadReport } from "../../bin/load/reports";
import { compareReports, type CompareOutcome } from "../../lib/compare/compare";
import { normaliseReport, type NormalisedReport } from "../../lib/compare/read-report";
import type { Db } from "../index";
import { decisionScores, runs } from "../schema";

// Compare (issue 5): the page compares the same reports `assay compare` reads — a run's score report (rebuilt from its
// stored decisions) or a shipped judge report — with the one lib/ implementation, compareReports, and its defaults.

export const JUDGE_REPORT_DIR = ["golden", "runs", "judge"] as const;

/** "run:<id>" (an imported run's score report) or "judge:<name>" (golden/runs/judge/<name>.report.json). */
export const reportRefSchema = z.union([z.string().regex(/^run:[1-9]\d*$/), z.string().regex(/^judge:[a-z0-9][a-z0-9_-]*$/)]);
export type ReportRef = z.infer<typeof reportRefSchema>;

export type ReportSource = { ref: ReportRef; label: string; kind: "score" | "judge"; runId: number | null };

/** Every report the compare page offers: imported runs (newest first), then the shipped judge reports by name. */
export function listReportSources(db: Db): ReportSource[] {
  const fromRuns = db.select({ id: runs.id, name: runs.name }).from(runs).orderBy(desc(runs.createdAt), desc(runs.id)).all();
  const judge = listFiles(repoPath(...JUDGE_REPORT_DIR), ".report.json")
    .map((f) => path.basename(f, ".report.json"))
    .sort();
  return [
    ...fromRuns.map((r): ReportSource => ({ ref: `run:${r.id}`, label: `${r.name} (run ${r.id}, score)`, kind: "score", runId: r.id })),
    ...judge.map((name): ReportSource => ({ ref: `judge:${name}`, label: `${name} (judge report)`, kind: "judge", runId: null })),
  ];
}

/** A run's score report as `assay score --json` writes it (decisions in file order), for compare to read. */
export function runScoreReport(db: Db, runId: number): Record<string, unknown> | null {
  const run = db.select({ report: runs.report }).from(runs).where(eq(runs.id, runId)).get();
  if (!run) return null;
  const decisions = db
    .select({
      decision_id: decisionScores.decisionId,
      episode_id: decisionScores.episodeId,
      family: decisionScores.family,
      thinking: decisionScores.thinking,
      score: decisionScores.score,
      format_valid: decisionScores.formatValid,
      format_error: decisionScores.formatError,
      hardViolations: decisionScores.hardViolations,
    })
    .from(decisionScores)
    .where(eq(decisionScores.runId, runId))
    .orderBy(asc(decisionScores.lineId))
    .all()
    .map(({ hardViolations, ...d }) => ({ ...d, hard_violations: hardViolations ? hardViolations.split(",") : [] }));
  return { ...run.report, decisions };
}

/** Loads one side of a comparison; null when the run or file does not exist. */
export function loadReportByRef(db: Db, ref: ReportRef): NormalisedReport | null {
  const [kind, id] = ref.split(":") as ["run" | "judge", string];
  if (kind === "run") {
    const report = runScoreReport(db, Number(id));
    return report ? normaliseReport(report, `run ${id}`) : null;
  }
  const file = repoPath(...JUDGE_REPORT_DIR, `${id}.report.json`);
  if (!listFiles(repoPath(...JUDGE_REPORT_DIR), ".report.json").some((f) => path.resolve(f) === path.resolve(file))) return null;
  return loadReport(file);
}

export type ComparisonData = { ok: true; outcome: CompareOutcome } | { ok: false; error: string };

/** What the compare page shows: compareReports on the two reports with the CLI's defaults (seed, resamples, no role filter). */
export function loadComparison(db: Db, refs: { baseline: ReportRef; candidate: ReportRef }): ComparisonData {
  const baseline = loadReportByRef(db, refs.baseline);
  const candidate = loadReportByRef(db, refs.candidate);
  if (!baseline) return { ok: false, error: `${refs.baseline} not found` };
  if (!candidate) return { ok: false, error: `${refs.candidate} not found` };
  if (baseline.kind !== candidate.kind) return { ok: false, error: `cannot compare a ${baseline.kind} report with a ${candidate.kind} report` };
  return { ok: true, outcome: compareReports(baseline, candidate) };
}
