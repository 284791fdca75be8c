import type { DetectorCode } from "../pack/vocab";
import type { AuditStratum } from "./strata";
import { STRATUM_NAMES } from "./strata";

/** Every promoted probe's id starts with this (lib/probes/probe-sets.ts files them as their own probe set). */
export const PROMOTED_PREFIX = "run-";

/** A run's name as an id part: lower-case letters and digits joined by single hyphens, at most 40 characters. */
export function runSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "unnamed";
}

/**
 * Issue 18: a promoted audit item's probe id names its run, then (after "--") the detector, decision and line:
 * `run-careful-v2--h5-trf-007-d1-l12`. The slug never holds "--", so the run part reads back unambiguously.
 */
export function promotedProbeId(runName: string, detector: DetectorCode, decisionId: string, lineNo: number): string {
  const decision = decisionId.toLowerCase().replace(/[^a-z0-9_-]+/g, "-");
  return `${PROMOTED_PREFIX}${runSlug(runName)}--${detector.toLowerCase()}-${decision}-l${lineNo}`;
}

/** The probe's note: where it came from, so a reader of probes/*.jsonl can find the reply in its run. */
export function promotionNote(src: { runName: string; runId: number; decisionId: string; lineNo: number; auditId: number; stratum: AuditStratum }): string {
  return `promoted from run '${src.runName}' (run ${src.runId}), decision ${src.decisionId}, line ${src.lineNo}; audit ${src.auditId}, ${STRATUM_NAMES[src.stratum]} stratum`;
}
