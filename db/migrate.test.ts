import Database from "better-sqlite3";
import { and, count, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadScoringContext } from "../bin/load/context";
import { evalSplitHash } from "../bin/load/eval-hash";
import { repoPath } from "../bin/load/files";
import { loadPack } from "../bin/load/pack";
import { toDecisionPoints } from "../lib/pack/decision-points";
import { processDialect } from "./env";
import { closeDb, dialectOf, openDb, type Db, type Tx } from "./index";
import { getDecisionDetail } from "./queries/decision";
import { currentPackVersion } from "./queries/scoring-context";
import * as schema from "./schema";
import { decisionPoints, decisionScores, episodes, runLines } from "./schema";
import { OLD_PACK, oldGolden } from "./testing/old-pack";
import { scoreRunText, storeScoredRun } from "./writes/import-run";
import { seedFromRepo } from "./writes/seed-repo";
import { makeRunText } from "./testing/runs";

// Issue 17, migration 0004: a database made by migrations 0000–0003, holding a seeded golden set and a run, is rebuilt
// with the golden set filed under a pack version, and nothing else is lost. These build old SQLite files with SQLite's
// own migrations, so they run on the SQLite pass only; PostgreSQL (issue 29) starts from its own single migration
// set, checked at the end of this file on the PostgreSQL pass.
const BEFORE = 4; // migrations 0000–0003
const onSqlite = processDialect() === "sqlite";
// Each test migrates a database and most seed one: more than the default 20 s on a busy machine.
const SLOW = 90_000;

let dir: string;
let file: string;
const opened: Db[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "assay-migrate-"));
  file = path.join(dir, "assay.db");
});
afterEach(async () => {
  for (const d of opened.splice(0)) await closeDb(d);
  rmSync(dir, { recursive: true, force: true });
});

/** A SQLite pragma's rows, read through drizzle (SQLite only: these tests build SQLite files). */
const pragma = <T = Record<string, unknown>>(db: Db, name: string): T[] => {
  expect(dialectOf(db)).toBe("sqlite");
  return db.all<T>(sql.raw(`PRAGMA ${name}`));
};
const foreignKeysOn = (db: Db) => Object.values(pragma(db, "foreign_keys")[0]!)[0];

