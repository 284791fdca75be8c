import { eq, or } from "drizzle-orm";
import { runRef } from "../../lib/approval/report-ref";
import type { Db } from "../index";
import { baselineApprovals, flipReviews, runs } from "../schema";
import { audit } from "./audit";
import { NotFoundError } from "./labels";

export class RunInHistoryError extends Error {}

/** Deletes a run with its lines and scores (foreign keys cascade), leaving an audit row naming what was removed. */
export function deleteRun(db: Db, input: { runId: number; actor: string; at?: string }): void {
  db.transaction(
    (tx) => {
      const run = tx.select({ name: runs.name, nLines: runs.nLines }).from(runs).where(eq(runs.id, input.runId)).get();
      if (!run) throw new NotFoundError(`no run #${input.runId}`);
      const ref = runRef(input.runId);
      // Issue 5: approval records are immutable, so a run named in the baseline history stays.
      const approval = tx.select({ id: baselineApprovals.id }).from(baselineApprovals).where(or(eq(baselineApprovals.baselineRef, ref), eq(baselineApprovals.candidateRef, ref))).get();
      if (approval) throw new RunInHistoryError(`run #${input.runId} is part of the baseline history (approval ${approval.id}) and cannot be deleted`);
      // Reviews of a comparison with a deleted run can never count again: they go with it (approvals never do).
      tx.delete(flipReviews).where(or(eq(flipReviews.baselineRef, ref), eq(flipReviews.candidateRef, ref))).run();
      tx.delete(runs).where(eq(runs.id, input.runId)).run();
      audit(tx, { actor: input.actor, action: "run.delete", entity: "run", entityId: String(input.runId), at: input.at, detail: { name: run.name, lines: run.nLines } });
    },
    { behavior: "immediate" },
  );
}
