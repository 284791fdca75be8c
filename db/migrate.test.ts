import Database from "better-sqlite3";
import { and, count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadScoringContext } from "../bin/load/context";
import { evalSplitHash } from "../bin/load/eval-hash";
import { repoPath } from "../bin/load/files";
import { loadPack } from "../bin/load/pack";
import { toDecisionPoints } from "../lib/pack/decision-points";
import { openDb, type Db } from "./index";
import { getDecisionDetail } from "./queries/decision";
import { currentPackVersion } from "./queries/scoring-context";
import * as schema from "./schema";
import { decisionPoints, decisionScores, episodes, runLines } from "./schema";
import { OLD_PACK, oldGolden } from "./testing/old-pack";
import { scoreRunText, storeScoredRun } from "./writes/import-run";
import { seedFromRepo } from "./writes/seed-repo";
import { makeRunText } from "./testing/runs";

// Issue 17, migration 0004: a database made by migrations 0000–0003, holding a seeded golden set and a run, is rebuilt
// with the golden set filed under a pack version, and nothing else is lost.
const BEFORE = 4; // migrations 0000–0003

let dir: string;
let file: string;
const opened: Db[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "assay-migrate-"));
  file = path.join(dir, "assay.db");
});
afterEach(() => {
  for (const d of opened.splice(0)) if (d.$client.open) d.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

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
function oldDatabase(packs: Array<{ version: string; loadedAt: string }>) {
  const sqlite = new Database(file);
  sqlite.pragma("foreign_keys = ON");
  const db = drizzle(sqlite, { schema }) as unknown as Db;
  migrate(db, { migrationsFolder: firstMigrations(BEFORE) });
  const old = oldGolden();
  const files = loadScoringContext();
  const pack = loadPack();
  const policies = JSON.parse(readFileSync(repoPath("golden", "pack", "policies.json"), "utf8")).policies;
  const mustAsk = readFileSync(repoPath("golden", "pack", "must_ask.json"), "utf8");
  for (const p of packs) {
    sqlite.prepare("INSERT INTO pack_versions (version, policies, must_ask, eval_hash, loaded_at) VALUES (?, ?, ?, ?, ?)").run(p.version, JSON.stringify(policies), mustAsk, evalSplitHash(old.episodes), p.loadedAt);
  }
  const insEp = sqlite.prepare("INSERT INTO episodes (id, seq, family, difficulty, split, title, traps, turns) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  old.episodes.forEach((e, i) => insEp.run(e.id, i + 1, e.family, e.difficulty, e.split, e.title, JSON.stringify(e.traps), JSON.stringify(e.turns)));
  const points = toDecisionPoints(old.episodes);
  const insDp = sqlite.prepare("INSERT INTO decision_points (id, episode_id, position, family, difficulty, split, target, rationale, reference_reply, customer_message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const p of points) insDp.run(p.decision_id, p.episode_id, p.index, p.family, p.difficulty, p.split, JSON.stringify(p.target), p.rationale, p.reference_reply, p.customer_message);
  // runs, run_lines and decision_scores keep their columns in 0004, so today's writer stores the run — once the one
  // column a later migration (0006) adds is there for its insert; it is dropped again to leave the old shape.
  const latest = packs.reduce((a, b) => (b.loadedAt > a.loadedAt ? b : a)).version;
  const ctx = { points, pack: { ...pack, version: latest }, detectors: files.detectors, evalHash: evalSplitHash(old.episodes), probeSetVersion: null };
  sqlite.exec("ALTER TABLE decision_scores ADD names_timeline integer");
  sqlite.exec("ALTER TABLE runs ADD probe_set_version integer"); // 0007's column, likewise
  const runId = storeScoredRun(db, { name: "old run", fileName: "old.jsonl", actor: "alice" }, scoreRunText(makeRunText(points), "old.jsonl", ctx));
  sqlite.exec("ALTER TABLE decision_scores DROP COLUMN names_timeline");
  sqlite.exec("ALTER TABLE runs DROP COLUMN probe_set_version");
  sqlite.close();
  return { old, runId, nEpisodes: old.episodes.length, nPoints: points.length };
}

function open(): Db {
  const db = openDb(file);
  opened.push(db);
  return db;
}

const countWhere = (db: Db, table: typeof episodes | typeof decisionPoints, version: string) => db.select({ n: count() }).from(table).where(eq(table.packVersion, version)).get()!.n;

describe("migration 0004 files the stored golden set under a pack version", () => {
  it("a database seeded under one pack: its episodes, decision points and run come through under that version", () => {
    const { old, runId, nEpisodes, nPoints } = oldDatabase([{ version: OLD_PACK, loadedAt: "2026-01-01T00:00:00.000Z" }]);
    const db = open();
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(db.$client.pragma("foreign_key_check")).toEqual([]);
    expect(db.select({ v: episodes.packVersion, n: count() }).from(episodes).groupBy(episodes.packVersion).all()).toEqual([{ v: OLD_PACK, n: nEpisodes }]);
    expect(db.select({ v: decisionPoints.packVersion, n: count() }).from(decisionPoints).groupBy(decisionPoints.packVersion).all()).toEqual([{ v: OLD_PACK, n: nPoints }]);
    // The rebuilt run_lines must not have cascaded into decision_scores.
    expect(db.select({ n: count() }).from(runLines).where(eq(runLines.runId, runId)).get()!.n).toBe(nPoints);
    expect(db.select({ n: count() }).from(decisionScores).where(eq(decisionScores.runId, runId)).get()!.n).toBe(nPoints);
    const lineNo = db.select({ lineNo: runLines.lineNo }).from(runLines).where(and(eq(runLines.runId, runId), eq(runLines.decisionId, old.decisionId))).get()!.lineNo;
    expect(getDecisionDetail(db, runId, lineNo)!.point.target).toEqual(old.oldTarget);

    // Seeding today's golden/ afterwards adds the current version beside it; the old run still reads its own targets.
    seedFromRepo(db, { exampleRuns: false });
    const current = loadPack().version;
    expect(currentPackVersion(db)).toBe(current);
    expect([countWhere(db, episodes, OLD_PACK), countWhere(db, episodes, current)]).toEqual([nEpisodes, nEpisodes]);
    const d = getDecisionDetail(db, runId, lineNo)!;
    expect([d.run.packVersion, d.point.target]).toEqual([OLD_PACK, old.oldTarget]);
  });

  it("with several pack rows, every one of them — the latest by loaded_at included — gets the set its runs were scored against", () => {
    const { nEpisodes, nPoints } = oldDatabase([
      { version: "1.3", loadedAt: "2025-06-01T00:00:00.000Z" },
      { version: OLD_PACK, loadedAt: "2026-01-01T00:00:00.000Z" },
    ]);
    const db = open();
    expect(db.$client.pragma("foreign_key_check")).toEqual([]);
    expect(currentPackVersion(db)).toBe(OLD_PACK);
    expect([countWhere(db, episodes, "1.3"), countWhere(db, episodes, OLD_PACK)]).toEqual([nEpisodes, nEpisodes]);
    expect([countWhere(db, decisionPoints, "1.3"), countWhere(db, decisionPoints, OLD_PACK)]).toEqual([nPoints, nPoints]);
  });

  it("opening an up-to-date database again applies nothing and keeps foreign keys on", () => {
    oldDatabase([{ version: OLD_PACK, loadedAt: "2026-01-01T00:00:00.000Z" }]);
    open().$client.close();
    const db = open();
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(countWhere(db, episodes, OLD_PACK)).toBeGreaterThan(0);
  });
});

describe("migration 0007 (issue 26): runs scored before probe-set versions keep no version", () => {
  it("an old run records no probe-set version; db:setup then releases version 1 and the next import records it", () => {
    const { runId } = oldDatabase([{ version: OLD_PACK, loadedAt: "2026-01-01T00:00:00.000Z" }]);
    const db = open();
    expect(db.select().from(schema.probeSetVersions).all()).toEqual([]);
    expect(db.select({ v: schema.runs.probeSetVersion }).from(schema.runs).where(eq(schema.runs.id, runId)).get()).toEqual({ v: null });
    const s = seedFromRepo(db, { exampleRuns: true });
    expect(s.probeSetReleased).toBe(1);
    expect(db.select({ v: schema.runs.probeSetVersion }).from(schema.runs).where(eq(schema.runs.id, runId)).get()).toEqual({ v: null });
    // The example runs db:setup imports afterwards are scored under version 1 and say so.
    const examples = db.select({ v: schema.runs.probeSetVersion }).from(schema.runs).where(eq(schema.runs.example, true)).all();
    expect(examples.length).toBeGreaterThan(0);
    expect(new Set(examples.map((e) => e.v))).toEqual(new Set([1]));
    expect(seedFromRepo(db, { exampleRuns: false }).probeSetReleased).toBeNull();
  });
});
