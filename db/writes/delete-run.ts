import { eq } from "drizzle-orm";
import type { Db } from "../index";
import { runDeletionPlan } from "../queries/run-deletion";
import { runs } from "../schema";
import { audit } from "./audit";
import { NotFoundError } from "./labels";

/** The run may not be deleted now: an approval or a flip review names it, or rows that do not cascade refer to it. */
export class RunInHistoryError extends Error {}

/**
 * Deletes a run with everything that cascades from it (lines, scores, and any table keyed on them), leaving an audit row
 * naming what was removed. Refused while an approval or any flip review names the run (issue 20): a lead's judgement of
 * a comparison is not discarded by deleting one side. The plan is re-read inside the write lock.
 */
export async function deleteRun(db: Db, input: { runId: number; actor: string; at?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await runDeletionPlan(tx, input.runId);
    if (!plan) throw new NotFoundError(`no run #${input.runId}`);
    if (plan.blockers.length) throw new RunInHistoryError(`run #${input.runId} '${plan.run.name}' cannot be deleted: ${plan.blockers.join("; ")}`);
    await tx.delete(runs).where(eq(runs.id, input.runId));
    await audit(tx, {
      actor: input.actor,
      action: "run.delete",
      entity: "run",
      entityId: String(input.runId),
      at: input.at,
      // `example` tells db:setup not to bring a deleted example run back (issue 26).
      detail: { name: plan.run.name, example: plan.run.example, lines: plan.run.nLines, deleted: Object.fromEntries(plan.goesWith.map((g) => [g.table, g.rows])) },
    });
  });
}
