import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { repoPath } from "../bin/load/files";
import * as schema from "./schema";

/**
 * One key for every Assay instance's migration lock: instances starting together against an empty database queue on
 * it, and each migration is applied once (drizzle's journal is read after the lock is held).
 */
export const MIGRATION_LOCK_KEY = 0x41535341; // "ASSA"

// node-postgres returns int8 (count(*), sum of integers) and numeric as strings; SQLite returns numbers. Parsing them
// here keeps one data layer: every count in this app is far below 2^53.
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    if (oid === pg.types.builtins.NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as "text");
  },
} as pg.CustomTypesConfig;

export function makePool(url: string, max = Number(process.env.ASSAY_PG_POOL ?? 10)): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types, application_name: "assay" });
  // An idle client losing its server (a restart) must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  return pool;
}

/** Applies pending migrations while holding the advisory lock, so concurrent instances apply each one once. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: repoPath("db", "migrations-pg") });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export async function openPostgres(url: string) {
  const pool = makePool(url);
  try {
    await migratePostgres(pool);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return { db: drizzle(pool, { schema }), close: () => pool.end() };
}

/**
 * The node-postgres client a drizzle transaction runs on (drizzle checks one out of the pool for it), for what drizzle
 * has no builder for: COPY. Outside a transaction there is only the pool, and this throws.
 */
export function pgClientOf(tx: object): pg.ClientBase {
  const client = (tx as { session?: { client?: unknown } }).session?.client;
  if (!client || client instanceof pg.Pool || typeof (client as pg.ClientBase).query !== "function") throw new Error("pgClientOf: not a PostgreSQL transaction");
  return client as pg.ClientBase;
}
