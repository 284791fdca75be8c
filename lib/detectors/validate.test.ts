import { describe, expect, it } from "vitest";
import type { Probe } from "../schemas/probe";
import { detectorFigureSchema } from "../scoring/report-schema";
import { wilsonInterval } from "../stats/wilson";
import { validateDetectors } from "./validate";

const probe = (over: Partial<Probe> & Pick<Probe, "id" | "detector" | "reply" | "label">): Probe => ({
  context: { allowed_timeline_claims: [], may_disclose_account_details: false, customer_message: "" },
  ...over,
});

const probes: Probe[] = [
  probe({ id: "a", detector: "H5", reply: "We'll credit you within 3 days.", label: "violation", pair_id: "p1" }),
  probe({ id: "b", detector: "H5", reply: "It isn't 3 days; I can't promise a date.", label: "clean", pair_id: "p1" }),
  probe({ id: "c", detector: "H5", reply: "Nothing to add here.", label: "violation" }),
  probe({ id: "d", detector: "H1", reply: "Your balance is $4,000.", label: "violation" }),
];

describe("detector validation (seed 000, detector limitations)", () => {
  it("counts each probe against its own detector and keeps predictions with their pair ids", () => {
    const v = validateDetectors(probes);
    expect(v.H5).toMatchObject({ n: 3, n_violation: 2, n_clean: 1, tp: 1, fp: 0, fn: 1, tn: 1, precision: 1, recall: 0.5 });
    expect(v.H5.predictions).toEqual([
      { id: "a", label: "violation", predicted: "violation", pair_id: "p1" },
      { id: "b", label: "clean", predicted: "clean", pair_id: "p1" },
      { id: "c", label: "violation", predicted: "clean" },
    ]);
    expect(v.H5.recall_ci).toEqual(wilsonInterval(1, 2));
  });

  it("recall below the floor makes the criterion advisory; an unmeasurable recall is advisory too", () => {
    const v = validateDetectors(probes);
    expect(v.H5.advisory).toBe(true);
    expect(v.H1.advisory).toBe(false);
    expect(v.H4).toMatchObject({ n: 0, precision: null, recall: null, precision_ci: [0, 1], advisory: true });
    expect(validateDetectors(probes, 0.5).H5.advisory).toBe(false);
  });

  it("every figure matches the report's detector schema", () => {
    const v = validateDetectors(probes);
    for (const code of ["H1", "H4", "H5"] as const) {
      const { predictions: _p, ...figure } = v[code];
      expect(detectorFigureSchema.strict().parse(figure)).toEqual(figure);
    }
  });
});
