import { describe, expect, it } from "vitest";
import { loadProbes } from "../../bin/load/probes";
import { DETECTORS } from "../detectors";
import { figuresFromPredictions } from "./figures";
import { figuresBySet, outOfSampleFigure, probeSetOf } from "./probe-sets";

describe("detector figures per probe set", () => {
  it("each probe belongs to exactly one set, read off its id", () => {
    expect([probeSetOf("ze-h1-001").key, probeSetOf("zd-h4-001").key, probeSetOf("zc-h5-001").key, probeSetOf("zb-h1-001").key, probeSetOf("za-h4-001").key, probeSetOf("z-h5-001").key, probeSetOf("y-h1-001").key, probeSetOf("x-h4-001").key, probeSetOf("w-h5-001").key, probeSetOf("v-h4-001").key, probeSetOf("u-h1-001").key, probeSetOf("t-h4-001").key, probeSetOf("s-h1-001").key, probeSetOf("r-h1-001").key, probeSetOf("q-h4-001").key, probeSetOf("p-h1-001").key, probeSetOf("o-h5-001").key, probeSetOf("n-h1-001").key, probeSetOf("m-h4-001").key, probeSetOf("l-h5-001").key, probeSetOf("k-h4-001").key, probeSetOf("j-h1-001").key, probeSetOf("i-h4-001").key, probeSetOf("h-h1-001").key, probeSetOf("g-h4-001").key, probeSetOf("f-h1-001").key, probeSetOf("e-h5-002").key, probeSetOf("d-h1-001").key, probeSetOf("c-h4-010").key, probeSetOf("b-h5-003").key, probeSetOf("h1-001").key]).toEqual(["blind-ad", "blind-ac", "blind-ab", "blind-aa", "blind-z", "blind-y", "blind-x", "blind-w", "blind-v", "blind-u", "blind-t", "blind-s", "blind-r", "blind-q", "blind-p", "blind-o", "blind-n", "blind-m", "blind-l", "blind-k", "blind-j", "blind-i", "blind-h", "blind-g", "blind-f", "blind-e", "blind-d", "blind-c", "blind-b", "blind-a", "first"]);
  });
  it("the sets partition the shipped probes and each set's figure is the pooled definition on that subset", () => {
    for (const code of ["H1", "H4", "H5"] as const) {
      const probes = loadProbes()
        .filter((p) => p.detector === code)
        .map((p) => ({ id: p.id, label: p.label, predicted: DETECTORS[code](p.reply, p.context).fired }));
      const sets = figuresBySet(probes);
      expect(sets.reduce((n, s) => n + s.figure.n, 0)).toBe(figuresFromPredictions(probes).n);
      for (const s of sets) expect(s.figure).toEqual(figuresFromPredictions(probes.filter((p) => probeSetOf(p.id).key === s.key)));
      expect(sets.map((s) => s.key)).toContain(code === "H5" ? "blind-n" : "blind-u");
    }
  });
  it("the out-of-sample figure is the pooled definition on the unfixed blind sets alone, and names them", () => {
    const probes = [
      { id: "zb-h1-001", label: "violation" as const, predicted: true },
      { id: "zb-h1-002", label: "violation" as const, predicted: false },
      { id: "zb-h1-003", label: "clean" as const, predicted: true },
      { id: "v-h1-001", label: "violation" as const, predicted: false },
      { id: "h1-001", label: "clean" as const, predicted: false },
    ];
    const o = outOfSampleFigure(probes);
    const { advisory: _a, advisory_reasons: _r, ...expected } = figuresFromPredictions(probes.slice(0, 3));
    expect(o).toEqual({ ...expected, sets: ["blind set AA"] });
    expect(o?.recall).toBe(0.5);
    expect(outOfSampleFigure(probes.slice(3))).toBeNull();
  });
});
