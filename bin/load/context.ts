import { toDecisionPoints, type DecisionPoint } from "../../lib/pack/decision-points";
import { DETECTOR_CODES, type DetectorCode } from "../../lib/pack/vocab";
import type { Episode } from "../../lib/schemas/episode";
import type { Pack } from "../../lib/schemas/pack";
import type { Probe } from "../../lib/schemas/probe";
import type { DetectorFigure } from "../../lib/scoring/report-schema";
import { detectorFigures } from "./detector-figures";
import { loadEpisodes } from "./episodes";
import { evalSplitHash } from "./eval-hash";
import { loadPack } from "./pack";
import { loadProbes } from "./probes";

export type ScoringContext = {
  episodes: Episode[];
  points: DecisionPoint[];
  pack: Pack;
  probes: Probe[];
  detectors: Record<DetectorCode, DetectorFigure>;
  evalHash: string;
};

/** Everything a score needs from golden/ and probes/: detector figures are measured on the probes now, never stored. */
export function loadScoringContext(probeFiles?: string[]): ScoringContext {
  const episodes = loadEpisodes();
  const probes = loadProbes(probeFiles);
  const validated = detectorFigures(probes);
  const detectors = {} as Record<DetectorCode, DetectorFigure>;
  for (const c of DETECTOR_CODES) {
    const { predictions: _omit, ...figure } = validated[c];
    detectors[c] = figure;
  }
  return { episodes, points: toDecisionPoints(episodes), pack: loadPack(), probes, detectors, evalHash: evalSplitHash(episodes) };
}
