// Import on both dialects (issue 29, item 5): a 100,000-decision run stored in one transaction through the app's own
// storeScoredRun, on SQLite and on PostgreSQL (where it goes by COPY FROM STDIN, no statement near the 65,535-parameter limit),
// PostgreSQL at most 1.5× the SQLite time; and a failed import leaves nothing on either.
// Standalone: `npx tsx bench/import-dialects.bench.ts` (also run by `npm run bench`, alone by `npm run bench -- import-dialects`).
//
// db/schema.ts picks its tables by the process's DATABASE_URL when it is first imported, so one process cannot use both
// dialects through the data layer: this file runs itself twice as a child, `--dialect sqlite` (DATABASE_URL unset) and
// `--dialect postgres` (DATABASE_URL naming a scratch database made here on the server of scripts/ensure-postgres.sh,
// dropped at the end). Each child seeds a fresh database, scores the run once (lib/ work, timed apart), stores it twice
// under fresh names (best of 2), checks each stored run holds every line, then stores a copy whose last decision score
// breaks a NOT NULL column (the very last insert of the transaction) and checks the counts did not move. It prints one
// JSON line; the parent prints both figures and the ratio, and exits non-zero when a check failed.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

type Dialect = "sqlite" | "postgres";
type Counts = { runs: number; runLines: number; decisionScores: number; auditLog: number };
/** What a child reports. */
type ChildResult = {
  dialect: Dialect;
  decisions: number;
  seedMs: number;
  scoreMs: number;
  storeMs: number[];
  /** Per store: the run's rows counted back from the database (run_lines, decision_scores) and its n_lines. */
  stored: Array<{ runLines: number; decisionScores: number; nLines: number }>;
  failure: { rejected: boolean; atDatabase: boolean; error: string; before: Counts; after: Counts };
};

const TARGET = Number(process.env.BENCH_DECISIONS ?? 100_000);
const RATIO_TARGET = 1.5;
const SELF = fileURLToPath(import.meta.url);
const REPO = path.resolve(path.dirname(SELF), "..");
const dialectArg = process.argv.indexOf("--dialect");

if (dialectArg === -1) await parent();
else await child(process.argv[dialectArg + 1] as Dialect);

// ---------------------------------------------------------------------------------------------------------------------

