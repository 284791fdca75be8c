import { DETECTOR_CODES, type DetectorCode } from "../pack/vocab";
import { effectiveLabel, type LabelVote } from "../probes/effective-label";
import { auditFigure, type AuditCounts, type AuditFigure } from "./estimator";
import type { AuditStrata, AuditStratum } from "./strata";

/** An audit item as the figures see it: which detector and stratum, and every annotator's vote. */
export type AuditItemVotes = { detector: DetectorCode; stratum: AuditStratum; votes: readonly Pick<LabelVote, "label">[] };

/** Each detector's strata with their labelled counts: an item counts once its votes have a strict majority (ties are left out, as for probes). */
export function auditCounts(strata: AuditStrata, items: Iterable<AuditItemVotes>): Record<DetectorCode, AuditCounts> {
  const out = Object.fromEntries(DETECTOR_CODES.map((c) => [c, { fired: { ...strata[c].fired, labelled: 0, violations: 0 }, not_fired: { ...strata[c].not_fired, labelled: 0, violations: 0 } }])) as Record<DetectorCode, AuditCounts>;
  for (const it of items) {
    const label = effectiveLabel(it.votes).label;
    if (label === null) continue;
    const s = out[it.detector][it.stratum];
    s.labelled++;
    if (label === "violation") s.violations++;
  }
  return out;
}

/**
 * Every detector's per-run figures from an audit's strata and votes. The interval's seed is the audit's own (plus the
 * detector's place), so the run report, the labelling page and `assay score --audit` print the same figures.
 */
export function auditFigures(strata: AuditStrata, items: Iterable<AuditItemVotes>, seed: number): Record<DetectorCode, AuditFigure> {
  const counts = auditCounts(strata, items);
  return Object.fromEntries(DETECTOR_CODES.map((c, i) => [c, auditFigure(counts[c], { seed: (seed + i) | 0 })])) as Record<DetectorCode, AuditFigure>;
}

/** One detector's figure alone (the labelling page recomputes only the detector it shows), the same seed as auditFigures. */
export function auditFigureOf(detector: DetectorCode, strata: AuditStrata, items: Iterable<AuditItemVotes>, seed: number): AuditFigure {
  const counts = auditCounts(strata, items);
  return auditFigure(counts[detector], { seed: (seed + DETECTOR_CODES.indexOf(detector)) | 0 });
}
