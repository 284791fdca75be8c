import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEpisodes } from "../../bin/load/episodes";
import { loadPack } from "../../bin/load/pack";
import { getDecisionDetail } from "../queries/decision";
import { currentPackVersion, loadDbScoringContext } from "../queries/scoring-context";
import { decisionPoints, episodes, runLines, runs } from "../schema";
import { OLD_PACK, seedOldPack } from "../testing/old-pack";
import { makeRunText } from "../testing/runs";
import { makeTempDb } from "../testing/temp-db";
import { importRunText } from "./import-run";
import { releaseFirstVersion } from "./release-probe-set";
import { seedFromRepo } from "./seed-repo";

// Issue 17: a database seeded under an older pack, re-seeded with today's golden/, keeps each run's own golden version.
let t: ReturnType<typeof makeTempDb>;
let old: ReturnType<typeof seedOldPack>;
let oldRunId: number;
const CURRENT = loadPack().version;

const lineOf = (runId: number, decisionId: string) => t.db.select({ lineNo: runLines.lineNo }).from(runLines).where(and(eq(runLines.runId, runId), eq(runLines.decisionId, decisionId))).get()!.lineNo;
const runRow = (id: number) => t.db.select().from(runs).where(eq(runs.id, id)).get()!;

beforeAll(() => {
  t = makeTempDb();
  old = seedOldPack(t.db, "2026-01-01T00:00:00.000Z");
  // Imports need a released probe-set version (issue 26); this database holds no probes yet, so version 1 is empty.
  releaseFirstVersion(t.db, "2026-01-01T00:00:00.000Z");
  const ctx = loadDbScoringContext(t.db);
  oldRunId = importRunText(t.db, ctx, { name: "scored under the old pack", fileName: "old.jsonl", text: makeRunText(ctx.points), actor: "alice", at: "2026-01-02T00:00:00.000Z" }).runId;
  seedFromRepo(t.db, { exampleRuns: false, at: "2026-02-01T00:00:00.000Z" });
});
afterAll(() => t.cleanup());

describe("runs keep the golden version they were scored under", () => {
  it("the old pack is not the current one: golden/ is newer", () => {
    expect(CURRENT).not.toBe(OLD_PACK);
    expect(currentPackVersion(t.db)).toBe(CURRENT);
  });

  it("seeding the current pack stores its episodes beside the old version's, rewriting none", () => {
    const n = loadEpisodes().length;
    const per = (v: string) => t.db.select({ n: count() }).from(episodes).where(eq(episodes.packVersion, v)).get()!.n;
    expect([per(OLD_PACK), per(CURRENT)]).toEqual([n, n]);
    const points = (v: string) => t.db.select({ n: count() }).from(decisionPoints).where(eq(decisionPoints.packVersion, v)).get()!.n;
    expect([points(OLD_PACK), points(CURRENT)]).toEqual([156, 156]);
    const again = seedFromRepo(t.db, { exampleRuns: false });
    expect([again.episodes.added, again.episodes.differing]).toEqual([0, []]);
  });

  it("the old run still says it was scored under the old pack", () => {
    const run = runRow(oldRunId);
    expect(run.packVersion).toBe(OLD_PACK);
    expect(run.report.pack_version).toBe(OLD_PACK);
  });

  it("the old run's decision view shows the target it was scored against, not today's", () => {
    expect(old.oldTarget).not.toEqual(old.newTarget);
    const d = getDecisionDetail(t.db, oldRunId, lineOf(oldRunId, old.decisionId))!;
    expect(d.run.packVersion).toBe(OLD_PACK);
    expect(d.point.target).toEqual(old.oldTarget);
    expect(d.history.length).toBeGreaterThan(0);
  });

  it("a new import is scored under the current pack and reads its targets", () => {
    const ctx = loadDbScoringContext(t.db);
    expect(ctx.pack.version).toBe(CURRENT);
    expect(ctx.points.find((p) => p.decision_id === old.decisionId)!.target).toEqual(old.newTarget);
    const { runId, scored } = importRunText(t.db, ctx, { name: "scored under the current pack", fileName: "new.jsonl", text: makeRunText(ctx.points), actor: "alice" });
    expect(scored.report.pack_version).toBe(CURRENT);
    expect(runRow(runId).packVersion).toBe(CURRENT);
    expect(getDecisionDetail(t.db, runId, lineOf(runId, old.decisionId))!.point.target).toEqual(old.newTarget);
  });
});
