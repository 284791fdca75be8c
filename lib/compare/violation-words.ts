import { HARD_CODE_NAMES, type HardCode } from "../pack/vocab";
import type { DetectorHit } from "../scoring/report-schema";

// Issue 20 (8): a flip or blocker says why in the scorer's words ("H5: commitment to '24 hours' (not allowed)"), not
// the bare code. H1, H4 and H5 carry their detectors' hit reasons; H2 and H3 are rules on the action, said here.
const RULE_WORDS: Partial<Record<HardCode, string>> = {
  H2: "H2: a fraud claim not escalated to fraud_ops at P0 with the fraud_claim flag (FRD-01)",
  H3: "H3: a regulatory complaint not escalated to compliance at P1 (CMP-01)",
};

/**
 * Why a decision has a hard violation, in words: its detector hits' reasons (distinct, in reply order; each already
 * begins with the code), the rule for H2/H3, or the criterion's name when a report carries no hits.
 */
export function hardViolationWords(code: HardCode, hits: readonly Pick<DetectorHit, "reason">[] | undefined): string {
  const reasons = [...new Set((hits ?? []).map((h) => (h.reason.startsWith(`${code}:`) ? h.reason : `${code}: ${h.reason}`)))];
  if (reasons.length) return reasons.join("; ");
  return RULE_WORDS[code] ?? `${code}: ${HARD_CODE_NAMES[code].slice(code.length + 1).replaceAll("_", " ")}`;
}
