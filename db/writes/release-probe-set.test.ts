import { asc, count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadScoringContext } from "../../bin/load/context";
import { draftState, draftSummary, latestRelease, listReleases } from "../queries/probe-set-versions";
import { loadDbScoringContext } from "../queries/scoring-context";
import { auditLog, runs } from "../schema";
import { addH5MissesUntilAdvisory } from "../testing/probe-release";
import { makeRunText } from "../testing/runs";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { importRunText } from "./import-run";
import { saveLabel } from "./labels";
import { releaseProbeSet, ReleaseConflict } from "./release-probe-set";

// Issue 26 (2): labels change a draft; only a lead's release changes the figures imports are scored with.

let t: TempDb;
beforeEach(async () => {
  t = await makeTempDb({ seeded: "pack" });
}, 120_000); // seeding a PostgreSQL database on a busy machine can take most of a minute
afterEach(async () => t.cleanup());

const importRun = async (name: string) => {
  const ctx = await loadDbScoringContext(t.db);
  // A reply that names "24 hours" where no timeline is allowed: an H5 violation, which zeroes the score only while H5 is hard.
  const text = makeRunText(ctx.points, (p, _i, line) => (p.target.allowed_timeline_claims.length === 0 ? { ...line, raw: String(line.raw).replace(/"reply":"/, '"reply":"It will be done within 24 hours. ') } : line));
  const { runId } = await importRunText(t.db, ctx, { name, fileName: `${name}.jsonl`, text, actor: "analyst@x" });
  return (await t.db.select().from(runs).where(eq(runs.id, runId)).limit(1))[0]!;
};

describe("probe-set versions", () => {
  it("db:setup releases version 1 with the figures `assay score` measures on the shipped probes", async () => {
    const v1 = (await latestRelease(t.db))!;
    expect(v1.version).toBe(1);
    expect(v1.released_by).toBe("db-setup");
    expect(v1.figures).toEqual(loadScoringContext().detectors);
    expect((await draftState(t.db)).diff.empty).toBe(true);
  });

  it("an annotator's labels change the draft, not the figures a run is scored with, until a lead releases a version", async () => {
    const before = await importRun("before");
    expect(before.probeSetVersion).toBe(1);
    const shipped = before.report.advisory; // whatever the shipped labels make advisory; H5 is not
    expect(shipped).not.toContain("H5");
    const added = await addH5MissesUntilAdvisory(t.db, "annotator@x");
    await saveLabel(t.db, { probeId: "h5-001", annotator: "annotator@x", label: "clean" });

    // Gating is unchanged: the same replies score the same, under version 1, with H5 hard.
    const during = await importRun("during");
    expect([during.probeSetVersion, during.report.advisory, during.report.splits.all.composite]).toEqual([1, shipped, before.report.splits.all.composite]);

    // The draft knows what changed: the added probes, and H5 turning advisory.
    const state = await draftState(t.db);
    expect(state.diff.added.map((a) => a.id)).toEqual([...added].sort());
    expect(state.diff.advisoryChanges).toEqual(["H5"]);
    // The labelling pages' banner counts the same label changes from the votes alone.
    expect(await draftSummary(t.db)).toEqual({ released: { version: 1, releasedAt: expect.any(String), releasedBy: "db-setup" }, labelChanges: state.diff.added.length + state.diff.changed.length });
    expect(state.diff.detectors.find((d) => d.detector === "H5")).toMatchObject({ figuresChanged: true, advisoryChanged: true, before: { advisory: false }, after: { advisory: true } });

    const { version } = await releaseProbeSet(t.db, { actor: "lead@x", note: "H5 misses found by the annotators", expectedDigest: state.digest });
    expect(version).toBe(2);
    const after = await importRun("after");
    expect(after.probeSetVersion).toBe(2);
    expect(await draftSummary(t.db)).toMatchObject({ released: { version: 2 }, labelChanges: 0 });
    expect([...after.report.advisory].sort()).toEqual([...shipped, "H5"].sort());
    expect(after.report.splits.all.composite!).toBeGreaterThan(before.report.splits.all.composite!);
    // The earlier runs keep the version and figures they were scored with.
    expect((await t.db.select({ v: runs.probeSetVersion }).from(runs).where(eq(runs.id, before.id)))[0]!.v).toBe(1);
    const row = (await t.db.select().from(auditLog).where(eq(auditLog.action, "probe_set.release")).orderBy(asc(auditLog.id))).at(-1)!;
    expect(row).toMatchObject({ actor: "lead@x", entity: "probe_set_version", entityId: "2" });
    expect(row.detail).toMatchObject({ previous: 1, labels_added: added.length, advisory_changed: ["H5"], note: "H5 misses found by the annotators" });
  }, 120_000);

  it("a release names the draft the lead previewed: a vote saved since refuses it, and an unchanged draft has nothing to release", async () => {
    const stale = (await draftState(t.db)).digest;
    await saveLabel(t.db, { probeId: "h5-001", annotator: "annotator@x", label: "clean" });
    await saveLabel(t.db, { probeId: "h5-001", annotator: "analyst@x", label: "clean" });
    await expect(releaseProbeSet(t.db, { actor: "lead@x", note: "relabel", expectedDigest: stale })).rejects.toThrow(ReleaseConflict);
    expect((await listReleases(t.db)).map((r) => r.version)).toEqual([1]);
    const fresh = await draftState(t.db);
    expect(fresh.diff.changed).toEqual([{ id: "h5-001", from: "violation", to: "clean" }]);
    await releaseProbeSet(t.db, { actor: "lead@x", note: "relabel", expectedDigest: fresh.digest });
    await expect(releaseProbeSet(t.db, { actor: "lead@x", note: "again", expectedDigest: (await draftState(t.db)).digest })).rejects.toThrow(/nothing to release/);
    await saveLabel(t.db, { probeId: "h5-001", annotator: "lead@x", label: "violation" }); // 2–2: contested, a change
    await expect(releaseProbeSet(t.db, { actor: "lead@x", note: "  ", expectedDigest: null })).rejects.toThrow(/a release needs a note/);
    expect((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "probe_set.release")))[0]!.n).toBe(2); // v1 by db:setup, v2
  });
});
