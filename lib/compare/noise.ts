import { cell, thousands } from "./format";
import type { NormalisedReport } from "./read-report";

/** Phase-0's v1 K-vote band (seed 002 V): repeated runs whose mean correctness spreads more than this are too noisy. */
export const DEFAULT_BAND = 0.031;

export type NoiseRun = { label: string; mean: number | null; n_cases: number; errors: number };
export type NoiseResult = { kind: "score" | "judge"; band: number; runs: NoiseRun[]; spread: number; sd: number; within_band: boolean; warnings: string[] };
export type NoiseOutcome = { ok: true; result: NoiseResult } | { ok: false; error: string };

/**
 * Spread (max − min) and SD of run-level means over repeated runs of one candidate: mean correctness for judge
 * reports, mean decision score (the composite over all decisions) for score reports. Errored cases are left out
 * of a run's mean and counted. within_band = spread ≤ band.
 */
export function noiseBand(reports: Array<{ label: string; report: NormalisedReport }>, band = DEFAULT_BAND): NoiseOutcome {
  if (reports.length < 2) return { ok: false, error: `need at least 2 reports of repeated runs, got ${reports.length}` };
  const kinds = [...new Set(reports.map((r) => r.report.kind))];
  if (kinds.length > 1) return { ok: false, error: "cannot mix score reports and judge reports in one noise band" };
  const warnings: string[] = [];
  const runs = reports.map(({ label, report }): NoiseRun => {
    const values = report.cases.flatMap((c) => (c.value === null ? [] : [c.value]));
    return { label, mean: values.length ? values.reduce((s, v) => s + v, 0) / values.length : null, n_cases: report.cases.length, errors: report.cases.length - values.length };
  });
  const empty = runs.filter((r) => r.mean === null);
  if (empty.length) return { ok: false, error: `no case has a value in ${empty.map((r) => r.label).join(", ")}` };
  for (const r of runs) if (r.errors) warnings.push(`${r.label}: ${r.errors} of ${r.n_cases} case(s) errored and are left out of its mean (seed 002 V asks for none)`);
  const keySets = reports.map((r) => new Set(r.report.cases.map((c) => c.key)));
  const common = [...keySets[0]!].filter((k) => keySets.every((s) => s.has(k))).length;
  if (keySets.some((s) => s.size !== common)) warnings.push(`the runs cover different cases (${common} in common; sizes ${keySets.map((s) => s.size).join(", ")}): their means are not over the same cases`);
  const formats = new Set(reports.map((r) => r.report.format));
  if (formats.size > 1) warnings.push(`mixed report formats (${[...formats].sort().join(", ")}): v1 and v2 correctness are on different scales`);
  const means = runs.map((r) => r.mean!);
  const spread = Math.max(...means) - Math.min(...means);
  const m = means.reduce((s, v) => s + v, 0) / means.length;
  const sd = Math.sqrt(means.reduce((s, v) => s + (v - m) ** 2, 0) / (means.length - 1));
  return { ok: true, result: { kind: kinds[0]!, band, runs, spread, sd, within_band: spread <= band + 1e-12, warnings } };
}

/** The noise report as markdown: the band verdict first, then one row per run. */
export function renderNoiseMarkdown(r: NoiseResult): string {
  const what = r.kind === "judge" ? "mean correctness" : "mean decision score";
  const out = [
    `**Noise: ${r.within_band ? "WITHIN" : "OUTSIDE"} band** (spread ${r.spread.toFixed(4)} ${r.within_band ? "≤" : ">"} ${r.band}; SD ${r.sd.toFixed(4)} over ${r.runs.length} runs)`,
    "",
    `| run | ${what} | cases | errored |`,
    "|---|---:|---:|---:|",
    ...r.runs.map((run) => `| ${cell(run.label)} | ${run.mean!.toFixed(4)} | ${thousands(run.n_cases)} | ${run.errors} |`),
  ];
  if (r.warnings.length) out.push("", "## Warnings", "", ...r.warnings.map((w) => `- ${w}`));
  return `${out.join("\n")}\n`;
}
