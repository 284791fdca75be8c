import { createHash } from "node:crypto";
import { z } from "zod";
import { DETECTOR_CODES, type DetectorCode } from "../pack/vocab";
import { PROBE_LABELS, type ProbeLabel } from "../schemas/probe";
import { detectorFigureSchema, type DetectorFigure } from "../scoring/report-schema";

// Issue 26 (2): the probe sets that gate runs are a released version. Labelling changes a draft; a lead releases the
// draft as the next version after seeing what changed (labels, and each detector's figures and advisory status), and
// imports are scored with the released version's figures. This file is the record and the diff; db/ stores them.

/** What a release fixes: each probe's effective label and each detector's figures, as measured when it was released. */
export const probeSetSnapshotSchema = z.object({
  /** Effective label (strict majority) per probe id; null when contested or unlabelled (left out of the figures). */
  labels: z.record(z.string(), z.enum(PROBE_LABELS).nullable()),
  figures: z.object(Object.fromEntries(DETECTOR_CODES.map((c) => [c, detectorFigureSchema])) as Record<DetectorCode, typeof detectorFigureSchema>),
});
export type ProbeSetSnapshot = z.infer<typeof probeSetSnapshotSchema>;

/** One released probe-set version (the probe_set_versions row). */
export const probeSetReleaseSchema = probeSetSnapshotSchema.extend({
  version: z.number().int().positive(),
  released_by: z.string().min(1),
  released_at: z.iso.datetime(),
  /** The lead's words on why this version is released; shown in the version history and the audit log. */
  note: z.string().trim().min(1, "a release needs a note saying why").max(2000),
  /** draftDigest of the snapshot, so a release names exactly the draft the lead previewed. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ProbeSetRelease = z.infer<typeof probeSetReleaseSchema>;

/** How a probe-set version is written for people and in reports: "v3". */
export const probeSetVersionText = (version: number): string => `v${version}`;

/**
 * A digest of a snapshot (labels by id order, then figures by detector): the release form carries the digest of the
 * draft it previewed, and the server refuses (409) if the draft has moved since, as the probe export does.
 */
export function draftDigest(s: ProbeSetSnapshot): string {
  const h = createHash("sha256");
  for (const id of Object.keys(s.labels).sort()) h.update(`${id}\t${s.labels[id] ?? "-"}\n`);
  for (const c of DETECTOR_CODES) h.update(`${c}\t${JSON.stringify(s.figures[c])}\n`);
  return h.digest("hex");
}

export type LabelChange = { id: string; from: ProbeLabel | null; to: ProbeLabel | null };
export type FigureChange = {
  detector: DetectorCode;
  before: DetectorFigure | null;
  after: DetectorFigure;
  /** precision, recall or pair separation moved, or n did. */
  figuresChanged: boolean;
  advisoryChanged: boolean;
};
export type ReleaseDiff = {
  /** Probes in the draft the released version does not have (added since), with their draft label. */
  added: LabelChange[];
  /** Probes the released version had and the draft does not. */
  removed: LabelChange[];
  /** Probes whose effective label moved (null = contested or unlabelled). */
  changed: LabelChange[];
  detectors: FigureChange[];
  /** Detectors whose advisory status would change with this release: the scoring rule of every later import. */
  advisoryChanges: DetectorCode[];
  /** Nothing to release: same labels and the same figures. */
  empty: boolean;
};

const sameFigure = (a: DetectorFigure, b: DetectorFigure) =>
  a.precision === b.precision && a.recall === b.recall && a.n === b.n && (a.pairs?.rate ?? null) === (b.pairs?.rate ?? null) && (a.pairs?.n_pairs ?? 0) === (b.pairs?.n_pairs ?? 0);

/** What releasing the draft would change against the released version (null: nothing released yet), labels in id order. */
export function releaseDiff(released: ProbeSetSnapshot | null, draft: ProbeSetSnapshot): ReleaseDiff {
  const before = released?.labels ?? {};
  const ids = [...new Set([...Object.keys(before), ...Object.keys(draft.labels)])].sort();
  const added: LabelChange[] = [];
  const removed: LabelChange[] = [];
  const changed: LabelChange[] = [];
  for (const id of ids) {
    const inBefore = Object.hasOwn(before, id);
    const inDraft = Object.hasOwn(draft.labels, id);
    const from = inBefore ? before[id]! : null;
    const to = inDraft ? draft.labels[id]! : null;
    if (!inBefore) added.push({ id, from: null, to });
    else if (!inDraft) removed.push({ id, from, to: null });
    else if (from !== to) changed.push({ id, from, to });
  }
  const detectors = DETECTOR_CODES.map((detector): FigureChange => {
    const b = released?.figures[detector] ?? null;
    const a = draft.figures[detector];
    return { detector, before: b, after: a, figuresChanged: b === null || !sameFigure(b, a), advisoryChanged: b === null ? a.advisory : b.advisory !== a.advisory };
  });
  const advisoryChanges = detectors.filter((d) => d.advisoryChanged).map((d) => d.detector);
  const empty = released !== null && !added.length && !removed.length && !changed.length && detectors.every((d) => !d.figuresChanged && !d.advisoryChanged);
  return { added, removed, changed, detectors, advisoryChanges, empty };
}

/** A label for people: "violation", "clean", or "none (contested or unlabelled)". */
export const labelText = (l: ProbeLabel | null): string => l ?? "none (contested or unlabelled)";
