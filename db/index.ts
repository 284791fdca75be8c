import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { BetterSQLiteTransaction } from "drizzle-orm/better-sqlite3";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { repoPath } from "../bin/load/files";
import { dbPath } from "./env";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
export type Tx = BetterSQLiteTransaction<typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** Anything a write can go through: the client, or a transaction a caller already opened. */
export type DbOrTx = Db | Tx;

/** Opens a database file with the pragmas every connection needs, and applies pending migrations. */
export function openDb(file: string): Db {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  // WAL: readers (page renders) never block the writer (an import) and vice versa.
  sqlite.pragma("journal_mode = WAL");
  // SQLite ships with foreign keys off; labels must not outlive their probe, scores their run.
  sqlite.pragma("foreign_keys = ON");
  // Two annotators saving at once: wait for the lock instead of failing with SQLITE_BUSY.
  sqlite.pragma("busy_timeout = 5000");
  // WAL makes NORMAL durable against application crashes; FULL would fsync every commit.
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema }) as Db;
  migrateWithKeysOff(db);
  return db;
}

/**
 * Applies pending migrations with foreign keys off. A migration that rebuilds a table (SQLite cannot drop a key or
 * change a primary key in place) drops the old table, which with keys on would cascade into its children; and SQLite
 * ignores the migration's own `PRAGMA foreign_keys=OFF` inside the migrator's transaction. After a migration ran,
 * `foreign_key_check` must come back empty.
 */
function migrateWithKeysOff(db: Db): void {
  const sqlite = db.$client;
  const applied = () => {
    const has = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
    return has ? (sqlite.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n : 0;
  };
  const before = applied();
  sqlite.pragma("foreign_keys = OFF");
  try {
    migrate(db, { migrationsFolder: repoPath("db", "migrations") });
  } finally {
    sqlite.pragma("foreign_keys = ON");
  }
  if (applied() === before) return;
  const orphans = sqlite.pragma("foreign_key_check") as Array<{ table: string; rowid: number; parent: string }>;
  if (orphans.length) throw new Error(`migration left ${orphans.length} row(s) without their parent, e.g. ${orphans[0]!.table} rowid ${orphans[0]!.rowid} → ${orphans[0]!.parent}`);
}

const globalForDb = globalThis as unknown as { assayDb?: Db; assayDbPath?: string };

/** The process-wide client, cached on globalThis so dev reloads do not open a connection per edit. */
export function getDb(): Db {
  const file = dbPath();
  if (!globalForDb.assayDb || globalForDb.assayDbPath !== file) {
    globalForDb.assayDb = openDb(file);
    globalForDb.assayDbPath = file;
  }
  return globalForDb.assayDb;
}
