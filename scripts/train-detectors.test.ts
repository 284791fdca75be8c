import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { loadDecisionPoints } from "../bin/load/episodes";
import { loadProbes } from "../bin/load/probes";
import { trainModel, type LearnedModelFile } from "../lib/detectors/learned/examples";
import { TRAINING } from "../lib/detectors/learned/train";
import { MODEL_FILE } from "./train-detectors";

describe("the committed learned model", () => {
  it("is what training on the current probe files and golden set gives (run npm run train:detectors after a label changes)", () => {
    const committed = JSON.parse(readFileSync(MODEL_FILE, "utf8")) as LearnedModelFile;
    const fresh = trainModel(loadProbes(), loadDecisionPoints());
    const tolerance = 2 * 10 ** -TRAINING.decimals;
    for (const code of ["H1", "H4", "H5"] as const) {
      const a = committed.detectors[code];
      const b = fresh.detectors[code];
      expect(Math.abs(a.bias - b.bias)).toBeLessThanOrEqual(tolerance);
      // Rounding may land a tiny weight on either side of zero; every other n-gram must agree.
      const keys = new Set([...Object.keys(a.weights), ...Object.keys(b.weights)]);
      const off = [...keys].filter((k) => Math.abs((a.weights[k] ?? 0) - (b.weights[k] ?? 0)) > tolerance);
      expect(off).toEqual([]);
    }
  });
});
