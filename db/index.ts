import { AsyncLocalStorage } from "node:async_hooks";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { BetterSQLiteTransaction } from "drizzle-orm/better-sqlite3";
import { is, type ExtractTablesWithRelations } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { repoPath } from "../bin/load/files";
import { dbTarget, dialectOfTarget, type Dialect } from "./env";
import * as schema from "./schema";
import { openPostgres } from "./postgres";

/**
 * The data layer is written once for both dialects (issue 29): every query is awaited (`await db.select()…`, never
 * `.get()`/`.all()`/`.run()`, which only SQLite has) and every transaction is `await db.transaction(async (tx) => …)`.
 * The type is drizzle's SQLite one; on PostgreSQL the same calls go to node-postgres with the twin schema.
 */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
export type Tx = BetterSQLiteTransaction<typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** Anything a write can go through: the client, or a transaction a caller already opened. */
export type DbOrTx = Db | Tx;

const CLOSE = Symbol.for("assay.close");

/** The dialect a client or transaction speaks, read off drizzle's own dialect object (a transaction carries no tag). */
export function dialectOf(db: DbOrTx): Dialect {
  return is((db as unknown as { dialect: unknown }).dialect, PgDialect) ? "postgres" : "sqlite";
}

/** Opens a database named by a SQLite file path or a postgres:// URL, applying pending migrations. */
export async function openDb(target: string): Promise<Db> {
  if (dialectOfTarget(target) === "postgres") {
    const { db, close } = await openPostgres(target);
    return tag(db as unknown as Db, close);
  }
  return openSqlite(target);
}

/** Closes the connection (SQLite) or pool (PostgreSQL). */
export async function closeDb(db: Db): Promise<void> {
  await (db as unknown as Record<symbol, () => Promise<void>>)[CLOSE]?.();
}

function tag(db: Db, close: () => Promise<void>): Db {
  Object.defineProperty(db, CLOSE, { value: close });
  return db;
}

/**
 * Opens a SQLite file synchronously, with the pragmas every connection needs, and applies pending migrations. Tools
 * that only make sense on a file (online backup, the e2e suite's row counts) use it directly; the rest go via openDb.
 */
export function openSqlite(file: string): Db {
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
  asyncTransactions(db, file);
  return tag(db, async () => {
    if (sqlite.open) sqlite.close();
  });
}

/**
 * better-sqlite3's transactions are synchronous: a callback that awaits would commit at its first await. Here
 * `db.transaction(async (tx) => …)` runs BEGIN IMMEDIATE … COMMIT around the awaited callback instead, one at a time per
 * database file in this process: a queue shared by the file's connections, since a second connection's BEGIN IMMEDIATE
 * would wait on the file lock while blocking the thread the first needs to commit. A transaction opened inside another
 * (found through AsyncLocalStorage, so a helper that opens its own can be called from a caller's) becomes a savepoint.
 * Statements outside any transaction
 * still run at once: SQLite statements finish synchronously, so a callback that awaits only the database runs without
 * yielding to other requests; one that awaits other I/O (a file, the network) must do it before the transaction.
 */
function asyncTransactions(db: Db, file: string): void {
  const client = db.$client;
  const lane = writeLane(file);
  const inside = lane.inside;
  let savepoints = 0;
  const nested = async <T>(fn: (tx: Tx) => Promise<T> | T, depth: number): Promise<T> => {
    const name = `assay_sp_${++savepoints}`;
    client.exec(`SAVEPOINT ${name}`);
    try {
      const out = await inside.run({ depth: depth + 1, client }, () => fn(txOf(depth + 1)));
      client.exec(`RELEASE ${name}`);
      return out;
    } catch (e) {
      client.exec(`ROLLBACK TO ${name}`);
      client.exec(`RELEASE ${name}`);
      throw e;
    }
  };
  const txOf = (depth: number): Tx => {
    const tx = Object.create(db) as Tx & Record<string, unknown>;
    tx.transaction = (<T>(fn: (t: Tx) => Promise<T> | T) => nested(fn, depth)) as never;
    tx.rollback = () => {
      throw new Error("transaction rolled back");
    };
    return tx;
  };
  const outer = async <T>(fn: (tx: Tx) => Promise<T> | T): Promise<T> => {
    client.exec("BEGIN IMMEDIATE");
    try {
      const out = await inside.run({ depth: 1, client }, () => fn(txOf(1)));
      client.exec("COMMIT");
      return out;
    } catch (e) {
      if (client.inTransaction) client.exec("ROLLBACK");
      throw e;
    }
  };
  (db as unknown as Record<string, unknown>).transaction = <T>(fn: (tx: Tx) => Promise<T> | T): Promise<T> => {
    const open = inside.getStore();
    if (open && open.client !== client) throw new Error("a transaction on another connection to this database file is open in this call chain; use its tx");
    if (open) return nested(fn, open.depth);
    const run = () => outer(fn);
    const result = lane.queue.then(run, run);
    lane.queue = result.catch(() => undefined);
    return result;
  };
}

type Lane = { queue: Promise<unknown>; inside: AsyncLocalStorage<{ depth: number; client: Database.Database }> };
const lanes = new Map<string, Lane>();
/** One write queue (and one record of the open transaction) per database file in this process. */
function writeLane(file: string): Lane {
  const key = file === ":memory:" ? `:memory:${lanes.size}` : path.resolve(file);
  let lane = lanes.get(key);
  if (!lane) lanes.set(key, (lane = { queue: Promise.resolve(), inside: new AsyncLocalStorage() }));
  return lane;
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

const globalForDb = globalThis as unknown as { assayDb?: Promise<Db>; assayDbTarget?: string };

/** The process-wide client, cached on globalThis so dev reloads do not open a connection (or pool) per edit. */
export function getDb(): Promise<Db> {
  const target = dbTarget();
  if (!globalForDb.assayDb || globalForDb.assayDbTarget !== target) {
    const opening = openDb(target);
    // A failed open (server down, bad migration) is not cached: the next request tries again.
    opening.catch(() => {
      if (globalForDb.assayDb === opening) globalForDb.assayDb = undefined;
    });
    globalForDb.assayDb = opening;
    globalForDb.assayDbTarget = target;
  }
  return globalForDb.assayDb;
}
