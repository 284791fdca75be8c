import { describe, expect, it } from "vitest";
import { figuresBySet, outOfSampleFigure, probeSetOf } from "../probes/probe-sets";
import { promotedProbeId, promotionNote, runSlug } from "./promote";

describe("a promoted audit item's probe", () => {
  it("its id names the run, then the detector, decision and line", () => {
    expect(promotedProbeId("Careful v2 (Dec)", "H5", "trf-007-d1", 12)).toBe("run-careful-v2-dec--h5-trf-007-d1-l12");
    expect(runSlug("  ---  ")).toBe("unnamed");
    expect(runSlug("a".repeat(39) + "--b")).toBe("a".repeat(39));
    expect(promotedProbeId("x--y", "H1", "A B", 1).split("--")[0]).toBe("run-x-y");
  });
  it("its note says where it came from", () => {
    expect(promotionNote({ runName: "careful", runId: 3, decisionId: "trf-007-d1", lineNo: 12, auditId: 4, stratum: "not_fired" })).toBe("promoted from run 'careful' (run 3), decision trf-007-d1, line 12; audit 4, not fired stratum");
  });
  it("is its own probe set, never part of the out-of-sample figure", () => {
    const id = promotedProbeId("careful", "H1", "acc-001-d1", 4);
    expect(probeSetOf(id).key).toBe("promoted");
    const probes = [
      { id, label: "violation" as const, predicted: false },
      { id: "zb-h1-001", label: "violation" as const, predicted: true },
    ];
    expect(outOfSampleFigure(probes)?.n).toBe(1);
    expect(figuresBySet(probes).map((s) => [s.key, s.figure.n])).toEqual([
      ["blind-aa", 1],
      ["promoted", 1],
    ]);
  });
});
