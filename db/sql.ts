import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { processDialect } from "./env";

// The few SQL fragments that differ between SQLite and PostgreSQL (issue 29). Everything else in db/ is drizzle's
// query builder, which writes each dialect's SQL itself.

/** A top-level key of a JSON column, as text (SQLite json_extract, PostgreSQL ->>). */
export function jsonText(column: SQLWrapper, key: string): SQL<string | null> {
  return processDialect() === "postgres" ? sql<string | null>`(${column}->>${sql.raw(`'${key.replace(/'/g, "''")}'`)})` : sql<string | null>`json_extract(${column}, ${sql.raw(`'$.${key.replace(/'/g, "''")}'`)})`;
}

/**
 * PostgreSQL: a transaction-scoped advisory lock on a key, so a read-then-write shared by several app instances (a
 * sign-in throttle, a refusal window) happens one at a time. SQLite needs none: its transactions are BEGIN IMMEDIATE.
 */
export async function lockForTransaction(tx: object, key: string): Promise<void> {
  if (processDialect() !== "postgres") return;
  await (tx as { execute: (q: SQL) => Promise<unknown> }).execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Bind parameters one statement may hold: PostgreSQL's protocol limit, and SQLite's as better-sqlite3 builds it. */
export function maxBindParameters(): number {
  return processDialect() === "postgres" ? 65_535 : 32_766;
}

/** Inserts rows as multi-row INSERTs sized to the bind-parameter limit: one round trip per batch, not per row. */
export async function insertInBatches<T extends Record<string, unknown>>(insert: (batch: T[]) => PromiseLike<unknown>, rows: readonly T[]): Promise<void> {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(maxBindParameters() / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
