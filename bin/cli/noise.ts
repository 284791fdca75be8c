import { DEFAULT_BAND, noiseBand, renderNoiseMarkdown } from "../../lib/compare/noise";
import { loadReport } from "../load/reports";
import { parseCommandArgs, UsageError } from "./args";

export const summary = "spread of run-level mean correctness over repeated runs, against a noise band";

/** assay noise REPORT... [--band 0.031] [--json] */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { band: { type: "string" }, json: { type: "boolean" } }, true);
  if (positionals.length < 2) throw new UsageError(`expected at least 2 reports of repeated runs, got ${positionals.length}`);
  const band = values.band === undefined ? DEFAULT_BAND : Number(values.band);
  if (!Number.isFinite(band) || band < 0 || values.band?.trim() === "") throw new UsageError(`--band must be a non-negative number, got ${JSON.stringify(values.band)}`);
  const outcome = noiseBand(positionals.map((file) => ({ label: file, report: loadReport(file) })), band);
  if (!outcome.ok) {
    process.stderr.write(`assay noise: ${outcome.error}\n`);
    return 2;
  }
  for (const w of outcome.result.warnings) process.stderr.write(`assay noise: warning: ${w}\n`);
  process.stdout.write(values.json ? `${JSON.stringify(outcome.result, null, 2)}\n` : renderNoiseMarkdown(outcome.result));
  return 0;
}