async function parent(): Promise<void> {
  const { default: pg } = await import("pg");
  const n = (x: number) => Math.round(x).toLocaleString("en-US");
  const load = () => {
    try {
      return /load averages?:\s*(.*)$/.exec(execFileSync("uptime", { encoding: "utf8" }).trim())?.[1] ?? loadavg().map((x) => x.toFixed(2)).join(", ");
    } catch {
      return loadavg().map((x) => x.toFixed(2)).join(", ");
    }
  };

  // The PostgreSQL server: the throwaway cluster of scripts/ensure-postgres.sh (started if need be), or BENCH_PG_URL.
  const serverUrl =
    process.env.BENCH_PG_URL ??
    (() => {
      const last = execFileSync("bash", [path.join(REPO, "scripts", "ensure-postgres.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim().split("\n").pop() ?? "";
      const m = /^DATABASE_URL=(postgres(?:ql)?:\/\/\S+)$/.exec(last);
      if (!m) throw new Error(`scripts/ensure-postgres.sh did not end with DATABASE_URL=…: '${last}'`);
      return m[1]!;
    })();
  const scratch = `assay_bench_${process.pid}_${Date.now().toString(36)}`;
  const scratchUrl = new URL(serverUrl);
  scratchUrl.pathname = `/${scratch}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  const run = (dialect: Dialect, env: NodeJS.ProcessEnv): ChildResult | null => {
    const r = spawnSync(process.execPath, ["--import", "tsx", SELF, "--dialect", dialect], { cwd: REPO, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 16 * 1024 * 1024 });
    const line = (r.stdout ?? "").trim().split("\n").filter((l) => l.startsWith("{")).pop();
    if (r.status !== 0 || !line) {
      console.log(`import-dialects: the ${dialect} child failed (exit ${r.status ?? r.signal}); its output:\n${r.stdout ?? ""}`);
      return null;
    }
    return JSON.parse(line) as ChildResult;
  };

  const loads: string[] = [`before ${load()}`];
  const sqliteEnv = { ...process.env };
  delete sqliteEnv.DATABASE_URL;
  const lite = run("sqlite", sqliteEnv);
  loads.push(`after SQLite ${load()}`);
  let pgr: ChildResult | null = null;
  await admin(`create database "${scratch}"`);
  try {
    pgr = run("postgres", { ...process.env, DATABASE_URL: scratchUrl.toString() });
  } finally {
    await admin(`drop database if exists "${scratch}" with (force)`);
  }
  loads.push(`after PostgreSQL ${load()}`);

  let ok = lite !== null && pgr !== null;
  const label = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;
  const both = [lite, pgr].filter((x): x is ChildResult => x !== null);
  const best = (r: ChildResult) => Math.min(...r.storeMs);
  const decisions = TARGET.toLocaleString("en-US");
  console.log(`import-dialects: scoring the ${decisions}-decision run once (lib/, the same work on both dialects): ${both.map((r) => `${n(r.scoreMs)} ms in the ${label[r.dialect]} process`).join(", ")}`);
  if (lite && pgr) {
    const ratio = best(pgr) / best(lite);
    console.log(
      `import-dialects: store of a ${decisions}-decision run, one transaction: SQLite ${n(best(lite))} ms, PostgreSQL ${n(best(pgr))} ms; ratio ${ratio.toFixed(2)}× (target ≤ ${RATIO_TARGET}×)${ratio > RATIO_TARGET ? ": OVER the target" : ""}`,
    );
  }
  for (const r of both) console.log(`import-dialects: ${label[r.dialect]}: stores ${r.storeMs.map(n).join(" ms, ")} ms (best of ${r.storeMs.length}); whole import (score + best store) ${n(r.scoreMs + best(r))} ms; seeding the fresh database ${n(r.seedMs)} ms`);
  for (const r of both) {
    const whole = r.stored.every((s) => s.runLines === r.decisions && s.decisionScores === r.decisions && s.nLines === r.decisions);
    if (!whole) ok = false;
    console.log(`import-dialects: ${label[r.dialect]}: lines stored per run ${r.stored.map((s) => `${s.runLines.toLocaleString("en-US")} (scores ${s.decisionScores.toLocaleString("en-US")}, n_lines ${s.nLines.toLocaleString("en-US")})`).join("; ")}: ${whole ? "every line" : "NOT every line"}`);
  }
  const same = (a: Counts, b: Counts) => a.runs === b.runs && a.runLines === b.runLines && a.decisionScores === b.decisionScores && a.auditLog === b.auditLog;
  const nothing = both.length === 2 && both.every((r) => r.failure.rejected && r.failure.atDatabase && same(r.failure.before, r.failure.after));
  if (!nothing) ok = false;
  console.log(`import-dialects: failed import left nothing: ${nothing ? "yes" : "no"}`);
  for (const r of both) {
    const f = r.failure;
    const c = (x: Counts) => `runs ${x.runs}, run_lines ${x.runLines.toLocaleString("en-US")}, decision_scores ${x.decisionScores.toLocaleString("en-US")}, audit_log ${x.auditLog}`;
    console.log(`import-dialects: ${label[r.dialect]}: ${f.rejected ? `refused (${f.atDatabase ? "by the database" : "NOT by the database"}: ${f.error})` : "NOT refused"}; before ${c(f.before)}; after ${c(f.after)}`);
  }
  console.log(`import-dialects: load (uptime): ${loads.join("; ")}`);
  if (!ok) {
    console.log("import-dialects: a check failed");
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------------------------------------------------------------

async function child(dialect: Dialect): Promise<void> {
  if (dialect !== "sqlite" && dialect !== "postgres") throw new Error(`--dialect sqlite|postgres, not '${dialect}'`);
  const url = process.env.DATABASE_URL;
  if ((dialect === "postgres") !== Boolean(url)) throw new Error(`the ${dialect} child needs DATABASE_URL ${dialect === "postgres" ? "set" : "unset"}`);
  // Imported only now: db/schema.ts reads DATABASE_URL when first imported.
  const { eq, sql } = await import("drizzle-orm");
  const { listFiles, repoPath } = await import("../bin/load/files");
  const { closeDb, dialectOf, openDb } = await import("../db/index");
  const { loadDbScoringContext } = await import("../db/queries/scoring-context");
  const { auditLog, decisionScores, runLines, runs } = await import("../db/schema");
  const { scoreRunTextAsync, storeScoredRun } = await import("../db/writes/import-run");
  const { seedFromRepo } = await import("../db/writes/seed-repo");
  const { InputError } = await import("../lib/io/input-error");
  const say = (s: string) => process.stderr.write(`import-dialects [${dialect}]: ${s}\n`);

  // --- a 100,000-line run, built as bench/workbench.bench.ts builds it: the example runs repeated as samples.
  // One round = every example run once, each run as its own sample, so (decision, thinking, sample) stays unique.
  const runFiles = listFiles(repoPath("golden", "runs"), ".jsonl").map((f) => readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
  const lines: string[] = [];
  for (let round = 0; lines.length < TARGET; round++) {
    runFiles.forEach((file, k) => {
      for (const l of file) if (lines.length < TARGET) lines.push(JSON.stringify({ ...l, sample: round * runFiles.length + k }));
    });
  }
  const text = `${lines.join("\n")}\n`;

  const dir = dialect === "sqlite" ? mkdtempSync(path.join(tmpdir(), "assay-import-dialects-")) : null;
  const t0 = performance.now();
  const db = await openDb(dir ? path.join(dir, "bench.db") : url!);
  if (dialectOf(db) !== dialect) throw new Error(`opened ${dialectOf(db)}, wanted ${dialect}`);
  await seedFromRepo(db, { exampleRuns: false });
  const seedMs = performance.now() - t0;
  say(`seeded in ${seedMs.toFixed(0)} ms`);
  try {
    const ctx = await loadDbScoringContext(db);
    const t1 = performance.now();
    const scored = await scoreRunTextAsync(text, "bench.jsonl", ctx);
    const scoreMs = performance.now() - t1;
    say(`scored ${scored.lines.length} lines in ${scoreMs.toFixed(0)} ms`);
    if (scored.lines.length !== TARGET) throw new Error(`scored ${scored.lines.length} lines, built ${TARGET}`);

    const count = async (): Promise<Counts> => {
      const n = sql<number>`cast(count(*) as integer)`;
      const [[r], [l], [s], [a]] = await Promise.all([db.select({ n }).from(runs), db.select({ n }).from(runLines), db.select({ n }).from(decisionScores), db.select({ n }).from(auditLog)]);
      return { runs: r!.n, runLines: l!.n, decisionScores: s!.n, auditLog: a!.n };
    };
    const n = sql<number>`cast(count(*) as integer)`;
    const storeMs: number[] = [];
    const stored: ChildResult["stored"] = [];
    for (let i = 1; i <= 2; i++) {
      const name = `bench ${dialect} ${i}`;
      const t = performance.now();
      const runId = await storeScoredRun(db, { name, fileName: "bench.jsonl", actor: "bench" }, scored);
      storeMs.push(performance.now() - t);
      const [l] = await db.select({ n }).from(runLines).where(eq(runLines.runId, runId));
      const [s] = await db.select({ n }).from(decisionScores).where(eq(decisionScores.runId, runId));
      const [r] = await db.select({ nLines: runs.nLines }).from(runs).where(eq(runs.id, runId));
      stored.push({ runLines: l?.n ?? 0, decisionScores: s?.n ?? 0, nLines: r?.nLines ?? 0 });
      say(`store ${i}: ${storeMs.at(-1)!.toFixed(0)} ms, ${l?.n} lines stored`);
    }

    // --- a failed import: the last line's decision score names no episode, which decision_scores.episode_id refuses
    // (NOT NULL) at the database, on the last insert of the transaction (after every line and every other score).
    const last = scored.lines.at(-1)!;
    const broken = { ...scored, lines: [...scored.lines.slice(0, -1), { ...last, result: { ...last.result, episode_id: null as unknown as string } }] };
    const before = await count();
    const failure: ChildResult["failure"] = { rejected: false, atDatabase: false, error: "", before, after: before };
    try {
      await storeScoredRun(db, { name: `bench ${dialect} broken`, fileName: "broken.jsonl", actor: "bench" }, broken);
    } catch (e) {
      failure.rejected = true;
      // Drizzle wraps a driver error ("Failed query: …" with every parameter): the driver's own message is its cause.
      let root: unknown = e;
      while (root instanceof Error && root.cause instanceof Error) root = root.cause;
      const message = root instanceof Error ? root.message : String(root);
      failure.error = message.split("\n")[0]!.slice(0, 200);
      failure.atDatabase = !(e instanceof InputError) && /not[- ]null|null value/i.test(message) && /episode_id/.test(message);
    }
    failure.after = await count();
    say(`broken import ${failure.rejected ? `refused: ${failure.error}` : "was NOT refused"}`);

    const result: ChildResult = { dialect, decisions: TARGET, seedMs, scoreMs, storeMs, stored, failure };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await closeDb(db);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
