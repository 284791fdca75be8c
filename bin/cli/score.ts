import { scoreReportSchema, type ScoreReport } from "../../lib/scoring/report-schema";
import { auditFigures } from "../../lib/audit/figures";
import { renderAuditMarkdown } from "../../lib/audit/markdown";
import { InputError } from "../../lib/io/input-error";
import { loadAudit } from "../load/audit";
import { renderScoreMarkdown } from "../../lib/scoring/markdown";
import { createRunScorer } from "../../lib/scoring/score-run";
import { UsageError, parseCommandArgs } from "./args";
import { loadScoringContext } from "../load/context";
import { readJsonFile } from "../load/files";
import { forEachLine } from "../load/lines";

export const summary = "score a run against the shipped pack, episodes and probes";

/** Scores one run file; shared by `score` and `import` so both read a run the same way. */
export async function scoreRunFile(file: string, split: "dev" | "eval" | "all" = "all"): Promise<ScoreReport> {
  const ctx = loadScoringContext();
  const scorer = createRunScorer({ file, points: ctx.points, pack: ctx.pack, detectors: ctx.detectors, evalHash: ctx.evalHash, split });
  await forEachLine(file, (text, n) => scorer.addLine(text, n));
  return scorer.finish();
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    run: { type: "string" },
    split: { type: "string", default: "all" },
    json: { type: "boolean", default: false },
    baseline: { type: "string" },
    audit: { type: "string" },
  });
  if (!values.run) throw new UsageError("--run FILE is required");
  const split = values.split as string;
  if (split !== "dev" && split !== "eval" && split !== "all") throw new UsageError(`--split must be dev, eval or all (got '${split}')`);
  const report = await scoreRunFile(values.run, split);
  // Issue 18: the run report's per-run detector figures, from an audit exported by the workbench.
  const audit = values.audit ? await loadAudit(values.audit, values.run) : null;
  if (audit && audit.run.n_lines !== report.run.n_lines) throw new InputError(values.audit!, 0, "run.n_lines", `the audit's run has ${audit.run.n_lines} lines; ${values.run} has ${report.run.n_lines}`);
  const figures = audit ? auditFigures(audit.strata, audit.items, audit.seed) : null;
  if (values.json) {
    process.stdout.write(`${JSON.stringify(figures ? { ...report, audit: figures } : report, null, 2)}\n`);
    return 0;
  }
  const baseline = values.baseline ? readJsonFile(values.baseline, scoreReportSchema) : null;
  process.stdout.write(renderScoreMarkdown(report, baseline));
  if (audit && figures) process.stdout.write(`\n${renderAuditMarkdown(audit, figures)}`);
  return 0;
}
