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
  migrate(db, { migrationsFolder: repoPath("db", "migrations") });
  return db;
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
