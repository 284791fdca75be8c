import { eq, getTableName, is, or, sql } from "drizzle-orm";
import { getTableConfig as pgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { runRef } from "../../lib/approval/report-ref";
import type { DbOrTx } from "../index";
import * as schema from "../schema";
import { baselineApprovals, flipReviews, runs } from "../schema";

// Issue 20 (5): what deleting a run takes with it, and what stops it, for the confirmation and for the delete itself.
// The rows that go are found from the schema's foreign keys (every table whose rows cascade from the run, however
// deep), so a table added later is listed without this file knowing it.

export type RunDeletionPlan = {
  run: { id: number; name: string; nLines: number; example: boolean };
  /** Rows deleted with the run, per table (by table name); tables with no rows are left out. */
  goesWith: Array<{ table: string; what: string; rows: number }>;
  /** Why the run cannot be deleted now; empty when it can. */
  blockers: string[];
};

const WHAT: Record<string, string> = {
  run_lines: "model outputs (run lines)",
  decision_scores: "decision scores",
};

type ForeignKey = { table: string; from: string; to: string; on_delete: string };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table of the schema with its foreign keys (target table, columns, ON DELETE), read from drizzle's table
 * definitions: the same on SQLite and PostgreSQL, where sqlite_master and PRAGMA foreign_key_list do not exist.
 */
function schemaKeys(): Map<string, ForeignKey[]> {
  const out = new Map<string, ForeignKey[]>();
  for (const value of Object.values(schema)) {
    const config = is(value, SQLiteTable) ? sqliteTableConfig(value) : is(value, PgTable) ? pgTableConfig(value) : null;
    if (!config) continue;
    const keys: ForeignKey[] = [];
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      // A key over several columns is one condition per column pair; the schema has none, and none to runs.
      ref.columns.forEach((c, i) => keys.push({ table: getTableName(ref.foreignTable), from: c.name, to: ref.foreignColumns[i]!.name, on_delete: fk.onDelete ?? "no action" }));
    }
    out.set(config.name, keys);
  }
  return out;
}

/** Every table whose rows are deleted with one run, with a WHERE condition selecting those rows. */
function cascades(runId: number): Array<{ table: string; where: string; restrict: boolean }> {
  const keys = schemaKeys();
  const tables = [...keys.keys()];
  const where = new Map<string, string>([["runs", `id = ${runId}`]]);
  const restricted = new Set<string>();
  // Fixed point over the key graph: a table joins once one of its keys points at a table already reached.
  for (let changed = true, rounds = 0; changed && rounds < 10; rounds++) {
    changed = false;
    for (const t of tables) {
      if (t === "runs") continue;
      const conds = (keys.get(t) ?? [])
        .filter((k) => where.has(k.table))
        .map((k) => {
          if (k.on_delete.toUpperCase() !== "CASCADE") restricted.add(t);
          return `${quote(k.from)} IN (SELECT ${quote(k.to)} FROM ${quote(k.table)} WHERE ${where.get(k.table)})`;
        });
      if (!conds.length) continue;
      const cond = conds.map((c) => `(${c})`).join(" OR ");
      if (where.get(t) !== cond) {
        where.set(t, cond);
        changed = true;
      }
    }
  }
  return [...where]
    .filter(([t]) => t !== "runs")
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([table, w]) => ({ table, where: w, restrict: restricted.has(table) }));
}

/** What deleting run `runId` would take with it and what refuses it; null when there is no such run. */
export async function runDeletionPlan(db: DbOrTx, runId: number): Promise<RunDeletionPlan | null> {
  if (!Number.isInteger(runId) || runId <= 0) return null;
  const [run] = await db.select({ id: runs.id, name: runs.name, nLines: runs.nLines, example: runs.example }).from(runs).where(eq(runs.id, runId)).limit(1);
  if (!run) return null;
  const goesWith: RunDeletionPlan["goesWith"] = [];
  const blockers: string[] = [];
  for (const c of cascades(runId)) {
    const [{ n: rows } = { n: 0 }] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(sql.raw(quote(c.table))).where(sql.raw(c.where));
    if (!rows) continue;
    if (c.restrict) blockers.push(`${rows} row(s) of ${c.table} refer to it and are not deleted with it`);
    else goesWith.push({ table: c.table, what: WHAT[c.table] ?? c.table.replaceAll("_", " "), rows });
  }
  const ref = runRef(runId);
  // Approval records are immutable (issue 5); a flip review is a lead's judgement of this run that would vanish (issue 20).
  for (const a of await db.select().from(baselineApprovals).where(or(eq(baselineApprovals.baselineRef, ref), eq(baselineApprovals.candidateRef, ref)))) {
    blockers.push(`approval ${a.id} (${a.baselineRef} → ${a.candidateRef}, by ${a.approvedBy}) is part of the baseline history`);
  }
  const reviews = new Map<string, number>();
  for (const r of await db.select().from(flipReviews).where(or(eq(flipReviews.baselineRef, ref), eq(flipReviews.candidateRef, ref)))) {
    const pair = `${r.baselineRef} → ${r.candidateRef}`;
    reviews.set(pair, (reviews.get(pair) ?? 0) + 1);
  }
  for (const [pair, n] of reviews) blockers.push(`${n} flip review(s) of the comparison ${pair} name it`);
  return { run, goesWith, blockers };
}
