import { byDeltaThenKey, type CompareResult, type CompareRow, failsRegressionGate, TIE_EPS } from "./compare";
import { cell, signed, thousands } from "./format";
import type { Headline } from "./headline";

export type MarkdownOptions = {
  baseline: string;
  candidate: string;
  /** Rows shown per direction in the Δ table. */
  maxRows?: number;
  /** Issue 26: the headline verdict (lib/compare/headline.ts); where the ruler changed it replaces the raw verdict line. */
  headline?: Headline;
};

/** --fail-on-regression with the headline: a like-for-like REGRESSED fails the gate too, even under a raw IMPROVED. */
export function failsGateWithHeadline(r: CompareResult, h?: Headline): boolean {
  return failsRegressionGate(r) || h?.verdict === "REGRESSED";
}

function verdictLine(r: CompareResult, h: Headline | undefined): string {
  const figures = (x: CompareResult) => `mean Δ ${signed(x.mean_delta)}, 95% CI ${signed(x.ci[0])} to ${signed(x.ci[1])}, ${x.n_pairs} pairs; ${x.resampling}`;
  if (!h || h.kind === "as reported") return `**Verdict: ${r.verdict}** (${figures(r)})`;
  if (h.kind === "like for like") return `**Verdict: ${h.verdict}** like for like, ${h.label} (${figures(h.result)}). As reported: ${r.verdict}, which is not the agent's change alone: the ruler changed (see Warnings).`;
  return `**Verdict: NOT COMPARABLE**: the ${h.fields.join(", ")} changed and no recomputation undoes it. As reported: ${r.verdict} (${figures(r)}), which is not the agent's change alone.`;
}

/** The compare report as markdown: verdict first, then what blocks, then the evidence. */
export function renderCompareMarkdown(r: CompareResult, o: MarkdownOptions): string {
  const max = o.maxRows ?? 10;
  const group = r.kind === "judge" ? "role" : "family";
  const out: string[] = [];
  const ci = `95% CI ${signed(r.ci[0])} to ${signed(r.ci[1])}`;
  out.push(verdictLine(r, o.headline));
  const gate = failsGateWithHeadline(r, o.headline) ? "FAIL" : "PASS";
  const headlineNote = o.headline && o.headline.kind !== "as reported" ? `; headline ${o.headline.verdict ?? "NOT COMPARABLE"}` : "";
  out.push("", `**Regression gate: ${gate}** (verdict ${r.verdict}${headlineNote}; ${r.blockers.length} blocker(s); ${r.gate_flips.pass_to_fail.length} pass→fail flip(s))`);
  out.push("", `# Compare: ${o.baseline} → ${o.candidate}`, "", `${r.kind} reports (${r.formats.baseline} → ${r.formats.candidate}).${figuresNote(r)}`);

  out.push("", `## Blockers (${r.blockers.length})`, "");
  if (!r.blockers.length) out.push("No newly present violation.");
  else {
    out.push("A violation the baseline did not have blocks the candidate whatever the mean.", "", `| case | ${group} | new violations |`, "|---|---|---|");
    for (const b of r.blockers) out.push(`| ${cell(b.key)} | ${cell(b.group)} | ${cell((b.reasons.length ? b.reasons : b.new_violations).join("; "))}${b.baseline_errored ? " (baseline errored)" : ""} |`);
  }

  out.push("", "## Gate flips", "");
  for (const [title, list, why] of [
    ["pass → fail", r.gate_flips.pass_to_fail, "candidate fails because"],
    ["fail → pass", r.gate_flips.fail_to_pass, "baseline failed because"],
  ] as const) {
    out.push(`### ${title} (${list.length})`, "");
    if (list.length) {
      out.push(`| case | ${group} | ${why} |`, "|---|---|---|");
      for (const f of list) out.push(`| ${cell(f.key)} | ${cell(f.group)} | ${cell(f.reason ?? "")} |`);
      out.push("");
    }
  }

  out.push("## Mean Δ", "");
  out.push(`- mean Δ (candidate − baseline): ${signed(r.mean_delta)}, ${ci} (percentile bootstrap, ${thousands(r.resamples)} resamples, seed ${r.seed}, ${r.resampling})`);
  out.push(`- minimum detectable Δ at 80% power (two-sided α = 0.05): ${mdeLine(r)}`);
  out.push("", verdictSentence(r));

  out.push("", "## Counts", "", `improved ${r.improved} · regressed ${r.regressed} · tied ${r.tied} (|Δ| < 1e-9) · pairs ${r.n_pairs}`);
  out.push("", ...deltaTable(r.rows, max, group));
  if (r.warnings.length) out.push("", `## Warnings (${r.warnings.length})`, "", ...r.warnings.map((w) => `- ${w}`));
  return `${out.join("\n")}\n`;
}

