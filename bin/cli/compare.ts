import { compareReports } from "../../lib/compare/compare";
import { rulerVerdict } from "../../lib/compare/headline";
import { failsGateWithHeadline, renderCompareMarkdown } from "../../lib/compare/markdown";
import { loadReport } from "../load/reports";
import { parseCommandArgs, UsageError } from "./args";

export const summary = "paired-delta comparison of two reports: bootstrap CI, gate flips, blockers, verdict";

/** assay compare BASELINE CANDIDATE [--role R] [--fail-on-regression] [--json] [--seed N] */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { role: { type: "string" }, "fail-on-regression": { type: "boolean" }, json: { type: "boolean" }, seed: { type: "string" } },
    true,
  );
  if (positionals.length !== 2) throw new UsageError(`expected BASELINE CANDIDATE, got ${positionals.length} file argument(s)`);
  const [baselineFile, candidateFile] = positionals as [string, string];
  const seed = values.seed === undefined ? undefined : parseSeed(values.seed);
  const [baseline, candidate] = [loadReport(baselineFile), loadReport(candidateFile)];
  const outcome = compareReports(baseline, candidate, { role: values.role ?? null, seed });
  for (const w of outcome.ok ? outcome.result.warnings : outcome.warnings) process.stderr.write(`assay compare: warning: ${w}\n`);
  if (!outcome.ok) {
    process.stderr.write(`assay compare: ${outcome.error}\n`);
    return 2;
  }
  const r = outcome.result;
  // Issue 26: where the ruler changed, the headline is the verdict recomputed under one ruler, or NOT COMPARABLE.
  // (The CLI has one pack's targets at most, so a pack change has no like-for-like verdict here.)
  const { headline: h } = rulerVerdict(baseline, candidate, r, undefined, values.role ?? null);
  const headline = { kind: h.kind, verdict: h.verdict, label: h.kind === "like for like" ? h.label : null, sentence: h.sentence };
  process.stdout.write(values.json ? `${JSON.stringify({ ...r, headline }, null, 2)}\n` : renderCompareMarkdown(r, { baseline: baselineFile, candidate: candidateFile, headline: h }));
  return values["fail-on-regression"] && failsGateWithHeadline(r, h) ? 1 : 0;
}

function parseSeed(s: string): number {
  if (!/^\d+$/.test(s) || Number(s) > 0xffffffff) throw new UsageError(`--seed must be an integer in 0..4294967295, got ${JSON.stringify(s)}`);
  return Number(s) | 0;
}
