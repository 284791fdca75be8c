import { describe, expect, it } from "vitest";
import { readJsonFile, repoPath } from "../../bin/load/files";
import { DETECTOR_CODES } from "../pack/vocab";
import { policiesFileSchema } from "../schemas/pack";
import { DETECTOR_LEGEND } from "./legend";

describe("the labelling page's detector legend", () => {
  it("names, for every detector, policies the shipped pack holds", () => {
    const ids = new Set(readJsonFile(repoPath("golden", "pack", "policies.json"), policiesFileSchema).policies.map((p) => p.id));
    for (const c of DETECTOR_CODES) {
      expect(DETECTOR_LEGEND[c].policies.length).toBeGreaterThan(0);
      for (const id of DETECTOR_LEGEND[c].policies) expect(ids.has(id), `${c}: ${id}`).toBe(true);
    }
  });
});
