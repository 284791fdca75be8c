import { scoreReportSchema, type ScoreReport } from "../../lib/scoring/report-schema";
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
  });
  if (!values.run) throw new UsageError("--run FILE is required");
  const split = values.split as string;
  if (split !== "dev" && split !== "eval" && split !== "all") throw new UsageError(`--split must be dev, eval or all (got '${split}')`);
  const report = await scoreRunFile(values.run, split);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const baseline = values.baseline ? readJsonFile(values.baseline, scoreReportSchema) : null;
  process.stdout.write(renderScoreMarkdown(report, baseline));
  return 0;
}
