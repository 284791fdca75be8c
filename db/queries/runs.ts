import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../index";
import { runs } from "../schema";

/** Every run, newest first, with the report (no decisions) for the list's headline figures. */
export async function listRuns(db: Db) {
  return await db
    .select({ id: runs.id, name: runs.name, fileName: runs.fileName, model: runs.model, packVersion: runs.packVersion, nLines: runs.nLines, example: runs.example, createdBy: runs.createdBy, createdAt: runs.createdAt, report: runs.report })
    .from(runs)
    .orderBy(desc(runs.createdAt), desc(runs.id));
}

export type RunListItem = Awaited<ReturnType<typeof listRuns>>[number];

export async function getRun(db: Db, id: number) {
  const [row] = await db.select().from(runs).where(eq(runs.id, id)).limit(1);
  return row ?? null;
}
