import { describe, expect, it } from "vitest";
import { makeOutput, makePack, makePoint } from "../testing/factories";
import { renderScoreMarkdown } from "./markdown";
import type { DetectorFigure } from "./report-schema";
import { scoreRunText } from "./score-run";

const pooled: DetectorFigure = { precision: 1, recall: 0.95, precision_ci: [0.9, 1], recall_ci: [0.85, 0.98], n: 40, n_violation: 20, n_clean: 20, tp: 19, fp: 0, fn: 1, tn: 20, advisory: false };
const unseen = { precision: 0.96, recall: 0.7, precision_ci: [0.8, 0.99] as [number, number], recall_ci: [0.52, 0.83] as [number, number], n: 60, n_violation: 30, n_clean: 30, tp: 21, fp: 1, fn: 9, tn: 29, sets: ["blind set AA", "blind set AB"] };

function report(withUnseen: boolean) {
  const point = makePoint({ decision_id: "fnd-001-d1", episode_id: "fnd-001" });
  const line = JSON.stringify({ decision_id: point.decision_id, raw: JSON.stringify(makeOutput()), thinking: false });
  const h1 = withUnseen ? { ...pooled, out_of_sample: unseen } : pooled;
  return scoreRunText(line, { file: "run.jsonl", points: [point], pack: makePack(), detectors: { H1: h1, H4: pooled, H5: pooled }, evalHash: "x".repeat(64) });
}

describe("the markdown report puts the out-of-sample figure beside the pooled one", () => {
  it("a detector measured on unfixed blind sets shows its precision, recall, n and the sets", () => {
    const md = renderScoreMarkdown(report(true));
    expect(md).toContain("Out of sample (unfixed blind sets, never fixed or trained on)");
    expect(md).toContain("| H1 | 0.960 [0.800, 0.990] | 0.700 [0.520, 0.830] | 60 (30/30) | blind set AA, blind set AB |");
  });
  it("without any unfixed set the section is left out rather than shown empty", () => {
    expect(renderScoreMarkdown(report(false))).not.toContain("Out of sample");
  });
});
