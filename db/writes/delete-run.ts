import { eq } from "drizzle-orm";
import type { Db } from "../index";
import { runs } from "../schema";
import { audit } from "./audit";
import { NotFoundError } from "./labels";

/** Deletes a run with its lines and scores (foreign keys cascade), leaving an audit row naming what was removed. */
export function deleteRun(db: Db, input: { runId: number; actor: string; at?: string }): void {
  db.transaction(
    (tx) => {
      const run = tx.select({ name: runs.name, nLines: runs.nLines }).from(runs).where(eq(runs.id, input.runId)).get();
      if (!run) throw new NotFoundError(`no run #${input.runId}`);
      tx.delete(runs).where(eq(runs.id, input.runId)).run();
      audit(tx, { actor: input.actor, action: "run.delete", entity: "run", entityId: String(input.runId), at: input.at, detail: { name: run.name, lines: run.nLines } });
    },
    { behavior: "immediate" },
  );
}
