import { asc, desc, sql } from "drizzle-orm";
import { effectiveLabel } from "../../lib/probes/effective-label";
import { draftDigest, probeSetReleaseSchema, releaseDiff, type ProbeSetRelease, type ProbeSetSnapshot, type ReleaseDiff } from "../../lib/probes/release";
import type { DbOrTx } from "../index";
import { DETECTOR_CODES, type DetectorCode } from "../../lib/pack/vocab";
import { probeLabels, probes, probeSetVersions, type ProbeSetVersionRow } from "../schema";
import { figuresOf, loadProbeSet, loadVotes } from "./probe-set";

// Shared with the import path, db:setup and tests, so no `server-only` marker here.

const toRelease = (r: ProbeSetVersionRow): ProbeSetRelease =>
  probeSetReleaseSchema.parse({ version: r.version, released_by: r.releasedBy, released_at: r.releasedAt, note: r.note, labels: r.labels, figures: r.figures, digest: r.digest });

/** The newest released version (what imports are scored with), or null when none has been released yet. */
export async function latestRelease(db: DbOrTx): Promise<ProbeSetRelease | null> {
  const [row] = await db.select().from(probeSetVersions).orderBy(desc(probeSetVersions.version)).limit(1);
  return row ? toRelease(row) : null;
}

/** Every released version, oldest first. */
export async function listReleases(db: DbOrTx): Promise<ProbeSetRelease[]> {
  return (await db.select().from(probeSetVersions).orderBy(asc(probeSetVersions.version))).map(toRelease);
}

/** The draft: every probe's effective label now and each detector's figures measured now (the labelling page's figures). */
export async function draftSnapshot(db: DbOrTx): Promise<ProbeSetSnapshot> {
  const all = await loadProbeSet(db);
  const labels: ProbeSetSnapshot["labels"] = {};
  for (const p of all) labels[p.id] = effectiveLabel(p.votes).label;
  // The same figures detectorFigures gives, from the set already loaded (one read, not two, on every labelling page).
  const figures = Object.fromEntries(DETECTOR_CODES.map((c) => [c, figuresOf(all.filter((p) => p.detector === c))])) as ProbeSetSnapshot["figures"];
  return { labels, figures };
}

export type DraftState = { released: ProbeSetRelease | null; draft: ProbeSetSnapshot; digest: string; diff: ReleaseDiff };

/** The draft against the released version: what a lead previews before releasing, and what the labelling page's banner counts. */
export async function draftState(db: DbOrTx): Promise<DraftState> {
  const released = await latestRelease(db);
  const draft = await draftSnapshot(db);
  return { released, draft, digest: draftDigest(draft), diff: releaseDiff(released, draft) };
}

/** Each probe's detector by id: the release diff links a changed label to its labelling page. */
export async function probeDetectors(db: DbOrTx): Promise<Map<string, DetectorCode>> {
  return new Map((await db.select({ id: probes.id, detector: probes.detector }).from(probes)).map((r) => [r.id, r.detector]));
}

export type DraftSummary = { released: { version: number; releasedAt: string; releasedBy: string } | null; labelChanges: number };

const summaryMemo = new WeakMap<object, { key: string; value: DraftSummary }>();

/**
 * What the labelling pages' banner says: the released version and how many probes' effective labels differ from it
 * (added and removed probes included). Votes only — no detector is run and no figure measured — and memoised on a key
 * that moves with any vote, probe or release, so a page load pays for it only after something changed. The release
 * page measures the full diff (draftState).
 */
export async function draftSummary(db: DbOrTx): Promise<DraftSummary> {
  const key = JSON.stringify([
    (await db.select({ n: sql<number>`count(*)`, max: sql<string | null>`max(${probeLabels.labelledAt})`, id: sql<number | null>`max(${probeLabels.id})` }).from(probeLabels))[0],
    (await db.select({ n: sql<number>`count(*)` }).from(probes))[0],
    (await db.select({ v: sql<number | null>`max(${probeSetVersions.version})` }).from(probeSetVersions))[0],
  ]);
  const memo = summaryMemo.get(db);
  if (memo?.key === key) return memo.value;
  const [row] = await db.select().from(probeSetVersions).orderBy(desc(probeSetVersions.version)).limit(1);
  const votes = await loadVotes(db);
  const ids = (await db.select({ id: probes.id }).from(probes)).map((r) => r.id);
  let labelChanges = 0;
  if (row) {
    const seen = new Set<string>();
    for (const id of ids) {
      seen.add(id);
      const now = effectiveLabel(votes.get(id) ?? []).label;
      if (!Object.hasOwn(row.labels, id) || row.labels[id] !== now) labelChanges++;
    }
    for (const id of Object.keys(row.labels)) if (!seen.has(id)) labelChanges++;
  }
  const value: DraftSummary = { released: row ? { version: row.version, releasedAt: row.releasedAt, releasedBy: row.releasedBy } : null, labelChanges };
  summaryMemo.set(db, { key, value });
  return value;
}
