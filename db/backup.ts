import { existsSync, linkSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { InputError } from "../lib/io/input-error";
import { dialectOfTarget } from "./env";

export type BackupResult = { from: string; out: string; bytes: number; integrity: string; tables: Array<{ table: string; rows: number; copy_rows: number; match: boolean }>; ms: number };

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * `assay db backup` (issue 29): a consistent online copy of a SQLite workbench file while the workbench may be writing.
 *
 * The source is opened as it is (no migration: a backup is the file as it stands) and a read transaction is opened on
 * it first; the per-table row counts and SQLite's online backup API (better-sqlite3 `db.backup`) then both read that
 * one snapshot, so the counts are exactly what the copy must hold, and rows another connection has not committed are
 * in neither. The copy is written under a temporary name next to --out, switched to rollback journal (one
 * self-contained file), checked with `pragma integrity_check` and its counts compared; only then is it linked to --out,
 * which fails rather than overwrite a file that appeared meanwhile. PostgreSQL is pg_dump's job (docs/DEPLOY.md).
 */
export async function backupSqlite(opts: { from: string; out: string }): Promise<BackupResult> {
  const { from, out } = opts;
  if (dialectOfTarget(from) === "postgres") throw new InputError(from, 0, "--from", "is a PostgreSQL URL: back PostgreSQL up with pg_dump (see docs/DEPLOY.md)");
  if (existsSync(out)) throw new InputError(out, 0, "--out", "already exists; a backup never overwrites a file (choose another name)");
  if (!existsSync(from) || !statSync(from).isFile()) throw new InputError(from, 0, "--from", "no such SQLite file");
  if (path.resolve(from) === path.resolve(out)) throw new InputError(out, 0, "--out", "is the source file");
  const t0 = performance.now();
  let src: Database.Database;
  try {
    src = new Database(from, { fileMustExist: true });
    src.pragma("busy_timeout = 5000");
  } catch (e) {
    throw new InputError(from, 0, "--from", `cannot open as SQLite: ${(e as Error).message}`);
  }
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  const tmp = `${out}.partial-${process.pid}`;
  const cleanTmp = () => {
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`, `${tmp}-journal`]) rmSync(f, { force: true });
  };
  try {
    let counts: Array<{ table: string; rows: number }>;
    src.exec("BEGIN");
    try {
      let tables: string[];
      try {
        tables = src.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
      } catch (e) {
        throw new InputError(from, 0, "--from", `not a readable SQLite database: ${(e as Error).message}`);
      }
      counts = tables.map((t) => ({ table: t, rows: (src.prepare(`SELECT count(*) FROM ${q(t)}`).pluck().get() as number) }));
      await src.backup(tmp);
    } finally {
      if (src.inTransaction) src.exec("COMMIT");
    }

    const copy = new Database(tmp, { fileMustExist: true });
    let integrity: string;
    let tables: BackupResult["tables"];
    try {
      copy.pragma("journal_mode = DELETE");
      integrity = (copy.pragma("integrity_check") as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join("; ");
      tables = counts.map((c) => {
        const copyRows = copy.prepare(`SELECT count(*) FROM ${q(c.table)}`).pluck().get() as number;
        return { table: c.table, rows: c.rows, copy_rows: copyRows, match: copyRows === c.rows };
      });
    } finally {
      copy.close();
    }
    if (integrity !== "ok" || tables.some((t) => !t.match)) {
      const bad = tables.filter((t) => !t.match).map((t) => `${t.table} ${t.rows}→${t.copy_rows}`);
      throw new Error(`the copy failed its check (integrity_check: ${integrity}${bad.length ? `; row counts differ: ${bad.join(", ")}` : ""}); nothing was written to ${out}`);
    }
    try {
      linkSync(tmp, out); // fails with EEXIST instead of replacing a file created since the check above
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") throw new InputError(out, 0, "--out", "already exists; a backup never overwrites a file");
      throw e;
    }
    return { from, out, bytes: statSync(out).size, integrity, tables, ms: Math.round(performance.now() - t0) };
  } finally {
    src.close();
    cleanTmp();
  }
}
