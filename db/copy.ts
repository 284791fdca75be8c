import { createHash } from "node:crypto";
import { existsSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { Column, getTableName, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { InputError } from "../lib/io/input-error";
import { dialectOfTarget, redact, type Dialect } from "./env";
import { closeDb, dialectOf, openDb, type Db } from "./index";
import * as sqliteSchema from "./schema.sqlite";

/**
 * `assay db copy` (issue 29): copies a whole workbench database between SQLite and PostgreSQL, either way.
 *
 * - Both ends are opened with openDb, so both are migrated to the current schema first. For the destination that is
 *   the point (it gets today's tables). For the source it means a database on an older migration is migrated in place
 *   before it is read: the copy reads with today's column lists, and an old shape has other columns. (Reading an old
 *   source read-only would need every past shape; migrating is what opening it in the workbench would do anyway.) A
 *   source SQLite file that does not exist is refused — it is never created.
 * - The destination must be empty (every table 0 rows). That is checked twice: before openDb touches it (any table with
 *   rows, even on an older migration, refuses the copy and nothing is changed, not even a migration), and again inside
 *   the copy's transaction, with the tables locked (PostgreSQL: EXCLUSIVE; SQLite: BEGIN IMMEDIATE), so nobody can
 *   write in between.
 * - Tables are copied parents first (the order comes from the SQLite schema's foreign keys), in batches, all inside one
 *   destination transaction: a failure anywhere leaves the destination empty. Within a table, rows go in the source's
 *   insertion order (SQLite rowid, PostgreSQL ctid), not key order: the current pack is the last loaded one, ties broken
 *   by exactly that order (db/queries/scoring-context.ts), and a copy must not change which pack is current. (SQLite
 *   → SQLite keeps every rowid order exactly; PostgreSQL places a row in any page with room, so its ctid order can
 *   drift from insertion order for rows of mixed sizes, and the copy can only follow what the source says.) The
 *   source is read inside one read transaction (SQLite: a WAL snapshot; PostgreSQL: REPEATABLE READ), so a workbench
 *   writing to it meanwhile does not tear the copy, and the copy and the source's checksums see the same rows.
 * - Raw SQL through each driver, values converted by column kind (boolean 0/1 ↔ true/false; json: the stored text,
 *   byte for byte — PostgreSQL's json type keeps it verbatim, so key order survives both ways).
 * - On PostgreSQL every identity sequence is set to max(id) before the commit, so the next insert does not collide.
 * - Verification: each table's row count and checksum (TableChecksum: rows in primary-key order) are computed on the
 *   source in the copy's read transaction and on the destination after the commit, by the same code from the same
 *   normalized values.
 */

export type Kind = "text" | "json" | "boolean" | "integer" | "float";
export type TableSpec = { name: string; columns: Array<{ name: string; kind: Kind }>; primaryKey: string[]; parents: string[] };
export type TableResult = { table: string; rows: number; checksum: string; match: boolean; to_rows?: number; to_checksum?: string };
export type CopyResult = { from: string; to: string; tables: TableResult[]; ms: { copy: number; verify: number } };

const KINDS: Record<string, Kind> = { SQLiteText: "text", SQLiteTextJson: "json", SQLiteBoolean: "boolean", SQLiteInteger: "integer", SQLiteReal: "float" };

/** The workbench's tables, parents before children (Kahn's algorithm over the schema's foreign keys; ties by export name). */
export function copyOrder(): TableSpec[] {
  const specs: TableSpec[] = [];
  for (const t of Object.values(sqliteSchema)) {
    if (!is(t, SQLiteTable)) continue;
    const c = getTableConfig(t);
    const columns = c.columns.map((col) => {
      const kind = KINDS[col.columnType];
      if (!kind) throw new Error(`db copy: ${c.name}.${col.name} has column type ${col.columnType}, which the copy does not know how to convert`);
      return { name: col.name, kind };
    });
    const primaryKey = [...c.columns.filter((col) => col.primary).map((col) => col.name), ...c.primaryKeys.flatMap((pk) => pk.columns.map((col) => (col as Column).name))];
    if (!primaryKey.length) throw new Error(`db copy: ${c.name} has no primary key to order its rows by`);
    const parents = [...new Set(c.foreignKeys.map((fk) => getTableName(fk.reference().foreignTable)).filter((p) => p !== c.name))];
    specs.push({ name: c.name, columns, primaryKey, parents });
  }
  const out: TableSpec[] = [];
  const done = new Set<string>();
  while (out.length < specs.length) {
    const next = specs.find((s) => !done.has(s.name) && s.parents.every((p) => done.has(p)));
    if (!next) throw new Error(`db copy: foreign keys form a cycle among ${specs.filter((s) => !done.has(s.name)).map((s) => s.name).join(", ")}`);
    out.push(next);
    done.add(next.name);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// Values. A row travels as an array in schema column order of "neutral" values: boolean → true/false, json → its text,
// integer/float → number, text → string, or null.

type Value = string | number | boolean | null;
type Row = Value[];

function fromSqlite(spec: TableSpec, raw: unknown[]): Row {
  return spec.columns.map((c, i) => {
    const v = raw[i];
    if (v === null || v === undefined) return null;
    switch (c.kind) {
      case "boolean":
        if (v === 0 || v === 1) return v === 1;
        break;
      case "json":
      case "text":
        if (typeof v === "string") return v;
        break;
      case "integer":
      case "float":
        if (typeof v === "number") return v;
        if (typeof v === "bigint") return Number(v);
        break;
    }
    throw new Error(`${spec.name}.${c.name} holds ${JSON.stringify(typeof v === "bigint" ? String(v) : v)}, not a ${c.kind} (row ${pkOf(spec, raw)})`);
  });
}

function toSqlite(spec: TableSpec, row: Row): unknown[] {
  return row.map((v, i) => (spec.columns[i]!.kind === "boolean" && v !== null ? (v ? 1 : 0) : v));
}

const pkOf = (spec: TableSpec, raw: unknown[]) => spec.primaryKey.map((k) => String(raw[spec.columns.findIndex((c) => c.name === k)])).join("/");

/** One row as the checksum sees it: json parsed and written back with sorted keys, so formatting cannot differ. */
function canonicalRow(spec: TableSpec, row: Row): string {
  return JSON.stringify(row.map((v, i) => (spec.columns[i]!.kind === "json" && typeof v === "string" ? sortedJson(v) : typeof v === "number" && !Number.isFinite(v) ? `number:${v}` : v)));
}

function sortedJson(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { "invalid json": text };
  }
  const sort = (x: unknown): unknown =>
    Array.isArray(x) ? x.map(sort) : x && typeof x === "object" ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, sort((x as Record<string, unknown>)[k])])) : x;
  return sort(parsed);
}

