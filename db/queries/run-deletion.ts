import { eq, or, sql } from "drizzle-orm";
import { runRef } from "../../lib/approval/report-ref";
import type { DbOrTx } from "../index";
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

/** Every table whose rows are deleted with one run, with a WHERE condition selecting those rows. */
function cascades(db: DbOrTx, runId: number): Array<{ table: string; where: string; restrict: boolean }> {
  const tables = db.all<{ name: string }>(sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY rowid")).map((t) => t.name);
  const keys = new Map(tables.map((t) => [t, db.all<ForeignKey>(sql.raw(`PRAGMA foreign_key_list(${quote(t)})`))]));
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
export function runDeletionPlan(db: DbOrTx, runId: number): RunDeletionPlan | null {
  if (!Number.isInteger(runId) || runId <= 0) return null;
  const run = db.select({ id: runs.id, name: runs.name, nLines: runs.nLines, example: runs.example }).from(runs).where(eq(runs.id, runId)).get();
  if (!run) return null;
  const goesWith: RunDeletionPlan["goesWith"] = [];
  const blockers: string[] = [];
  for (const c of cascades(db, runId)) {
    const rows = db.get<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${quote(c.table)} WHERE ${c.where}`))!.n;
    if (!rows) continue;
    if (c.restrict) blockers.push(`${rows} row(s) of ${c.table} refer to it and are not deleted with it`);
    else goesWith.push({ table: c.table, what: WHAT[c.table] ?? c.table.replaceAll("_", " "), rows });
  }
  const ref = runRef(runId);
  // Approval records are immutable (issue 5); a flip review is a lead's judgement of this run that would vanish (issue 20).
  for (const a of db.select().from(baselineApprovals).where(or(eq(baselineApprovals.baselineRef, ref), eq(baselineApprovals.candidateRef, ref))).all()) {
    blockers.push(`approval ${a.id} (${a.baselineRef} → ${a.candidateRef}, by ${a.approvedBy}) is part of the baseline history`);
  }
  const reviews = new Map<string, number>();
  for (const r of db.select().from(flipReviews).where(or(eq(flipReviews.baselineRef, ref), eq(flipReviews.candidateRef, ref))).all()) {
    const pair = `${r.baselineRef} → ${r.candidateRef}`;
    reviews.set(pair, (reviews.get(pair) ?? 0) + 1);
  }
  for (const [pair, n] of reviews) blockers.push(`${n} flip review(s) of the comparison ${pair} name it`);
  return { run, goesWith, blockers };
}
