// `npm run train:detectors`: refits the learned second opinion of H1, H4 and H5 from the probe files and the golden
// reference replies, and writes lib/detectors/learned/model.json. Run it after any probe label changes; a test fails
// until you do.
import { writeFileSync } from "node:fs";
import { loadDecisionPoints } from "../bin/load/episodes";
import { repoPath } from "../bin/load/files";
import { loadProbes } from "../bin/load/probes";
import { trainModel } from "../lib/detectors/learned/examples";

export const MODEL_FILE = repoPath("lib", "detectors", "learned", "model.json");

if (process.argv[1]?.endsWith("train-detectors.ts")) {
  const model = trainModel(loadProbes(), loadDecisionPoints());
  writeFileSync(MODEL_FILE, `${JSON.stringify(model)}\n`);
  for (const [code, d] of Object.entries(model.detectors)) console.log(`${code}: ${Object.keys(d.weights).length} n-gram weights, bias ${d.bias}`);
}
