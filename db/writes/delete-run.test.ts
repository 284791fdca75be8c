import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDeletionPlan } from "../queries/run-deletion";
import { auditLog, decisionScores, runLines, runs } from "../schema";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { saveFlipReview } from "./baselines";
import { deleteRun, RunInHistoryError } from "./delete-run";
import { seedFromRepo } from "./seed-repo";

// Issue 20 (5): the confirmation lists what goes with a run, found from the schema's cascading keys, and a run named by
// any flip review (an acceptance or a rejection, approved or not) stays.

let t: TempDb;
beforeAll(async () => {
  t = await makeTempDb({ seeded: "demo" });
});
afterAll(async () => t.cleanup());

const lines = async (runId: number) => (await t.db.select().from(runLines).where(eq(runLines.runId, runId))).length;
const review = (decision: "accept" | "reject") => ({ case_key: "ep-001#1", decision, note: decision === "accept" ? "fine" : "", reviewer: "lead@example.org", at: "2026-07-01T09:00:00.000Z" });

describe("deleting a run", async () => {
  it("plans the deletion: every row that cascades from the run, counted per table, and nothing in the way", async () => {
    const plan = (await runDeletionPlan(t.db, 1))!;
    const n = await lines(1);
    expect(n).toBeGreaterThan(0);
    expect(plan.blockers).toEqual([]);
    expect(plan.goesWith).toEqual([
      { table: "decision_scores", what: "decision scores", rows: n },
      { table: "run_lines", what: "model outputs (run lines)", rows: n },
    ]);
    expect(await runDeletionPlan(t.db, 999)).toBeNull();
  });

  it("is refused while a flip review names the run, whether it accepted or rejected, and nothing is removed", async () => {
    await saveFlipReview(t.db, { baselineRef: "run:1", candidateRef: "run:2", review: review("accept") });
    await saveFlipReview(t.db, { baselineRef: "run:3", candidateRef: "run:2", review: review("reject") });
    const plan = (await runDeletionPlan(t.db, 2))!;
    expect(plan.blockers).toEqual(["1 flip review(s) of the comparison run:1 → run:2 name it", "1 flip review(s) of the comparison run:3 → run:2 name it"]);
    const before = await lines(2);
    await expect(deleteRun(t.db, { runId: 2, actor: "lead@example.org" })).rejects.toThrow(RunInHistoryError);
    expect(await lines(2)).toBe(before);
    expect((await runDeletionPlan(t.db, 1))!.blockers).toHaveLength(1); // the baseline side is named too
  });

  it("deletes a run nobody reviewed with its lines and scores, and the audit row says how many went", async () => {
    const n = await lines(4);
    await deleteRun(t.db, { runId: 4, actor: "lead@example.org" });
    expect(await t.db.select().from(runs).where(eq(runs.id, 4))).toEqual([]);
    expect(await t.db.select().from(decisionScores).where(eq(decisionScores.runId, 4))).toEqual([]);
    const row = (await t.db.select().from(auditLog).where(eq(auditLog.action, "run.delete")).orderBy(auditLog.id)).at(-1)!;
    expect(row).toMatchObject({ actor: "lead@example.org", entityId: "4", detail: { lines: n, deleted: { run_lines: n, decision_scores: n } } });
  });

  it("a deleted example run stays deleted when db:setup seeds again (issue 26)", async () => {
    let example: { id: number; name: string } | undefined;
    for (const r of await t.db.select({ id: runs.id, name: runs.name }).from(runs).where(eq(runs.example, true)).orderBy(runs.id)) {
      if (r.id !== 4 && (await runDeletionPlan(t.db, r.id))?.blockers.length === 0) {
        example = r;
        break;
      }
    }
    await deleteRun(t.db, { runId: example!.id, actor: "lead@example.org" });
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, "run.delete")).orderBy(auditLog.id)).at(-1)!.detail).toMatchObject({ name: example!.name, example: true });
    const again = await seedFromRepo(t.db);
    expect(again.runsAdded).toEqual([]);
    expect(await t.db.select().from(runs).where(eq(runs.name, example!.name))).toEqual([]);
  });
});