/** Counts and hashes rows fed to it in primary-key order: SHA-256 over each row's canonical JSON and a newline. */
class TableChecksum {
  rows = 0;
  private hash = createHash("sha256");
  constructor(private spec: TableSpec) {}
  add(row: Row) {
    this.rows++;
    this.hash.update(canonicalRow(this.spec, row)).update("\n");
  }
  digest() {
    return this.hash.digest("hex");
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Ends. A source reads a table in batches, in primary-key order (checksums) or insertion order (the copy); a sink
// writes batches inside its one transaction.

/** "key": primary-key order, text in byte order on both (the checksum's); "insertion": rowid / ctid order (the copy's). */
type Order = "key" | "insertion";

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** Batch size for reads; PostgreSQL inserts are further capped by its 65,535 bind parameters per statement. */
const READ_BATCH = 1000;
export const PG_MAX_PARAMS = 65535;

interface Reader {
  /** Opens the read transaction: every table is read from one snapshot. */
  begin(): Promise<void>;
  batches(spec: TableSpec, order: Order): AsyncGenerator<Row[]>;
  end(): Promise<void>;
}

function sqliteReader(client: Database.Database): Reader {
  return {
    async begin() {
      client.exec("BEGIN");
      // A deferred transaction takes its snapshot at the first read: take it now, before any table is read.
      client.prepare("SELECT count(*) FROM sqlite_master").get();
    },
    async *batches(spec, order) {
      const cols = spec.columns.map((c) => q(c.name)).join(", ");
      // Every workbench table is a rowid table; for one keyed by INTEGER PRIMARY KEY the rowid is that key.
      const by = order === "insertion" ? "rowid" : spec.primaryKey.map(q).join(", ");
      const stmt = client.prepare(`SELECT ${cols} FROM ${q(spec.name)} ORDER BY ${by}`).raw(true);
      let batch: Row[] = [];
      for (const raw of stmt.iterate() as Iterable<unknown[]>) {
        batch.push(fromSqlite(spec, raw));
        if (batch.length >= READ_BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
    async end() {
      if (client.inTransaction) client.exec("COMMIT");
    },
  };
}

function pgReader(pool: pg.Pool): Reader {
  let client: pg.PoolClient | null = null;
  let n = 0;
  return {
    async begin() {
      client = await pool.connect();
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    },
    async *batches(spec, orderBy) {
      const c = client!;
      // json as its stored text (node-postgres would parse it and lose the key order and formatting); text keys in
      // byte order (COLLATE "C"), as SQLite's BINARY collation orders them, whatever the database's collation is.
      const cols = spec.columns.map((col) => (col.kind === "json" ? `${q(col.name)}::text` : q(col.name))).join(", ");
      const order = orderBy === "insertion" ? "ctid" : spec.primaryKey.map((k) => (spec.columns.find((col) => col.name === k)!.kind === "text" ? `${q(k)} COLLATE "C"` : q(k))).join(", ");
      const cursor = `assay_copy_${++n}`;
      await c.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${cols} FROM ${q(spec.name)} ORDER BY ${order}`);
      try {
        for (;;) {
          const res = await c.query({ text: `FETCH ${READ_BATCH} FROM ${cursor}`, rowMode: "array" });
          if (!res.rows.length) break;
          yield res.rows as Row[];
        }
      } finally {
        await c.query(`CLOSE ${cursor}`);
      }
    },
    async end() {
      if (!client) return;
      try {
        await client.query("COMMIT");
      } finally {
        client.release();
        client = null;
      }
    },
  };
}

interface Writer {
  /** Starts the one transaction, locks the tables and checks (again, now race-free) that every one is empty. */
  begin(specs: TableSpec[]): Promise<void>;
  write(spec: TableSpec, rows: Row[]): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

function sqliteWriter(client: Database.Database, target: string): Writer {
  const stmts = new Map<string, Database.Statement>();
  return {
    async begin(specs) {
      client.exec("BEGIN IMMEDIATE");
      assertEmpty(target, specs.filter((s) => client.prepare(`SELECT 1 FROM ${q(s.name)} LIMIT 1`).get()).map((s) => s.name));
    },
    async write(spec, rows) {
      // better-sqlite3 runs a prepared statement per row at native speed inside the transaction; multi-row VALUES
      // would gain little here. Foreign keys stay on: parents are already in.
      let stmt = stmts.get(spec.name);
      if (!stmt) {
        stmt = client.prepare(`INSERT INTO ${q(spec.name)} (${spec.columns.map((c) => q(c.name)).join(", ")}) VALUES (${spec.columns.map(() => "?").join(", ")})`);
        stmts.set(spec.name, stmt);
      }
      for (const row of rows) stmt.run(toSqlite(spec, row));
    },
    async commit() {
      client.exec("COMMIT");
    },
    async rollback() {
      if (client.inTransaction) client.exec("ROLLBACK");
    },
  };
}

function pgWriter(pool: pg.Pool, target: string): Writer {
  let client: pg.PoolClient | null = null;
  return {
    async begin(specs) {
      client = await pool.connect();
      await client.query("BEGIN");
      // EXCLUSIVE: readers go on, nobody else writes until the commit.
      await client.query(`LOCK TABLE ${specs.map((s) => q(s.name)).join(", ")} IN EXCLUSIVE MODE`);
      const res = await client.query({ text: specs.map((s) => `SELECT EXISTS (SELECT 1 FROM ${q(s.name)})`).join(" UNION ALL "), rowMode: "array" });
      assertEmpty(target, specs.filter((_, i) => res.rows[i]![0] === true).map((s) => s.name));
    },
    async write(spec, rows) {
      const width = spec.columns.length;
      const perStatement = Math.max(1, Math.floor(PG_MAX_PARAMS / width));
      const cols = spec.columns.map((c) => q(c.name)).join(", ");
      for (let at = 0; at < rows.length; at += perStatement) {
        const chunk = rows.slice(at, at + perStatement);
        const values: Value[] = [];
        const tuples = chunk.map((row) => {
          const ph = row.map((v, i) => {
            values.push(v);
            // json goes as its text with a cast: PostgreSQL stores json text verbatim.
            return spec.columns[i]!.kind === "json" ? `$${values.length}::json` : `$${values.length}`;
          });
          return `(${ph.join(", ")})`;
        });
        await client!.query(`INSERT INTO ${q(spec.name)} (${cols}) VALUES ${tuples.join(", ")}`, values);
      }
    },
    async commit() {
      const c = client!;
      // Identity columns: rows came with their ids, so the sequences still stand at 1. Set each to max(id) (or "next is
      // 1" for an empty table); the last step before the commit, since setval is not undone by a rollback.
      const ids = await c.query<{ table_name: string; column_name: string }>(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name",
      );
      for (const { table_name: t, column_name: col } of ids.rows) {
        await c.query(`SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${q(col)}), 1), max(${q(col)}) IS NOT NULL) FROM ${q(t)}`, [q(t), col]);
      }
      await c.query("COMMIT");
      c.release();
      client = null;
    },
    async rollback() {
      if (!client) return;
      try {
        await client.query("ROLLBACK");
      } finally {
        client.release();
        client = null;
      }
    },
  };
}

function assertEmpty(target: string, nonEmpty: string[]) {
  if (nonEmpty.length) throw new InputError(redact(target), 0, "--to", `the destination must be empty, but ${[...nonEmpty].sort().join(", ")} ${nonEmpty.length === 1 ? "has" : "have"} rows; nothing was copied or changed`);
}

// ---------------------------------------------------------------------------------------------------------------------

/** Two names for one database: the same file (after symlinks) or the same server, port and database name. */
function sameTarget(a: string, b: string): boolean {
  const da = dialectOfTarget(a);
  if (da !== dialectOfTarget(b)) return false;
  if (da === "sqlite") {
    const real = (p: string) => (existsSync(p) ? realpathSync(p) : path.resolve(p));
    return real(a) === real(b);
  }
  try {
    const ua = new URL(a);
    const ub = new URL(b);
    const key = (u: URL) => `${u.hostname.toLowerCase()}:${u.port || "5432"}/${decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username)}`;
    return key(ua) === key(ub);
  } catch {
    return a === b;
  }
}

/**
 * Checks an end before openDb touches it: a source file must exist; a server must answer (which one is named when it
 * does not); a destination that already exists must have no rows in any table, whatever migration it is on.
 */
async function precheck(target: string, role: "--from" | "--to"): Promise<void> {
  const shown = redact(target);
  if (dialectOfTarget(target) === "sqlite") {
    if (!existsSync(target)) {
      if (role === "--from") throw new InputError(shown, 0, role, "no such SQLite file (a copy never creates its source)");
      return;
    }
    if (!statSync(target).isFile()) throw new InputError(shown, 0, role, "not a file");
    let db: Database.Database;
    try {
      db = new Database(target, { readonly: true, fileMustExist: true });
    } catch (e) {
      throw new InputError(shown, 0, role, `cannot open as SQLite: ${(e as Error).message}`);
    }
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'").pluck().all() as string[];
      if (role === "--to") assertEmpty(target, tables.filter((t) => db.prepare(`SELECT 1 FROM ${q(t)} LIMIT 1`).get()));
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(shown, 0, role, `not a readable SQLite database: ${(e as Error).message}`);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: target, connectionTimeoutMillis: 10_000, application_name: "assay db copy" });
  try {
    await client.connect();
  } catch (e) {
    await client.end().catch(() => undefined);
    throw new InputError(shown, 0, role, `cannot reach PostgreSQL: ${(e as Error).message || (e as { code?: string }).code || String(e)}`);
  }
  try {
    if (role === "--to") {
      const tables = (await client.query<{ t: string }>("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")).rows.map((r) => r.t);
      const nonEmpty: string[] = [];
      for (const t of tables) if ((await client.query(`SELECT 1 FROM ${q(t)} LIMIT 1`)).rowCount) nonEmpty.push(t);
      assertEmpty(target, nonEmpty);
    }
  } finally {
    await client.end();
  }
}

function endsOf(db: Db, dialect: Dialect) {
  return dialect === "postgres" ? (db.$client as unknown as pg.Pool) : db.$client;
}

/** Every table's count and checksum, read inside the reader's open transaction. */
async function sumTables(reader: Reader, specs: TableSpec[]): Promise<Map<string, { rows: number; checksum: string }>> {
  const out = new Map<string, { rows: number; checksum: string }>();
  for (const spec of specs) {
    const sum = new TableChecksum(spec);
    for await (const batch of reader.batches(spec, "key")) for (const row of batch) sum.add(row);
    out.set(spec.name, { rows: sum.rows, checksum: sum.digest() });
  }
  return out;
}

async function checksums(reader: Reader, specs: TableSpec[]): Promise<Map<string, { rows: number; checksum: string }>> {
  await reader.begin();
  try {
    return await sumTables(reader, specs);
  } finally {
    await reader.end();
  }
}

/** Every table's row count and checksum of an open workbench database, read from one snapshot. */
export async function databaseChecksums(db: Db): Promise<Array<{ table: string; rows: number; checksum: string }>> {
  const dialect = dialectOf(db);
  const specs = copyOrder();
  const reader = dialect === "postgres" ? pgReader(endsOf(db, dialect) as pg.Pool) : sqliteReader(endsOf(db, dialect) as Database.Database);
  const sums = await checksums(reader, specs);
  return specs.map((s) => ({ table: s.name, ...sums.get(s.name)! }));
}

async function openEnd(target: string, role: "--from" | "--to"): Promise<Db> {
  try {
    return await openDb(target);
  } catch (e) {
    throw new InputError(redact(target), 0, role, `cannot open: ${(e as Error).message}`);
  }
}

export async function copyDatabase(opts: { from: string; to: string; onTable?: (table: string, rows: number) => void }): Promise<CopyResult> {
  const { from, to } = opts;
  if (sameTarget(from, to)) throw new InputError(redact(to), 0, "--to", "is the same database as --from");
  await precheck(from, "--from");
  await precheck(to, "--to");
  const specs = copyOrder();
  const t0 = performance.now();
  const src = await openEnd(from, "--from");
  let dst: Db | null = null;
  try {
    dst = await openEnd(to, "--to");
    const fromDialect = dialectOfTarget(from);
    const toDialect = dialectOfTarget(to);
    const reader = fromDialect === "postgres" ? pgReader(endsOf(src, fromDialect) as pg.Pool) : sqliteReader(endsOf(src, fromDialect) as Database.Database);
    const writer = toDialect === "postgres" ? pgWriter(endsOf(dst, toDialect) as pg.Pool, to) : sqliteWriter(endsOf(dst, toDialect) as Database.Database, to);

    let sourceSums: Map<string, { rows: number; checksum: string }>;
    let t1: number;
    await reader.begin();
    try {
      await writer.begin(specs);
      try {
        for (const spec of specs) {
          let copied = 0;
          try {
            for await (const batch of reader.batches(spec, "insertion")) {
              await writer.write(spec, batch);
              copied += batch.length;
            }
          } catch (e) {
            throw new Error(`copying ${spec.name} failed after ${copied} row(s), so the copy was rolled back and the destination left empty: ${(e as Error).message}`, { cause: e });
          }
          opts.onTable?.(spec.name, copied);
        }
        await writer.commit();
      } catch (e) {
        await writer.rollback().catch(() => undefined);
        throw e;
      }
      t1 = performance.now();
      // Still the snapshot the copy read: these are the checksums of exactly the rows copied.
      sourceSums = await sumTables(reader, specs);
    } finally {
      await reader.end();
    }

    const toReader = toDialect === "postgres" ? pgReader(endsOf(dst, toDialect) as pg.Pool) : sqliteReader(endsOf(dst, toDialect) as Database.Database);
    const destSums = await checksums(toReader, specs);
    const t2 = performance.now();
    const tables = specs.map((s): TableResult => {
      const a = sourceSums.get(s.name)!;
      const b = destSums.get(s.name)!;
      const match = a.rows === b.rows && a.checksum === b.checksum;
      return { table: s.name, rows: a.rows, checksum: a.checksum, match, ...(match ? {} : { to_rows: b.rows, to_checksum: b.checksum }) };
    });
    return { from: redact(from), to: redact(to), tables, ms: { copy: Math.round(t1 - t0), verify: Math.round(t2 - t1) } };
  } finally {
    if (dst) await closeDb(dst);
    await closeDb(src);
  }
}
