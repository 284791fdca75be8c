import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { Column, getTableName, is, SQL } from "drizzle-orm";
import { getTableConfig as pgConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as pg from "./schema.pg";

/**
 * db/schema.pg.ts must mirror the SQLite schema: same tables under the same export names, same columns in the same
 * order, keys, foreign keys, indexes, uniques and checks, with column kinds mapped so a query returns the same JS
 * values on both dialects. The SQLite module is db/schema.sqlite.ts once db/schema.ts becomes the dialect switch.
 */
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
// A variable specifier, so tsc does not require a file that may not exist yet.
const sqlitePath = existsSync(here("./schema.sqlite.ts")) ? "./schema.sqlite" : "./schema";
let sqlite: Record<string, unknown>;
beforeAll(async () => {
  sqlite = (await import(/* @vite-ignore */ sqlitePath)) as Record<string, unknown>;
});

/** The dialect-neutral kind of a column; anything outside the agreed mapping comes out as "unmapped:<type>" and fails. */
const SQLITE_KINDS: Record<string, string> = { SQLiteText: "text", SQLiteTextJson: "json", SQLiteBoolean: "boolean", SQLiteInteger: "integer", SQLiteReal: "float" };
const PG_KINDS: Record<string, string> = { PgText: "text", PgJson: "json", PgBoolean: "boolean", PgInteger: "integer", PgDoublePrecision: "float" };

type Shape = {
  sqlName: string;
  columns: Array<{ name: string; kind: string; notNull: boolean; enumValues: string[] | null; explicitDefault: string | null; generatedId: boolean; unique: string | null }>;
  primaryKeys: string[][];
  foreignKeys: Array<{ name: string; columns: string[]; foreignTable: string; foreignColumns: string[]; onDelete: string; onUpdate: string }>;
  indexes: Array<{ name: string; columns: string[]; unique: boolean; partial: boolean }>;
  uniques: Array<{ name: string; columns: string[] }>;
  checks: string[];
};

const names = (cols: unknown[]) => cols.map((c) => (is(c, Column) ? c.name : is(c, SQL) ? "<expression>" : String((c as { name?: string }).name)));
const byName = <T extends { name: string }>(xs: T[]) => [...xs].sort((a, b) => a.name.localeCompare(b.name));
const defaultOf = (c: Column) => (c.default !== undefined ? (is(c.default, SQL) ? "<sql>" : JSON.stringify(c.default)) : c.defaultFn || c.onUpdateFn ? "<fn>" : null);

function sqliteShape(t: SQLiteTable): Shape {
  const c = sqliteConfig(t);
  return {
    sqlName: c.name,
    columns: c.columns.map((col) => ({
      name: col.name,
      kind: SQLITE_KINDS[col.columnType] ?? `unmapped:${col.columnType}`,
      notNull: col.notNull,
      enumValues: col.enumValues ?? null,
      explicitDefault: defaultOf(col),
      // AUTOINCREMENT ↔ identity. A bare INTEGER PRIMARY KEY is a rowid alias with an implicit default (drizzle marks it
      // hasDefault); Postgres has no such thing, so those columns (probe_set_versions.version, decision_scores.line_id)
      // are compared as having no default, and the app always inserts them explicitly.
      generatedId: (col as { autoIncrement?: boolean }).autoIncrement === true,
      unique: col.isUnique ? (col.uniqueName ?? "") : null,
    })),
    primaryKeys: [...c.columns.filter((col) => col.primary).map((col) => [col.name]), ...c.primaryKeys.map((pk) => names(pk.columns))],
    foreignKeys: byName(
      c.foreignKeys.map((fk) => {
        const r = fk.reference();
        return { name: fk.getName(), columns: names(r.columns), foreignTable: getTableName(r.foreignTable), foreignColumns: names(r.foreignColumns), onDelete: fk.onDelete ?? "no action", onUpdate: fk.onUpdate ?? "no action" };
      }),
    ),
    indexes: byName(c.indexes.map((i) => ({ name: i.config.name, columns: names(i.config.columns), unique: i.config.unique, partial: i.config.where !== undefined }))),
    uniques: byName(c.uniqueConstraints.map((u) => ({ name: u.name ?? "", columns: names(u.columns) }))),
    checks: c.checks.map((k) => k.name).sort(),
  };
}

function pgShape(t: PgTable): Shape {
  const c = pgConfig(t);
  return {
    sqlName: c.name,
    columns: c.columns.map((col) => ({
      name: col.name,
      kind: PG_KINDS[col.columnType] ?? `unmapped:${col.columnType}`,
      notNull: col.notNull,
      enumValues: col.enumValues ?? null,
      explicitDefault: defaultOf(col),
      // BY DEFAULT only: a copy from SQLite inserts explicit ids; ALWAYS would refuse them.
      generatedId: col.generatedIdentity?.type === "byDefault",
      unique: col.isUnique ? (col.uniqueName ?? "") : null,
    })),
    primaryKeys: [...c.columns.filter((col) => col.primary).map((col) => [col.name]), ...c.primaryKeys.map((pk) => names(pk.columns))],
    foreignKeys: byName(
      c.foreignKeys.map((fk) => {
        const r = fk.reference();
        return { name: fk.getName(), columns: names(r.columns), foreignTable: getTableName(r.foreignTable), foreignColumns: names(r.foreignColumns), onDelete: fk.onDelete ?? "no action", onUpdate: fk.onUpdate ?? "no action" };
      }),
    ),
    indexes: byName(c.indexes.map((i) => ({ name: i.config.name ?? "", columns: names(i.config.columns), unique: i.config.unique, partial: i.config.where !== undefined }))),
    uniques: byName(c.uniqueConstraints.map((u) => ({ name: u.name ?? "", columns: names(u.columns) }))),
    checks: c.checks.map((k) => k.name).sort(),
  };
}

/** Constraint and index names: Postgres silently truncates identifiers past 63 bytes, and drizzle-kit would then see drift. */
function pgIdentifiers(t: PgTable): string[] {
  const c = pgConfig(t);
  return [...c.foreignKeys.map((fk) => fk.getName()), ...c.indexes.map((i) => i.config.name ?? ""), ...c.primaryKeys.map((pk) => pk.getName()), ...c.uniqueConstraints.map((u) => u.name ?? ""), ...c.checks.map((k) => k.name)];
}

const tablesOf = <T>(mod: Record<string, unknown>, kind: new (...args: never[]) => T) =>
  Object.fromEntries(Object.entries(mod).filter(([, v]) => is(v, kind as never))) as Record<string, T>;

describe("db/schema.pg.ts mirrors the SQLite schema", () => {
  it("exports the same tables under the same names", () => {
    const s = tablesOf(sqlite, SQLiteTable);
    const p = tablesOf(pg, PgTable);
    expect(Object.keys(s).length).toBeGreaterThan(0);
    expect(Object.keys(p).sort()).toEqual(Object.keys(s).sort());
    expect(Object.fromEntries(Object.entries(p).map(([k, t]) => [k, getTableName(t)]))).toEqual(Object.fromEntries(Object.entries(s).map(([k, t]) => [k, getTableName(t)])));
  });

  it("matches table by table: columns, keys, foreign keys, indexes, uniques, checks", () => {
    const s = tablesOf(sqlite, SQLiteTable);
    const p = tablesOf(pg, PgTable);
    const shared = Object.keys(s).filter((k) => k in p);
    expect(shared.length).toBe(Object.keys(s).length);
    for (const key of shared) {
      const want = sqliteShape(s[key]!);
      expect(pgShape(p[key]!), `table ${key} (${want.sqlName})`).toEqual(want);
      for (const id of pgIdentifiers(p[key]!)) expect(Buffer.byteLength(id), `${want.sqlName}: identifier ${id} is over Postgres's 63 bytes`).toBeLessThanOrEqual(63);
    }
  });
});

describe("db/migrations-pg", () => {
  const dir = here("./migrations-pg");
  const sqlFiles = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sql")).sort() : [];

  it("holds at least one migration, each listed in the journal", () => {
    expect(sqlFiles.length).toBeGreaterThanOrEqual(1);
    const journal = JSON.parse(readFileSync(here("./migrations-pg/meta/_journal.json"), "utf8")) as { dialect: string; entries: Array<{ idx: number; tag: string }> };
    expect(journal.dialect).toBe("postgresql");
    expect(journal.entries.map((e) => `${e.tag}.sql`).sort()).toEqual(sqlFiles);
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
  });

  it("is not behind schema.pg.ts: the latest snapshot has every table, column, index and foreign key", () => {
    const snaps = readdirSync(here("./migrations-pg/meta")).filter((f) => /^\d{4}_snapshot\.json$/.test(f)).sort();
    expect(snaps.length).toBe(sqlFiles.length);
    const snap = JSON.parse(readFileSync(here(`./migrations-pg/meta/${snaps.at(-1)}`), "utf8")) as {
      tables: Record<string, { name: string; columns: Record<string, unknown>; indexes: Record<string, unknown>; foreignKeys: Record<string, unknown> }>;
    };
    const inSnapshot = Object.fromEntries(
      Object.values(snap.tables).map((t) => [t.name, { columns: Object.keys(t.columns), indexes: Object.keys(t.indexes).sort(), foreignKeys: Object.keys(t.foreignKeys).sort() }]),
    );
    const inSchema = Object.fromEntries(
      Object.values(tablesOf(pg, PgTable)).map((t) => {
        const c = pgConfig(t);
        return [c.name, { columns: c.columns.map((col) => col.name), indexes: c.indexes.map((i) => i.config.name ?? "").sort(), foreignKeys: c.foreignKeys.map((fk) => fk.getName()).sort() }];
      }),
    );
    // Run `npx drizzle-kit generate --config drizzle.pg.config.ts` after changing db/schema.pg.ts.
    expect(inSnapshot).toEqual(inSchema);
  });
});
