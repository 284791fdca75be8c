import { probeSetReleaseSchema, probeSetVersionText } from "../../lib/probes/release";
import type { Db } from "../index";
import { draftState } from "../queries/probe-set-versions";
import { probeSetVersions } from "../schema";
import { lockForTransaction } from "../sql";
import { audit } from "./audit";

export class ReleaseConflict extends Error {
  override name = "ReleaseConflict";
}

/**
 * Releases the draft as the next probe-set version (issue 26), in one transaction under a lock (SQLite's BEGIN
 * IMMEDIATE write lock; on PostgreSQL an advisory lock, so two instances' releases go one at a time): the draft is
 * measured again under the lock and must be the one the lead previewed (`expectedDigest`, null to skip: db:setup), else
 * ReleaseConflict (409) — a vote saved between preview and release would otherwise go out unseen. A draft identical
 * to the released version is refused too: a version is a change. The audit row carries the diff's counts.
 */
export async function releaseProbeSet(db: Db, input: { actor: string; note: string; expectedDigest: string | null; at?: string }): Promise<{ version: number }> {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(
    async (tx) => {
      await lockForTransaction(tx, "probe_set_release");
      const state = await draftState(tx);
      if (input.expectedDigest !== null && input.expectedDigest !== state.digest) {
        throw new ReleaseConflict("the draft changed since you previewed it (someone labelled or added a probe): preview the diff again");
      }
      if (state.diff.empty) throw new ReleaseConflict(`the draft is the same as ${probeSetVersionText(state.released!.version)}: nothing to release`);
      const version = (state.released?.version ?? 0) + 1;
      const record = probeSetReleaseSchema.parse({ version, released_by: input.actor, released_at: at, note: input.note, ...state.draft, digest: state.digest });
      await tx.insert(probeSetVersions).values({ version, releasedBy: record.released_by, releasedAt: record.released_at, note: record.note, labels: record.labels, figures: record.figures, digest: record.digest });
      const d = state.diff;
      await audit(tx, {
        actor: input.actor,
        action: "probe_set.release",
        entity: "probe_set_version",
        entityId: String(version),
        at,
        detail: {
          note: record.note,
          previous: state.released?.version ?? null,
          labels_added: d.added.length,
          labels_removed: d.removed.length,
          labels_changed: d.changed.length,
          advisory: Object.fromEntries(d.detectors.map((x) => [x.detector, x.after.advisory])),
          advisory_changed: d.advisoryChanges,
        },
      });
      return { version };
    },
  );
}

/** db:setup: version 1 from the probes as seeded, when no version exists yet (a fresh database, or one from before issue 26). */
export async function releaseFirstVersion(db: Db, at?: string): Promise<number | null> {
  const [any] = await db.select({ v: probeSetVersions.version }).from(probeSetVersions).limit(1);
  if (any) return null;
  return (await releaseProbeSet(db, { actor: "db-setup", note: "version 1: the probes and their labels as they stood when db:setup first released a version", expectedDigest: null, at })).version;
}