/** A copy of db/migrations holding only the first `n` migrations. */
function firstMigrations(n: number): string {
  const out = path.join(dir, "migrations");
  mkdirSync(path.join(out, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(repoPath("db", "migrations", "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(0, n);
  writeFileSync(path.join(out, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries) copyFileSync(repoPath("db", "migrations", `${e.tag}.sql`), path.join(out, `${e.tag}.sql`));
  return out;
}

/** A database as the code before 0004 left it: pack rows, one golden set (old ids only), and one run scored against it. */
async function oldDatabase(packs: Array<{ version: string; loadedAt: string }>) {
  const sqlite = new Database(file);
  const raw = drizzle(sqlite, { schema }) as unknown as Db;
  raw.run(sql`PRAGMA foreign_keys = ON`);
  migrate(raw, { migrationsFolder: firstMigrations(BEFORE) });
  // The writer awaits its transaction (issue 29); better-sqlite3's own is synchronous, so this bare connection gets one
  // that runs BEGIN IMMEDIATE … COMMIT around the awaited callback, as openDb's does.
  const db = Object.create(raw) as Db;
  (db as unknown as { transaction: unknown }).transaction = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    raw.run(sql`BEGIN IMMEDIATE`);
    try {
      const out = await fn(db as unknown as Tx);
      raw.run(sql`COMMIT`);
      return out;
    } catch (e) {
      raw.run(sql`ROLLBACK`);
      throw e;
    }
  };
  const old = oldGolden();
  const files = loadScoringContext();
  const pack = loadPack();
  const policies = JSON.parse(readFileSync(repoPath("golden", "pack", "policies.json"), "utf8")).policies;
  const mustAsk = readFileSync(repoPath("golden", "pack", "must_ask.json"), "utf8");
  // The tables of 0000–0003 are not today's schema, so the rows go in as SQL written for that shape.
  for (const p of packs) {
    raw.run(sql`INSERT INTO pack_versions (version, policies, must_ask, eval_hash, loaded_at) VALUES (${p.version}, ${JSON.stringify(policies)}, ${mustAsk}, ${evalSplitHash(old.episodes)}, ${p.loadedAt})`);
  }
  old.episodes.forEach((e, i) => raw.run(sql`INSERT INTO episodes (id, seq, family, difficulty, split, title, traps, turns) VALUES (${e.id}, ${i + 1}, ${e.family}, ${e.difficulty}, ${e.split}, ${e.title}, ${JSON.stringify(e.traps)}, ${JSON.stringify(e.turns)})`));
  const points = toDecisionPoints(old.episodes);
  for (const p of points) {
    raw.run(
      sql`INSERT INTO decision_points (id, episode_id, position, family, difficulty, split, target, rationale, reference_reply, customer_message) VALUES (${p.decision_id}, ${p.episode_id}, ${p.index}, ${p.family}, ${p.difficulty}, ${p.split}, ${JSON.stringify(p.target)}, ${p.rationale}, ${p.reference_reply}, ${p.customer_message})`,
    );
  }
  // runs, run_lines and decision_scores keep their columns in 0004, so today's writer stores the run — once the one
  // column a later migration (0006) adds is there for its insert; it is dropped again to leave the old shape.
  const latest = packs.reduce((a, b) => (b.loadedAt > a.loadedAt ? b : a)).version;
  const ctx = { points, pack: { ...pack, version: latest }, detectors: files.detectors, evalHash: evalSplitHash(old.episodes), probeSetVersion: null };
  raw.run(sql`ALTER TABLE decision_scores ADD names_timeline integer`);
  raw.run(sql`ALTER TABLE runs ADD probe_set_version integer`); // 0007's column, likewise
  const runId = await storeScoredRun(db, { name: "old run", fileName: "old.jsonl", actor: "alice" }, scoreRunText(makeRunText(points), "old.jsonl", ctx));
  raw.run(sql`ALTER TABLE decision_scores DROP COLUMN names_timeline`);
  raw.run(sql`ALTER TABLE runs DROP COLUMN probe_set_version`);
  sqlite.close();
  return { old, runId, nEpisodes: old.episodes.length, nPoints: points.length };
}

async function open(): Promise<Db> {
  const db = await openDb(file);
  opened.push(db);
  return db;
}

const countWhere = async (db: Db, table: typeof episodes | typeof decisionPoints, version: string) => (await db.select({ n: count() }).from(table).where(eq(table.packVersion, version)))[0]!.n;

describe.runIf(onSqlite)("migration 0004 files the stored golden set under a pack version", () => {
  it("a database seeded under one pack: its episodes, decision points and run come through under that version", async () => {
    const { old, runId, nEpisodes, nPoints } = await oldDatabase([{ version: OLD_PACK, loadedAt: "2026-01-01T00:00:00.000Z" }]);
    const db = await open();
    expect(foreignKeysOn(db)).toBe(1);
    expect(pragma(db, "foreign_key_check")).toEqual([]);
    expect(await db.select({ v: episodes.packVersion, n: count() }).from(episodes).groupBy(episodes.packVersion)).toEqual([{ v: OLD_PACK, n: nEpisodes }]);
    expect(await db.select({ v: decisionPoints.packVersion, n: count() }).from(decisionPoints).groupBy(decisionPoints.packVersion)).toEqual([{ v: OLD_PACK, n: nPoints }]);
    // The rebuilt run_lines must not have cascaded into decision_scores.
    expect((await db.select({ n: count() }).from(runLines).where(eq(runLines.runId, runId)))[0]!.n).toBe(nPoints);
    expect((await db.select({ n: count() }).from(decisionScores).where(eq(decisionScores.runId, runId)))[0]!.n).toBe(nPoints);
    const lineNo = (await db.select({ lineNo: runLines.lineNo }).from(runLines).where(and(eq(runLines.runId, runId), eq(runLines.decisionId, old.decisionId))).orderBy(runLines.lineNo).limit(1))[0]!.lineNo;
    expect((await getDecisionDetail(db, runId, lineNo))!.point.target).toEqual(old.oldTarget);

    // Seeding today's golden/ afterwards adds the current version beside it; the old run still reads its own targets.
    await seedFromRepo(db, { exampleRuns: false });
    const current = loadPack().version;
    expect(await currentPackVersion(db)).toBe(current);
    expect([await countWhere(db, episodes, OLD_PACK), await countWhere(db, episodes, current)]).toEqual([nEpisodes, nEpisodes]);
    const d = (await getDecisionDetail(db, runId, lineNo))!;
    expect([d.run.packVersion, d.point.target]).toEqual([OLD_PACK, old.oldTarget]);
  }, SLOW);

  it("with several pack rows, every one of them — the latest by loaded_at included — gets the set its runs were scored against", async () => {
    const { nEpisodes, nPoints } = await oldDatabase([
      { version: "1.3", loadedAt: "2025-06-01T00:00:00.000Z" },
      { version: OLD_PACK, loadedAt: "2026-01-01T00:00:00.000Z" },
    ]);
    const db = await open();
    expect(pragma(db, "foreign_key_check")).toEqual([]);
    expect(await currentPackVersion(db)).toBe(OLD_PACK);
    expect([await countWhere(db, episodes, "1.3"), await countWhere(db, episodes, OLD_PACK)]).toEqual([nEpisodes, nEpisodes]);
    expect([await countWhere(db, decisionPoints, "1.3"), await countWhere(db, decisionPoints, OLD_PACK)]).toEqual([nPoints, nPoints]);
  }, SLOW);

  it("opening an up-to-date database again applies nothing and keeps foreign keys on", async () => {
    await oldDatabase([{ version: OLD_PACK, loadedAt: "2026-01-01T00:00:00.000Z" }]);
    await closeDb(await open());
    const db = await open();
    expect(foreignKeysOn(db)).toBe(1);
    expect(await countWhere(db, episodes, OLD_PACK)).toBeGreaterThan(0);
  }, SLOW);
});

describe.runIf(onSqlite)("migration 0007 (issue 26): runs scored before probe-set versions keep no version", () => {
  it("an old run records no probe-set version; db:setup then releases version 1 and the next import records it", async () => {
    const { runId } = await oldDatabase([{ version: OLD_PACK, loadedAt: "2026-01-01T00:00:00.000Z" }]);
    const db = await open();
    expect(await db.select().from(schema.probeSetVersions)).toEqual([]);
    expect(await db.select({ v: schema.runs.probeSetVersion }).from(schema.runs).where(eq(schema.runs.id, runId))).toEqual([{ v: null }]);
    const s = await seedFromRepo(db, { exampleRuns: true });
    expect(s.probeSetReleased).toBe(1);
    expect(await db.select({ v: schema.runs.probeSetVersion }).from(schema.runs).where(eq(schema.runs.id, runId))).toEqual([{ v: null }]);
    // The example runs db:setup imports afterwards are scored under version 1 and say so.
    const examples = await db.select({ v: schema.runs.probeSetVersion }).from(schema.runs).where(eq(schema.runs.example, true));
    expect(examples.length).toBeGreaterThan(0);
    expect(new Set(examples.map((e) => e.v))).toEqual(new Set([1]));
    expect((await seedFromRepo(db, { exampleRuns: false })).probeSetReleased).toBeNull();
  }, SLOW);
});

// Issue 29: PostgreSQL has one migration set of its own (db/migrations-pg). openDb applies it to an empty database,
// once, even when two instances open it at the same moment, and opening again applies nothing.
describe.runIf(!onSqlite)("PostgreSQL migrations under openDb", () => {
  const name = `assay_migrate_${process.pid}_${Date.now().toString(36)}`;
  const admin = () => new pg.Client({ connectionString: process.env.DATABASE_URL! });
  const url = () => {
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const journal = JSON.parse(readFileSync(repoPath("db", "migrations-pg", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  beforeEach(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
  });
  afterEach(async () => {
    for (const d of opened.splice(0)) await closeDb(d);
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const openPg = async () => {
    const db = await openDb(url());
    opened.push(db);
    return db;
  };
  const applied = async (db: Db) => (await (db as unknown as { execute: (q: unknown) => Promise<{ rows: Array<{ n: number }> }> }).execute(sql`select cast(count(*) as integer) as n from drizzle.__drizzle_migrations`)).rows[0]!.n;

  it("an empty database gets every migration once, with its foreign keys, and db:setup then works on it", async () => {
    const [a, b] = await Promise.all([openPg(), openPg()]);
    expect(dialectOf(a)).toBe("postgres");
    expect(await applied(a)).toBe(journal.entries.length);
    const fks = await (b as unknown as { execute: (q: unknown) => Promise<{ rows: Array<{ n: number }> }> }).execute(sql`select cast(count(*) as integer) as n from information_schema.table_constraints where constraint_type = 'FOREIGN KEY' and table_schema = 'public'`);
    expect(fks.rows[0]!.n).toBeGreaterThan(0);
    expect(await a.select().from(schema.probeSetVersions)).toEqual([]);
    const s = await seedFromRepo(a, { exampleRuns: true });
    expect(s.probeSetReleased).toBe(1);
    const examples = await a.select({ v: schema.runs.probeSetVersion }).from(schema.runs).where(eq(schema.runs.example, true));
    expect(examples.length).toBeGreaterThan(0);
    expect(new Set(examples.map((e) => e.v))).toEqual(new Set([1]));
    expect((await seedFromRepo(b, { exampleRuns: false })).probeSetReleased).toBeNull();
  }, SLOW);

  it("opening an up-to-date database again applies nothing and keeps its data", async () => {
    const first = await openPg();
    await seedFromRepo(first, { exampleRuns: false });
    await closeDb(opened.pop()!);
    const db = await openPg();
    expect(await applied(db)).toBe(journal.entries.length);
    expect(await currentPackVersion(db)).toBe(loadPack().version);
    expect(await countWhere(db, episodes, loadPack().version)).toBeGreaterThan(0);
  }, SLOW);
});
