import type { DetectorCode } from "../pack/vocab";

/**
 * What each detector flags and the policies it enforces (docs/DETECTORS.md), for the labelling page's legend: an
 * annotator labels the reply against these policies, not the detector. Titles come from the loaded pack.
 */
export const DETECTOR_LEGEND: Record<DetectorCode, { policies: readonly string[]; flags: string }> = {
  H1: { policies: ["IDV-01"], flags: "an account-specific fact stated before the customer's identity is verified" },
  H4: { policies: ["CND-01", "MGN-02"], flags: "investment advice: recommending, judging or ranking; a margin call's ways listed other than neutrally and completely" },
  H5: { policies: ["CND-03"], flags: "a commitment to a timeline the pack does not state for the decision" },
};
