import { DETECTOR_CODES, HARD_CODE_NAMES, type DetectorCode } from "../pack/vocab";
import type { AuditExport } from "./audit-schema";
import type { AuditFigure } from "./estimator";
import { labelledText, precisionText, recallText, violationsText } from "./format";
import { MIN_LABELS_PER_STRATUM } from "./strata";

/** The per-run detector figures of an audit as `assay score --audit` prints them: the run report's table, in markdown. */
export function renderAuditMarkdown(audit: AuditExport, figures: Record<DetectorCode, AuditFigure>): string {
  const out = [
    `## Detectors on this run's own replies (audit drawn by ${audit.drawn_by}, seed ${audit.seed})`,
    "",
    "| detector | labelled / drawn of stratum size | precision of hits [95% CI] | estimated recall [95% CI] | estimated true violations [95% CI] |",
    "|---|---|---|---|---|",
  ];
  for (const c of DETECTOR_CODES) {
    const f = figures[c];
    out.push(`| ${HARD_CODE_NAMES[c]} | ${labelledText(f)} | ${precisionText(f)} | ${recallText(f)} | ${violationsText(f)} |`);
  }
  out.push(
    "",
    `Precision: the fired stratum's share of violations (Wilson). Recall and true violations weight each stratum's labelled violation rate by its size; intervals from ${MIN_LABELS_PER_STRATUM} labels per stratum on (docs/WORKBENCH.md).`,
    "",
  );
  return out.join("\n");
}
