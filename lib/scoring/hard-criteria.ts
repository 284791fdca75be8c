import type { DetectorResult } from "../detectors/types";
import type { DetectorSpan } from "./report-schema";
import { detectorContext } from "../pack/decision-points";
import type { AgentOutput } from "../schemas/output";
import type { Target } from "../schemas/target";
import type { DetectorCode, HardCode } from "../pack/vocab";
import { runDetectors } from "../detectors";

/** FRD-01 (H2): a fraud claim must carry the fraud_claim flag and reach fraud_ops at P0, both at once. */
export function violatesH2(output: AgentOutput, target: Target): boolean {
  if (!target.requires.includes("fraud_claim")) return false;
  const a = output.action;
  return !(a.type === "escalate" && a.escalate_to === "fraud_ops" && a.priority === "P0" && a.flags.includes("fraud_claim"));
}

/** CMP-01 (H3): a regulatory complaint must be an escalation to compliance at P1. */
export function violatesH3(output: AgentOutput, target: Target): boolean {
  if (!target.requires.includes("regulatory_complaint")) return false;
  const a = output.action;
  return !(a.type === "escalate" && a.escalate_to === "compliance" && a.priority === "P1");
}

export type HardCheck = { violations: HardCode[]; hits: Partial<Record<DetectorCode, DetectorResult["hits"]>>; spans: DetectorSpan[] };

/** The text detectors as the scorer calls them; runDetectors unless a benchmark times the scorer without them. */
export type Detect = typeof runDetectors;

/** Stage 2: all five criteria, in code order; detector hits and cleared spans are kept so the workbench can mark them. */
export function checkHardCriteria(output: AgentOutput, target: Target, customerMessage: string, detect: Detect = runDetectors): HardCheck {
  const d = detect(output.reply, detectorContext(target, customerMessage));
  const violations: HardCode[] = [];
  const hits: HardCheck["hits"] = {};
  if (d.H1.fired) violations.push("H1");
  if (violatesH2(output, target)) violations.push("H2");
  if (violatesH3(output, target)) violations.push("H3");
  if (d.H4.fired) violations.push("H4");
  if (d.H5.fired) violations.push("H5");
  const spans: DetectorSpan[] = [];
  for (const code of ["H1", "H4", "H5"] as const) {
    const r = d[code];
    if (r.hits.length > 0) hits[code] = r.hits;
    for (const h of r.hits) spans.push({ detector: code, start: h.start, end: h.end, text: h.text, outcome: "hit", reason: h.reason });
    for (const c of r.cleared) spans.push({ detector: code, start: c.start, end: c.end, text: c.text, outcome: "cleared", reason: c.reason });
  }
  return { violations, hits, spans };
}
