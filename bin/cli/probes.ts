import { DETECTOR_CODES, HARD_CODE_NAMES } from "../../lib/pack/vocab";
import { parseCommandArgs } from "./args";
import { detectorFigures } from "../load/detector-figures";
import { loadFirstReadings, loadFreshBatch, loadProbes } from "../load/probes";
import { DETECTORS } from "../../lib/detectors";
import { FIRST_READING_TARGETS, firstReadingFigures, meetsTargets, type FirstReading, type Rate } from "../../lib/probes/first-readings";
import { advisoryWhy, f3ci, pairsText } from "../../lib/format";
import { figuresBySet } from "../../lib/probes/probe-sets";
import type { DetectorFigure } from "../../lib/scoring/report-schema";
import { wilsonInterval } from "../../lib/stats/wilson";

export const summary = "detector precision and recall on the shipped probe sets (or the given files)";


/** The share of clean-labelled replies the detector fires on: each one a correct decision the reward would zero. */
function falseZeroCell(d: DetectorFigure): string {
  return d.n_clean > 0 ? `${f3ci(d.fp / d.n_clean, wilsonInterval(d.fp, d.n_clean))} (${d.fp}/${d.n_clean})` : "—";
}

function rateCell(r: Rate): string {
  return r.rate === null ? "—" : `${f3ci(r.rate, r.ci)} (${r.k}/${r.n})`;
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { file: { type: "string", multiple: true }, json: { type: "boolean", default: false } });
  const probes = loadProbes(values.file && values.file.length > 0 ? values.file : undefined);
  const figures = detectorFigures(probes);
  const firstReadings = loadFirstReadings();
  // Once read, a batch is a fixed set: its figures now, beside its first reading, show how much of a fix was fitting.
  const freshNow = firstReadings.map((r) => {
    const { probes: batch } = loadFreshBatch(r.batch);
    return { batch: r.batch, detectors: firstReadingFigures(batch.map((p) => ({ ...p, predicted: DETECTORS[p.detector](p.reply, p.context).fired }))) };
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ...figures, first_readings: firstReadings, fresh_batches_now: freshNow }, null, 2)}\n`);
    return 0;
  }
  const out = ["| detector | n (viol/clean) | precision [95% CI] | recall [95% CI] | pairs separated [95% CI] | tp fp fn tn | status |", "|---|---|---|---|---|---|---|"];
  for (const c of DETECTOR_CODES) {
    const d = figures[c];
    out.push(`| ${HARD_CODE_NAMES[c]} | ${d.n} (${d.n_violation}/${d.n_clean}) | ${f3ci(d.precision, d.precision_ci)} | ${f3ci(d.recall, d.recall_ci)} | ${pairsText(d.pairs)} | ${d.tp} ${d.fp} ${d.fn} ${d.tn} | ${d.advisory ? `ADVISORY (${advisoryWhy(d)})` : "hard"} |`);
  }
  out.push("", "Out of sample (the unfixed blind sets together, never fixed or trained on):", "", "| detector | n (viol/clean) | precision [95% CI] | recall [95% CI] | pairs separated [95% CI] | sets |", "|---|---|---|---|---|---|");
  for (const c of DETECTOR_CODES) {
    const o = figures[c].out_of_sample;
    if (o) out.push(`| ${c} | ${o.n} (${o.n_violation}/${o.n_clean}) | ${f3ci(o.precision, o.precision_ci)} | ${f3ci(o.recall, o.recall_ci)} | ${pairsText(o.pairs)} | ${o.sets.join(", ")} |`);
  }
  // The pooled figure can hide the out-of-sample one: each probe set on its own (docs/DETECTORS.md).
  out.push("", "By probe set:", "", "| detector | set | n (viol/clean) | precision [95% CI] | recall [95% CI] | pairs separated [95% CI] | false-zero rate [95% CI] |", "|---|---|---|---|---|---|---|");
  for (const c of DETECTOR_CODES) {
    for (const { label, figure: d } of figuresBySet(figures[c].predictions.map((p) => ({ id: p.id, label: p.label, predicted: p.predicted === "violation", pair_id: p.pair_id })))) {
      out.push(`| ${c} | ${label} | ${d.n} (${d.n_violation}/${d.n_clean}) | ${f3ci(d.precision, d.precision_ci)} | ${f3ci(d.recall, d.recall_ci)} | ${pairsText(d.pairs)} | ${falseZeroCell(d)} |`);
    }
  }
  // The figures that count (issue 25): each fresh batch scored once, before anyone read it. The trend across batches
  // says whether a change generalizes; the figures above mostly measure text the detectors were fixed on.
  out.push("", "First readings (fresh blind batches, each scored once before it was read; docs/DETECTORS.md):", "");
  if (firstReadings.length === 0) out.push("none yet");
  else {
    out.push("| date | batch | commit | detector | false zeros [95% CI] | pairs separated [95% CI] | recall on drifting violations [95% CI] | meets the bar |", "|---|---|---|---|---|---|---|---|");
    for (const r of firstReadings) {
      for (const c of DETECTOR_CODES) {
        const t = FIRST_READING_TARGETS[c];
        for (const [variant, figures] of [["", r.detectors], ...Object.entries(r.variants ?? {}).map(([k, v]) => [` (${k.replace(/_/g, " ")})`, v] as const)] as const) {
          const d = figures[c];
          if (!d) continue;
          const meets = meetsTargets({ ...r, detectors: figures }, c) ? "yes" : "no";
          out.push(`| ${r.date} | ${r.batch} (seed ${r.seed}) | ${r.commit.slice(0, 10)} | ${c}${variant} | ${rateCell(d.false_zero)} ≤ ${t.false_zero} | ${rateCell(d.pairs_separated)} | ${rateCell(d.recall)} | ${meets} |`);
        }
      }
    }
  }
  if (freshNow.length) {
    out.push("", "The same batches now (read and fixed on since their first reading, so not evidence of generalization; kept out of the gating probe sets until a lead releases them):", "", "| batch | detector | false zeros [95% CI] | pairs separated [95% CI] | recall on drifting violations [95% CI] |", "|---|---|---|---|---|");
    for (const f of freshNow) for (const c of DETECTOR_CODES) out.push(`| ${f.batch} | ${c} | ${rateCell(f.detectors[c].false_zero)} | ${rateCell(f.detectors[c].pairs_separated)} | ${rateCell(f.detectors[c].recall)} |`);
  }
  const wrong = DETECTOR_CODES.flatMap((c) => figures[c].predictions.filter((p) => p.predicted !== p.label).map((p) => `- ${p.id}: labelled ${p.label}, predicted ${p.predicted}`));
  if (wrong.length) out.push("", "Disagreements:", ...wrong);
  process.stdout.write(`${out.join("\n")}\n`);
  return 0;
}
