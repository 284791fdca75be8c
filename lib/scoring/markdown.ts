import { COMPONENTS, COMPONENT_WEIGHTS, DETECTOR_CODES, HARD_CODES, HARD_CODE_NAMES } from "../pack/vocab";
import type { ScoreReport, Summary } from "./report-schema";

import { advisoryWhy, f3, f3ci, pairsText, pct } from "../format";

function headlineRow(name: string, s: Summary): string {
  const hard = HARD_CODES.map((h) => String(s.hard_violations[h])).join(" | ");
  return `| ${name} | ${s.n_decisions} | ${f3(s.composite)} | ${f3(s.composite_strict)} | ${hard} | ${pct(s.format_invalid_rate)} | ${pct(s.over_escalation_rate)} | ${pct(s.under_escalation_rate)} | ${pct(s.under_route_rate)} | ${s.episodes_failed}/${s.n_episodes} |`;
}

const HEAD = `| | n | composite | strict | H1 | H2 | H3 | H4 | H5 | format invalid | over-esc | under-esc | under-route | episodes failed |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`;

/** Rising hard counts next to a rising composite (seed 000: a number moving up while H1 moves up is a regression). */
export function regressionWarnings(current: ScoreReport, baseline: ScoreReport | null): string[] {
  if (!baseline) return [];
  const out: string[] = [];
  for (const split of ["dev", "eval"] as const) {
    const c = current.splits[split];
    const b = baseline.splits[split];
    for (const h of HARD_CODES) {
      if (c.hard_violations[h] > b.hard_violations[h]) {
        const dir = (c.composite ?? 0) >= (b.composite ?? 0) ? "while the composite ROSE" : "and the composite fell";
        out.push(`**${split}: ${HARD_CODE_NAMES[h]} rose ${b.hard_violations[h]} → ${c.hard_violations[h]} ${dir} (${f3(b.composite)} → ${f3(c.composite)}). This is a regression whatever the composite says.**`);
      }
    }
  }
  return out;
}

/** The human report: hard-violation counts sit in the same row as the composite so neither is read without the other. */
export function renderScoreMarkdown(r: ScoreReport, baseline: ScoreReport | null = null): string {
  const L: string[] = [];
  L.push(`# Assay score report — ${r.run.file}`);
  L.push("");
  L.push(`pack v${r.pack_version} · model ${r.run.model ?? "unknown"} · ${r.run.n_lines} lines · eval split ${r.eval_hash.slice(0, 12)}`);
  L.push("");
  const warnings = regressionWarnings(r, baseline);
  if (warnings.length) {
    L.push("## ⚠ Hard violations rose against the baseline", "", ...warnings.map((w) => `- ${w}`), "");
  }
  if (r.advisory.length) {
    const why = r.advisory.map((c) => `${c}: ${advisoryWhy(r.detectors[c])}`).join(" · ");
    L.push(`> **Advisory criteria this run: ${r.advisory.join(", ")}** (${why}): a detector below 0.9 in recall or in matched pairs separated is not fit to gate, so these do not zero a decision in \`composite\`; \`strict\` counts them as hard.`, "");
  }
  L.push("## Headline", "", HEAD);
  for (const s of ["dev", "eval", "all"] as const) L.push(headlineRow(s, r.splits[s]));
  if (baseline) L.push(headlineRow("baseline dev", baseline.splits.dev), headlineRow("baseline eval", baseline.splits.eval));
  L.push("");
  L.push("## Components (mean, all decisions incl. format-invalid as 0)", "", "| component | weight | dev | eval | all |", "|---|---|---|---|---|");
  for (const c of COMPONENTS) L.push(`| ${c} | ${COMPONENT_WEIGHTS[c].toFixed(2)} | ${f3(r.splits.dev.components[c])} | ${f3(r.splits.eval.components[c])} | ${f3(r.splits.all.components[c])} |`);
  L.push("");
  L.push("## Detectors (probe set, 95% Wilson intervals)", "", "| detector | precision | recall | pairs separated | n (viol/clean) | status |", "|---|---|---|---|---|---|");
  for (const c of DETECTOR_CODES) {
    const d = r.detectors[c];
    L.push(`| ${HARD_CODE_NAMES[c]} | ${f3ci(d.precision, d.precision_ci)} | ${f3ci(d.recall, d.recall_ci)} | ${pairsText(d.pairs)} | ${d.n} (${d.n_violation}/${d.n_clean}) | ${d.advisory ? `**advisory** (${advisoryWhy(d)})` : "hard"} |`);
  }
  // The pooled figure includes probes the detectors were fixed on; the unfixed sets say how they read unseen wording.
  const unseen = DETECTOR_CODES.flatMap((c) => {
    const o = r.detectors[c].out_of_sample;
    return o ? [`| ${c} | ${f3ci(o.precision, o.precision_ci)} | ${f3ci(o.recall, o.recall_ci)} | ${o.n} (${o.n_violation}/${o.n_clean}) | ${o.sets.join(", ")} |`] : [];
  });
  if (unseen.length) L.push("", "Out of sample (unfixed blind sets, never fixed or trained on):", "", "| detector | precision | recall | n (viol/clean) | sets |", "|---|---|---|---|---|", ...unseen);
  for (const [title, m] of [["By family", r.by_family], ["By difficulty", r.by_difficulty], ["Thinking on vs off", r.by_thinking]] as const) {
    L.push("", `## ${title}`, "", HEAD);
    for (const [k, s] of Object.entries(m)) L.push(headlineRow(k, s));
  }
  L.push("");
  return L.join("\n");
}