/** Issue 20: judge figures are recomputed from each report's votes; a side without votes is marked unverifiable. */
function figuresNote(r: CompareResult): string {
  if (r.kind !== "judge") return "";
  const mark = (f: CompareResult["figures"]["baseline"]) => (f === "unverifiable" ? "UNVERIFIABLE (no votes; taken as written)" : "recomputed from its votes");
  return ` Judge figures: baseline ${mark(r.figures.baseline)}, candidate ${mark(r.figures.candidate)}.`;
}

function mdeLine(r: CompareResult): string {
  const m = r.mde;
  if (m.value === null) return `n/a (fewer than 2 ${m.basis === "clusters" ? "episodes" : "pairs"})`;
  const basis = m.basis === "clusters"
    ? `SE from the between-episode variance of episode Δ totals over ${m.units} episodes${m.design_effect === null ? "" : `; design effect ${m.design_effect.toFixed(2)}`}`
    : `SE = paired SD ${m.sd!.toFixed(3)} / √${m.units}`;
  return `±${m.value.toFixed(3)} (${basis})`;
}

function verdictSentence(r: CompareResult): string {
  const detect = r.mde.value === null
    ? "There are too few units to say which effects this comparison could detect."
    : `At this n and this variance a true mean change of ±${r.mde.value.toFixed(3)} is detected 80% of the time; smaller changes often are not.`;
  if (r.verdict === "IMPROVED") return `The CI lies above 0: the candidate improved on this case set (95% level). ${detect}`;
  if (r.verdict === "REGRESSED") return `The CI lies below 0: the candidate regressed on this case set (95% level). ${detect}`;
  if (r.ci[0] > TIE_EPS || r.ci[1] < -TIE_EPS) return `INCONCLUSIVE: one resampling unit cannot support a verdict, whatever its Δ. ${detect}`;
  return `INCONCLUSIVE: the CI contains 0. It rules out, at the 95% level, a mean change below ${signed(r.ci[0])} or above ${signed(r.ci[1])}; it does not show the runs are equivalent. ${detect}`;
}

function deltaTable(rows: CompareRow[], max: number, group: string): string[] {
  const regressions = rows.filter((r) => r.delta <= -TIE_EPS);
  const improvements = rows.filter((r) => r.delta >= TIE_EPS).sort((a, b) => byDeltaThenKey({ ...a, delta: -a.delta }, { ...b, delta: -b.delta }));
  const out = ["## Per-case Δ", ""];
  const shown = Math.min(max, regressions.length) + Math.min(max, improvements.length);
  for (const [title, list] of [["Largest regressions", regressions], ["Largest improvements", improvements]] as const) {
    if (!list.length) {
      out.push(`### ${title}: none`, "");
      continue;
    }
    out.push(`### ${title} (${Math.min(max, list.length)} of ${list.length})`, "");
    out.push(`| case | ${group} | baseline | candidate | Δ | gate |`, "|---|---|---:|---:|---:|---|");
    for (const r of list.slice(0, max)) {
      out.push(`| ${cell(r.key)} | ${cell(r.group)} | ${r.baseline.toFixed(3)} | ${r.candidate.toFixed(3)} | ${signed(r.delta)} | ${gateName(r.gate_baseline)} → ${gateName(r.gate_candidate)} |`);
    }
    out.push("");
  }
  const rest = rows.length - shown;
  if (rest > 0) out.push(`… and ${rest} more case(s) not shown (ties included); \`--json\` lists every row.`);
  return out;
}

function gateName(g: boolean | null): string {
  return g === null ? "error" : g ? "pass" : "fail";
}
