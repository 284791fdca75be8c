import { describe, expect, it } from "vitest";
import { DETECTOR_CODES } from "../pack/vocab";
import { makeScoreReport, scoreDecisions } from "../compare/test-factories";
import type { DetectorFigure } from "../scoring/report-schema";
import { draftDigest, probeSetReleaseSchema, releaseDiff, type ProbeSetSnapshot } from "./release";

// Issue 26 (2): what a lead reads before releasing a probe-set version — every label that moved, and each detector's
// figures and advisory status before and after.

const base = makeScoreReport(scoreDecisions([0.5])).detectors.H1;
const fig = (o: Partial<DetectorFigure> = {}): DetectorFigure => ({ ...base, advisory: false, advisory_reasons: [], ...o });
const snap = (labels: ProbeSetSnapshot["labels"], h5: Partial<DetectorFigure> = {}): ProbeSetSnapshot => ({
  labels,
  figures: Object.fromEntries(DETECTOR_CODES.map((c) => [c, c === "H5" ? fig(h5) : fig()])) as ProbeSetSnapshot["figures"],
});

describe("the release diff", () => {
  it("lists added, removed and changed labels in id order, and the detectors whose advisory status flips", () => {
    const released = snap({ a: "violation", b: "clean", c: "clean" });
    const draft = snap({ a: null, c: "clean", d: "violation" }, { recall: 0.85, advisory: true, advisory_reasons: ["recall 0.850 < 0.9"] });
    const d = releaseDiff(released, draft);
    expect(d.added).toEqual([{ id: "d", from: null, to: "violation" }]);
    expect(d.removed).toEqual([{ id: "b", from: "clean", to: null }]);
    expect(d.changed).toEqual([{ id: "a", from: "violation", to: null }]);
    expect(d.advisoryChanges).toEqual(["H5"]);
    expect(d.detectors.find((x) => x.detector === "H5")).toMatchObject({ figuresChanged: true, advisoryChanged: true });
    expect(d.detectors.find((x) => x.detector === "H1")).toMatchObject({ figuresChanged: false, advisoryChanged: false });
    expect(d.empty).toBe(false);
  });

  it("is empty for the released snapshot itself, and never empty when nothing was released", () => {
    const s = snap({ a: "violation" });
    expect(releaseDiff(s, s).empty).toBe(true);
    expect(releaseDiff(null, s)).toMatchObject({ empty: false, added: [{ id: "a", from: null, to: "violation" }] });
  });

  it("a digest moves with any label or figure, and not with key order", () => {
    const s = snap({ a: "violation", b: "clean" });
    expect(draftDigest(snap({ b: "clean", a: "violation" }))).toBe(draftDigest(s));
    expect(draftDigest(snap({ a: "violation", b: null }))).not.toBe(draftDigest(s));
    expect(draftDigest(snap({ a: "violation", b: "clean" }, { recall: 0.5 }))).not.toBe(draftDigest(s));
  });

  it("a release needs a note", () => {
    const s = snap({ a: "violation" });
    const record = { ...s, version: 2, released_by: "lead@x", released_at: "2026-12-05T12:00:00.000Z", note: " ", digest: draftDigest(s) };
    expect(probeSetReleaseSchema.safeParse(record).error?.issues[0]?.message).toBe("a release needs a note saying why");
    expect(probeSetReleaseSchema.safeParse({ ...record, note: "relabelled H5" }).success).toBe(true);
  });
});
