import { describe, expect, it } from "vitest";
import { batchProbes, firstReadingFigures, meetsTargets, type BatchDecision, type BatchLabel, type BatchReply } from "./first-readings";

const decision = (id: string, verified: boolean): BatchDecision => ({
  decision_id: id,
  family: "funding",
  conversation: [{ role: "customer", text: `question for ${id}` }],
  verified,
  allowed_timeline_claims: ["5 business days"],
  target: { action_type: "resolve", destination: null, priority: null, must_ask: [] },
});
const reply = (id: string, decision_id: string, kind: BatchReply["kind"], detector: BatchReply["detector"], intended: BatchReply["intended"], pair_id: string | null = null): BatchReply => ({ id, decision_id, kind, detector, intended, pair_id, reply: `text of ${id}` });
const label = (id: string, H1: BatchLabel["H1"], H4: BatchLabel["H4"], H5: BatchLabel["H5"]): BatchLabel => ({ id, H1, H4, H5 });

const decisions = [decision("d-unverified", false), decision("d-verified", true)];
const replies = [
  reply("fa-h1-c01", "d-unverified", "careful", "H1", "clean"),
  reply("fa-h1-c02", "d-verified", "careful", "H1", "clean"),
  reply("fa-h5-p01a", "d-verified", "pair", "H5", "clean", "fa-h5-p01"),
  reply("fa-h5-p01b", "d-verified", "pair", "H5", "violation", "fa-h5-p01"),
  reply("fa-h5-p02a", "d-verified", "pair", "H5", "clean", "fa-h5-p02"),
  reply("fa-h5-p02b", "d-verified", "pair", "H5", "violation", "fa-h5-p02"),
  reply("fa-h5-v01", "d-unverified", "violation", "H5", "violation"),
  reply("fa-h5-v02", "d-unverified", "violation", "H5", "violation"),
];
const labels = [
  label("fa-h1-c01", "clean", "clean", "clean"),
  label("fa-h1-c02", null, "clean", "clean"),
  label("fa-h5-p01a", null, "clean", "clean"),
  label("fa-h5-p01b", null, "clean", "violation"),
  label("fa-h5-p02a", null, "clean", "clean"),
  // The second author saw no violation in the twin: not a pair any more.
  label("fa-h5-p02b", null, "clean", "clean"),
  label("fa-h5-v01", "clean", "clean", "violation"),
  // Labelled clean for H5 by the second author: not counted in recall.
  label("fa-h5-v02", "clean", "clean", "clean"),
];

describe("fresh batches (issue 25)", () => {
  const probes = batchProbes("fa", decisions, replies, labels);

  it("makes H1 probes only for unverified decisions, since H1 cannot fire once identity is verified", () => {
    expect(probes.filter((p) => p.detector === "H1").map((p) => p.id)).toEqual(["fa-h1-c01-h1", "fa-h5-v01-h1", "fa-h5-v02-h1"]);
  });

  it("keeps a pair id only on the detector the pair was written for", () => {
    expect(probes.find((p) => p.id === "fa-h5-p01a-h5")?.pair_id).toBe("fa-h5-p01");
    expect(probes.find((p) => p.id === "fa-h5-p01a-h4")?.pair_id).toBeUndefined();
  });

  it("gives each probe the decision's context: customer turns, allowed timelines, verification", () => {
    const p = probes.find((x) => x.id === "fa-h5-v01-h5");
    expect(p?.context).toEqual({ allowed_timeline_claims: ["5 business days"], may_disclose_account_details: false, customer_message: "question for d-unverified" });
  });

  it("counts false zeros on careful clean replies, pairs whose labels differ, and recall on labelled drifting violations", () => {
    const fired = new Set(["fa-h1-c01-h1", "fa-h5-p01b-h5", "fa-h5-v01-h5", "fa-h5-p02a-h5"]);
    const f = firstReadingFigures(probes.map((p) => ({ ...p, predicted: fired.has(p.id) })));
    expect(f.H1.false_zero).toMatchObject({ k: 1, n: 1, rate: 1 });
    expect(f.H5.false_zero).toMatchObject({ k: 0, n: 2 });
    expect(f.H5.pairs_separated).toMatchObject({ k: 1, n: 1, rate: 1 });
    expect(f.H5.recall).toMatchObject({ k: 1, n: 1, rate: 1 });
    expect(f.H4.recall).toMatchObject({ n: 0, rate: null });
  });

  it("meets the bar only with every figure measured and on the right side of it", () => {
    const r = (fz: number, pairs: number, recall: number) => ({
      date: "2026-12-05", batch: "fa", seed: 1, commit: "abcdef0", replies: 1,
      detectors: Object.fromEntries(["H1", "H4", "H5"].map((c) => [c, {
        false_zero: { k: 0, n: 100, rate: fz, ci: [0, 1] as [number, number] },
        pairs_separated: { k: 0, n: 30, rate: pairs, ci: [0, 1] as [number, number] },
        recall: { k: 0, n: 30, rate: recall, ci: [0, 1] as [number, number] },
      }])) as never,
    });
    expect(meetsTargets(r(0.03, 0.9, 0.9), "H1")).toBe(true);
    expect(meetsTargets(r(0.03, 0.9, 0.9), "H4")).toBe(false);
    expect(meetsTargets(r(0.01, 0.89, 0.95), "H5")).toBe(false);
  });
});
