import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEpisodes } from "../../bin/load/episodes";
import { loadPack } from "../../bin/load/pack";
import { getDecisionDetail } from "../queries/decision";
import { currentPackVersion, loadDbScoringContext } from "../queries/scoring-context";
import { decisionPoints, episodes, runLines, runs } from "../schema";
import { OLD_PACK, seedOldPack } from "../testing/old-pack";
import { makeRunText } from "../testing/runs";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { importRunText } from "./import-run";
import { releaseFirstVersion } from "./release-probe-set";
import { seedFromRepo } from "./seed-repo";

// Issue 17: a database seeded under an older pack, re-seeded with today's golden/, keeps each run's own golden version.
let t: TempDb;
let old: Awaited<ReturnType<typeof seedOldPack>>;
let oldRunId: number;
const CURRENT = loadPack().version;

const lineOf = async (runId: number, decisionId: string) => (await t.db.select({ lineNo: runLines.lineNo }).from(runLines).where(and(eq(runLines.runId, runId), eq(runLines.decisionId, decisionId))).orderBy(runLines.lineNo).limit(1))[0]!.lineNo;
const runRow = async (id: number) => (await t.db.select().from(runs).where(eq(runs.id, id)))[0]!;

beforeAll(async () => {
  t = await makeTempDb();
  old = await seedOldPack(t.db, "2026-01-01T00:00:00.000Z");
  // Imports need a released probe-set version (issue 26); this database holds no probes yet, so version 1 is empty.
  await releaseFirstVersion(t.db, "2026-01-01T00:00:00.000Z");
  const ctx = await loadDbScoringContext(t.db);
  oldRunId = (await importRunText(t.db, ctx, { name: "scored under the old pack", fileName: "old.jsonl", text: makeRunText(ctx.points), actor: "alice", at: "2026-01-02T00:00:00.000Z" })).runId;
  await seedFromRepo(t.db, { exampleRuns: false, at: "2026-02-01T00:00:00.000Z" });
});
afterAll(async () => t.cleanup());

describe("runs keep the golden version they were scored under", async () => {
  it("the old pack is not the current one: golden/ is newer", async () => {
    expect(CURRENT).not.toBe(OLD_PACK);
    expect(await currentPackVersion(t.db)).toBe(CURRENT);
  });

  it("seeding the current pack stores its episodes beside the old version's, rewriting none", async () => {
    const n = loadEpisodes().length;
    const per = async (v: string) => (await t.db.select({ n: count() }).from(episodes).where(eq(episodes.packVersion, v)))[0]!.n;
    expect([await per(OLD_PACK), await per(CURRENT)]).toEqual([n, n]);
    const points = async (v: string) => (await t.db.select({ n: count() }).from(decisionPoints).where(eq(decisionPoints.packVersion, v)))[0]!.n;
    expect([await points(OLD_PACK), await points(CURRENT)]).toEqual([156, 156]);
    const again = await seedFromRepo(t.db, { exampleRuns: false });
    expect([again.episodes.added, again.episodes.differing]).toEqual([0, []]);
  });

  it("the old run still says it was scored under the old pack", async () => {
    const run = await runRow(oldRunId);
    expect(run.packVersion).toBe(OLD_PACK);
    expect(run.report.pack_version).toBe(OLD_PACK);
  });

  it("the old run's decision view shows the target it was scored against, not today's", async () => {
    expect(old.oldTarget).not.toEqual(old.newTarget);
    const d = (await getDecisionDetail(t.db, oldRunId, await lineOf(oldRunId, old.decisionId)))!;
    expect(d.run.packVersion).toBe(OLD_PACK);
    expect(d.point.target).toEqual(old.oldTarget);
    expect(d.history.length).toBeGreaterThan(0);
  });

  it("a new import is scored under the current pack and reads its targets", async () => {
    const ctx = await loadDbScoringContext(t.db);
    expect(ctx.pack.version).toBe(CURRENT);
    expect(ctx.points.find((p) => p.decision_id === old.decisionId)!.target).toEqual(old.newTarget);
    const { runId, scored } = await importRunText(t.db, ctx, { name: "scored under the current pack", fileName: "new.jsonl", text: makeRunText(ctx.points), actor: "alice" });
    expect(scored.report.pack_version).toBe(CURRENT);
    expect((await runRow(runId)).packVersion).toBe(CURRENT);
    expect((await getDecisionDetail(t.db, runId, await lineOf(runId, old.decisionId)))!.point.target).toEqual(old.newTarget);
  });
});
