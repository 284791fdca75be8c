import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { repoPath } from "../../bin/load/files";
import { closeDb, openDb, type Db } from "../index";
import { processDialect } from "../env";
import { makePool, migratePostgres } from "../postgres";

/**
 * A fresh, migrated database for one test: a SQLite file in a temporary folder, or (when DATABASE_URL is set, the
 * suite's PostgreSQL pass) a new database cloned from a migrated template on that server. `target` is what a child
 * process is given (`env`: ASSAY_DB or DATABASE_URL); `dir` is a temporary folder for files either way.
 */
export type TempDb = { db: Db; target: string; env: Record<string, string>; dir: string; open: () => Promise<Db>; cleanup: () => Promise<void> };

/**
 * `seeded`: a copy of the run's template seeded from the repository (db/testing/global-setup.ts) — "pack" is what
 * `seedFromRepo(db, { exampleRuns: false })` leaves, "demo" what `seedFromRepo(db)` leaves — instead of an empty one.
 */
export async function makeTempDb(opts: { seeded?: "pack" | "demo" } = {}): Promise<TempDb> {
  const dir = mkdtempSync(path.join(tmpdir(), "assay-db-"));
  const template = opts.seeded ? await seededTemplate(opts.seeded) : undefined;
  let target: string;
  if (processDialect() === "postgres") target = await createPgDatabase(undefined, template && new URL(template).pathname.slice(1));
  else {
    target = path.join(dir, "assay.db");
    if (template) copyFileSync(template, target);
  }
  const db = await openDb(target);
  const extra: Db[] = [];
  const isPg = target.startsWith("postgres");
  return {
    db,
    target,
    env: isPg ? { DATABASE_URL: target } : { ASSAY_DB: target },
    dir,
    open: async () => {
      const d = await openDb(target);
      extra.push(d);
      return d;
    },
    cleanup: async () => {
      for (const d of [db, ...extra]) await closeDb(d);
      if (isPg) await dropPgDatabase(target);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The template's name carries a hash of the migrations, so a new migration makes a new template. */
function templateName(): string {
  const folder = repoPath("db", "migrations-pg");
  const h = createHash("sha256");
  for (const f of readdirSync(folder).filter((n) => n.endsWith(".sql")).sort()) h.update(f).update(readFileSync(path.join(folder, f)));
  return `assay_tpl_${h.digest("hex").slice(0, 12)}`;
}

async function seededTemplate(kind: "pack" | "demo"): Promise<string> {
  // vitest is imported only here: benches and scripts use makeTempDb() unseeded, outside a test run.
  const { inject } = await import("vitest");
  const t = inject("seededTemplates");
  if (!t?.[kind]) throw new Error("makeTempDb({ seeded }) needs the test run's globalSetup (db/testing/global-setup.ts)");
  return t[kind];
}

let counter = 0;
/** A new database on the DATABASE_URL server, cloned from `from` (default: the migrated, empty template). */
export async function createPgDatabase(name?: string, from?: string): Promise<string> {
  const admin = new URL(process.env.DATABASE_URL!);
  const tpl = templateName();
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    // Test files run in parallel workers: one of them builds the template, the others wait on the same lock.
    await client.query("select pg_advisory_lock(hashtext($1))", [tpl]);
    try {
      const has = await client.query("select 1 from pg_database where datname = $1", [tpl]);
      if (!has.rowCount) {
        // Built under another name and renamed when whole, so a run killed mid-migration leaves no broken template.
        const building = `${tpl}_building`;
        await client.query(`drop database if exists ${building} with (force)`);
        await client.query(`create database ${building}`);
        const pool = makePool(withDatabase(admin, building), 1);
        try {
          await migratePostgres(pool);
        } finally {
          await pool.end();
        }
        await client.query(`alter database ${building} rename to ${tpl}`);
      }
    } finally {
      await client.query("select pg_advisory_unlock(hashtext($1))", [tpl]);
    }
    const db = name ?? `assay_t_${process.pid}_${Date.now().toString(36)}_${++counter}`;
    await client.query(`create database ${db} template ${from ?? tpl}`);
    return withDatabase(admin, db);
  } finally {
    await client.end();
  }
}

export async function dropPgDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

function withDatabase(url: URL, name: string): string {
  const u = new URL(url.toString());
  u.pathname = `/${name}`;
  return u.toString();
}
