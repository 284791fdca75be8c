// Workbench figures (issue 4): a 100,000-decision import through the app's path (parse + score + store with Drizzle)
// against parse + score + a raw prepared-statement insert of the same rows in one transaction, measured in the same
// process; the first page of that run's decision table; and label-to-figures latency on a 1,000-probe set.
// Standalone: `npx tsx bench/workbench.bench.ts` (also run by `npm run bench`).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { listFiles, repoPath } from "../bin/load/files";
import { closeDb, openDb, openSqlite, type Db } from "../db/index";
import { decisionTablePage, type DecisionTableQuery } from "../db/queries/decision-table";
import { figuresOf, loadProbeSet } from "../db/queries/probe-set";
import { loadDbScoringContext } from "../db/queries/scoring-context";
import { scoreRunTextAsync, storeScoredRun, type ScoredRun } from "../db/writes/import-run";
import { saveLabel } from "../db/writes/labels";
import { seedFromRepo } from "../db/writes/seed-repo";
import { seedProbes } from "../db/writes/seed";
import { loadProbes } from "../bin/load/probes";
import { effectiveLabel } from "../lib/probes/effective-label";
import { figuresFromPredictions } from "../lib/probes/figures";

const TARGET = Number(process.env.BENCH_DECISIONS ?? 100_000);
const N_PROBES = 1000;
const dir = mkdtempSync(path.join(tmpdir(), "assay-bench-"));
const ms = (x: number) => `${x.toFixed(0)} ms`;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

// --- a 100,000-line run: the example runs repeated as samples (sample numbers keep every line unique)
// One round = every example run once, each run as its own sample, so (decision, thinking, sample) stays unique.
const runFiles = listFiles(repoPath("golden", "runs"), ".jsonl").map((f) => readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
const lines: string[] = [];
for (let round = 0; lines.length < TARGET; round++) {
  runFiles.forEach((file, k) => {
    for (const l of file) if (lines.length < TARGET) lines.push(JSON.stringify({ ...l, sample: round * runFiles.length + k }));
  });
}
const text = `${lines.join("\n")}\n`;

/** A fresh seeded SQLite file; `raw` opens it with openSqlite, since the raw floor below writes through `$client`. */
async function freshDb(name: string, raw = false): Promise<Db> {
  const file = path.join(dir, `${name}.db`);
  const db = raw ? openSqlite(file) : await openDb(file);
  await seedFromRepo(db, { exampleRuns: false });
  return db;
}

/** The app's path: the async scorer the upload route uses, then storeScoredRun (Drizzle, one transaction). */
async function importViaApp(db: Db, name: string): Promise<{ ms: number; storeMs: number; runId: number }> {
  const ctx = await loadDbScoringContext(db);
  const t0 = performance.now();
  const scored = await scoreRunTextAsync(text, `${name}.jsonl`, ctx);
  const t1 = performance.now();
  const runId = await storeScoredRun(db, { name, fileName: `${name}.jsonl`, actor: "bench" }, scored);
  const t2 = performance.now();
  return { ms: t2 - t0, storeMs: t2 - t1, runId };
}

/** The floor: the same parse + score, then hand-written prepared statements for the same rows, one transaction. */
async function importRaw(db: Db, name: string): Promise<{ ms: number; storeMs: number }> {
  const ctx = await loadDbScoringContext(db);
  const t0 = performance.now();
  const scored: ScoredRun = await scoreRunTextAsync(text, `${name}.jsonl`, ctx);
  const t1 = performance.now();
  const c = db.$client;
  const insRun = c.prepare("INSERT INTO runs (name, file_name, model, pack_version, n_lines, report, split_breakdowns, example, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 'bench', ?)");
  const insLine = c.prepare("INSERT INTO run_lines (id, run_id, line_no, decision_id, thinking, sample, model, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  const insScore = c.prepare(
    "INSERT INTO decision_scores (line_id, run_id, decision_id, episode_id, split, family, difficulty, thinking, format_valid, format_error, output_type, target_type, hard_violations, hits, action_type, destination, priority, flags, policy_citation, must_ask, graded, score, score_strict) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  c.transaction(() => {
    const r = scored.report;
    const runId = Number(insRun.run(name, `${name}.jsonl`, r.run.model, r.pack_version, r.run.n_lines, JSON.stringify(r), JSON.stringify(scored.splitBreakdowns), new Date().toISOString()).lastInsertRowid);
    let id = (c.prepare("SELECT coalesce(max(id), 0) AS m FROM run_lines").get() as { m: number }).m;
    for (const l of scored.lines) {
      const d = l.result;
      id++;
      insLine.run(id, runId, l.lineNo, l.decisionId, l.thinking ? 1 : 0, l.sample, l.model, l.raw);
      insScore.run(id, runId, d.decision_id, d.episode_id, d.split, d.family, d.difficulty, d.thinking ? 1 : 0, d.format_valid ? 1 : 0, d.format_error, d.output_type, d.target_type, d.hard_violations.join(","), JSON.stringify(d.hits), d.components.action_type, d.components.destination, d.components.priority, d.components.flags, d.components.policy_citation, d.components.must_ask, d.graded, d.score, d.score_strict);
    }
  }).immediate();
  const t2 = performance.now();
  return { ms: t2 - t0, storeMs: t2 - t1 };
}

