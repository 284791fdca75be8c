import { asc, desc } from "drizzle-orm";
import { effectiveLabel } from "../../lib/probes/effective-label";
import { draftDigest, probeSetReleaseSchema, releaseDiff, type ProbeSetRelease, type ProbeSetSnapshot, type ReleaseDiff } from "../../lib/probes/release";
import type { DbOrTx } from "../index";
import type { DetectorCode } from "../../lib/pack/vocab";
import { probes, probeSetVersions, type ProbeSetVersionRow } from "../schema";
import { detectorFigures, loadProbeSet } from "./probe-set";

// Shared with the import path, db:setup and tests, so no `server-only` marker here.

const toRelease = (r: ProbeSetVersionRow): ProbeSetRelease =>
  probeSetReleaseSchema.parse({ version: r.version, released_by: r.releasedBy, released_at: r.releasedAt, note: r.note, labels: r.labels, figures: r.figures, digest: r.digest });

/** The newest released version (what imports are scored with), or null when none has been released yet. */
export function latestRelease(db: DbOrTx): ProbeSetRelease | null {
  const row = db.select().from(probeSetVersions).orderBy(desc(probeSetVersions.version)).limit(1).get();
  return row ? toRelease(row) : null;
}

/** Every released version, oldest first. */
export function listReleases(db: DbOrTx): ProbeSetRelease[] {
  return db.select().from(probeSetVersions).orderBy(asc(probeSetVersions.version)).all().map(toRelease);
}

/** The draft: every probe's effective label now and each detector's figures measured now (the labelling page's figures). */
export function draftSnapshot(db: DbOrTx): ProbeSetSnapshot {
  const labels: ProbeSetSnapshot["labels"] = {};
  for (const p of loadProbeSet(db)) labels[p.id] = effectiveLabel(p.votes).label;
  return { labels, figures: detectorFigures(db) };
}

export type DraftState = { released: ProbeSetRelease | null; draft: ProbeSetSnapshot; digest: string; diff: ReleaseDiff };

/** The draft against the released version: what a lead previews before releasing, and what the labelling page's banner counts. */
export function draftState(db: DbOrTx): DraftState {
  const released = latestRelease(db);
  const draft = draftSnapshot(db);
  return { released, draft, digest: draftDigest(draft), diff: releaseDiff(released, draft) };
}

/** Each probe's detector by id: the release diff links a changed label to its labelling page. */
export function probeDetectors(db: DbOrTx): Map<string, DetectorCode> {
  return new Map(db.select({ id: probes.id, detector: probes.detector }).from(probes).all().map((r) => [r.id, r.detector]));
}
