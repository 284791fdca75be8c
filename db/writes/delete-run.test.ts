import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDeletionPlan } from "../queries/run-deletion";
import { auditLog, decisionScores, runLines, runs } from "../schema";
import { makeTempDb } from "../testing/temp-db";
import { saveFlipReview } from "./baselines";
import { deleteRun, RunInHistoryError } from "./delete-run";
import { seedFromRepo } from "./seed-repo";

// Issue 20 (5): the confirmation lists what goes with a run, found from the schema's cascading keys, and a run named by
// any flip review (an acceptance or a rejection, approved or not) stays.

let t: ReturnType<typeof makeTempDb>;
beforeAll(() => {
  t = makeTempDb();
  seedFromRepo(t.db);
});
afterAll(() => t.cleanup());

const lines = (runId: number) => t.db.select().from(runLines).where(eq(runLines.runId, runId)).all().length;
const review = (decision: "accept" | "reject") => ({ case_key: "ep-001#1", decision, note: decision === "accept" ? "fine" : "", reviewer: "lead@example.org", at: "2026-07-01T09:00:00.000Z" });

describe("deleting a run", () => {
  it("plans the deletion: every row that cascades from the run, counted per table, and nothing in the way", () => {
    const plan = runDeletionPlan(t.db, 1)!;
    const n = lines(1);
    expect(n).toBeGreaterThan(0);
    expect(plan.blockers).toEqual([]);
    expect(plan.goesWith).toEqual([
      { table: "decision_scores", what: "decision scores", rows: n },
      { table: "run_lines", what: "model outputs (run lines)", rows: n },
    ]);
    expect(runDeletionPlan(t.db, 999)).toBeNull();
  });

  it("is refused while a flip review names the run, whether it accepted or rejected, and nothing is removed", () => {
    saveFlipReview(t.db, { baselineRef: "run:1", candidateRef: "run:2", review: review("accept") });
    saveFlipReview(t.db, { baselineRef: "run:3", candidateRef: "run:2", review: review("reject") });
    const plan = runDeletionPlan(t.db, 2)!;
    expect(plan.blockers).toEqual(["1 flip review(s) of the comparison run:1 → run:2 name it", "1 flip review(s) of the comparison run:3 → run:2 name it"]);
    const before = lines(2);
    expect(() => deleteRun(t.db, { runId: 2, actor: "lead@example.org" })).toThrow(RunInHistoryError);
    expect(lines(2)).toBe(before);
    expect(runDeletionPlan(t.db, 1)!.blockers).toHaveLength(1); // the baseline side is named too
  });

  it("deletes a run nobody reviewed with its lines and scores, and the audit row says how many went", () => {
    const n = lines(4);
    deleteRun(t.db, { runId: 4, actor: "lead@example.org" });
    expect(t.db.select().from(runs).where(eq(runs.id, 4)).all()).toEqual([]);
    expect(t.db.select().from(decisionScores).where(eq(decisionScores.runId, 4)).all()).toEqual([]);
    const row = t.db.select().from(auditLog).where(eq(auditLog.action, "run.delete")).all().at(-1)!;
    expect(row).toMatchObject({ actor: "lead@example.org", entityId: "4", detail: { lines: n, deleted: { run_lines: n, decision_scores: n } } });
  });

  it("a deleted example run stays deleted when db:setup seeds again (issue 26)", () => {
    const example = t.db.select({ id: runs.id, name: runs.name }).from(runs).where(eq(runs.example, true)).all().find((r) => r.id !== 4 && runDeletionPlan(t.db, r.id)?.blockers.length === 0)!;
    deleteRun(t.db, { runId: example.id, actor: "lead@example.org" });
    expect(t.db.select().from(auditLog).where(eq(auditLog.action, "run.delete")).all().at(-1)!.detail).toMatchObject({ name: example.name, example: true });
    const again = seedFromRepo(t.db);
    expect(again.runsAdded).toEqual([]);
    expect(t.db.select().from(runs).where(eq(runs.name, example.name)).all()).toEqual([]);
  });
});
