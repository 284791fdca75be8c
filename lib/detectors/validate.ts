// Detector validation on hand-labelled probes (seed 000, "Detector limitations"): precision and recall with Wilson
// intervals, and matched pairs separated; a detector whose recall or pair separation is below the floor, or whose recall
// cannot be measured, is advisory for the run.
import { ADVISORY_RECALL_FLOOR, DETECTOR_CODES, type DetectorCode } from "../pack/vocab";
import type { Probe, ProbeLabel } from "../schemas/probe";
import type { DetectorFigure } from "../scoring/report-schema";
import { figuresFromPredictions } from "../probes/figures";
import { outOfSampleFigure } from "../probes/probe-sets";
import { DETECTORS } from "./index";

export type ProbePrediction = { id: string; label: ProbeLabel; predicted: ProbeLabel; pair_id?: string };
export type DetectorValidation = DetectorFigure & { predictions: ProbePrediction[] };

function figure(predictions: ProbePrediction[], floor: number): DetectorValidation {
  const predicted = predictions.map((p) => ({ id: p.id, predicted: p.predicted === "violation", label: p.label, pair_id: p.pair_id }));
  return { ...figuresFromPredictions(predicted, floor), out_of_sample: outOfSampleFigure(predicted), predictions };
}

/** Runs each probe through its own detector; probes keep their file order within a detector. */
export function validateDetectors(probes: readonly Probe[], advisoryFloor = ADVISORY_RECALL_FLOOR): Record<DetectorCode, DetectorValidation> {
  const byCode = Object.fromEntries(DETECTOR_CODES.map((c) => [c, [] as ProbePrediction[]])) as Record<DetectorCode, ProbePrediction[]>;
  for (const p of probes) {
    const fired = DETECTORS[p.detector](p.reply, p.context).fired;
    const row: ProbePrediction = { id: p.id, label: p.label, predicted: fired ? "violation" : "clean" };
    if (p.pair_id !== undefined && p.pair_id !== null) row.pair_id = p.pair_id;
    byCode[p.detector].push(row);
  }
  return Object.fromEntries(DETECTOR_CODES.map((c) => [c, figure(byCode[c], advisoryFloor)])) as Record<DetectorCode, DetectorValidation>;
}