const appDb = await freshDb("app");
const rawDb = await freshDb("raw", true);
// Warm-up (JIT, prepared-statement caches) on a small slice is not needed for a 100k-row figure; take the best of two.
const app1 = await importViaApp(appDb, "bench-a");
const raw1 = await importRaw(rawDb, "bench-a");
const app2 = await importViaApp(appDb, "bench-b");
const raw2 = await importRaw(rawDb, "bench-b");
const appMs = Math.min(app1.ms, app2.ms);
const rawMs = Math.min(raw1.ms, raw2.ms);
const appStore = Math.min(app1.storeMs, app2.storeMs);
const rawStore = Math.min(raw1.storeMs, raw2.storeMs);
console.log(`workbench: import of a ${TARGET.toLocaleString("en-US")}-decision run (parse + score + store, Drizzle, one transaction): ${ms(appMs)}`);
console.log(`workbench: parse + score + raw prepared-statement insert of the same rows, one transaction: ${ms(rawMs)}; ratio ${(appMs / rawMs).toFixed(2)}× (target ≤ 1.3×)`);
console.log(`workbench: of which the store step alone: Drizzle ${ms(appStore)} vs raw ${ms(rawStore)} (${(appStore / rawStore).toFixed(2)}×); the rest is parse + score (lib/)`);

// --- first page of the decision table on the 100,000-decision run (fresh connection: no warm page cache in SQLite)
const reader = await openDb(path.join(dir, "app.db"));
const runId = app2.runId;
const pages: Array<[string, Partial<DecisionTableQuery>]> = [
  ["line order", {}],
  ["sorted by score desc", { sort: "score", dir: "desc" }],
  ["H1 only, sorted by score", { code: "H1", sort: "score", dir: "asc" }],
  ["eval/fraud/hard, sorted by family", { split: "eval", family: "fraud", difficulty: "hard", sort: "family" }],
  ["score 0.2–0.8, last page", { minScore: 0.2, maxScore: 0.8, page: 10_000 }],
];
for (const [label, over] of pages) {
  const q: DecisionTableQuery = { runId, sort: "line", dir: "asc", page: 0, size: 50, ...over };
  const t0 = performance.now();
  const first = await decisionTablePage(reader, q);
  const cold = performance.now() - t0;
  if (over.page) await decisionTablePage(reader, { ...q, page: Math.floor(first.total / 50) });
  const t1 = performance.now();
  await decisionTablePage(reader, q);
  const warm = performance.now() - t1;
  console.log(`workbench: decision table first page (${label}; ${first.total.toLocaleString("en-US")} matching): ${cold.toFixed(1)} ms cold, ${warm.toFixed(1)} ms warm (target < 500 ms)`);
}

// --- label-to-figures latency on a 1,000-probe set (H5 probes repeated under new ids)
const probeDb = await openDb(path.join(dir, "probes.db"));
const h5 = loadProbes().filter((p) => p.detector === "H5");
const many = Array.from({ length: N_PROBES }, (_, i) => {
  const p = h5[i % h5.length]!;
  return { probe: { ...p, id: `bench-h5-${String(i).padStart(4, "0")}` }, file: "probes/h5.jsonl", seq: i + 1 };
});
await seedProbes(probeDb, many);
figuresOf(await loadProbeSet(probeDb, "H5")); // predictions are memoised per probe, as in the running server
const server: number[] = [];
const client: number[] = [];
for (let i = 0; i < 100; i++) {
  const probeId = many[(i * 37) % N_PROBES]!.probe.id;
  const t0 = performance.now();
  await saveLabel(probeDb, { probeId, annotator: i % 2 ? "alice" : "bob", label: i % 3 ? "violation" : "clean" });
  const set = await loadProbeSet(probeDb, "H5");
  const f = figuresOf(set);
  server.push(performance.now() - t0);
  const t1 = performance.now();
  figuresFromPredictions(set.map((p) => ({ predicted: p.predicted, label: effectiveLabel(p.votes).label })));
  client.push(performance.now() - t1);
  if (f.n === 0) throw new Error("no labelled probes");
}
console.log(`workbench: label → figures, ${N_PROBES} probes: save + reload + recompute on the server median ${quantile(server, 0.5).toFixed(1)} ms, p95 ${quantile(server, 0.95).toFixed(1)} ms; in-browser recompute median ${quantile(client, 0.5).toFixed(2)} ms (target < 100 ms key press → figures)`);

for (const db of [appDb, rawDb, reader, probeDb]) await closeDb(db);
rmSync(dir, { recursive: true, force: true });
