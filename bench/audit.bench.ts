// Run audit figures (issue 18): drawing an audit of a 100,000-decision run (target < 1 s), and the per-run figures
// recomputed after a vote (target < 100 ms), on a run imported through the app's path.
// Standalone: `npx tsx bench/audit.bench.ts` (also run by `npm run bench`).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { listFiles, repoPath } from "../bin/load/files";
import { closeDb, openDb } from "../db/index";
import { auditFiguresOf, auditItemVotes, getAudit } from "../db/queries/run-audit";
import { loadDbScoringContext } from "../db/queries/scoring-context";
import { runAudits } from "../db/schema";
import { scoreRunTextAsync, storeScoredRun } from "../db/writes/import-run";
import { saveAuditLabel, startAudit } from "../db/writes/run-audit";
import { seedFromRepo } from "../db/writes/seed-repo";
import { auditFigureOf } from "../lib/audit/figures";
import { labelledText, precisionText, recallText, violationsText } from "../lib/audit/format";
import { DETECTOR_CODES } from "../lib/pack/vocab";

const TARGET = Number(process.env.BENCH_DECISIONS ?? 100_000);
const dir = mkdtempSync(path.join(tmpdir(), "assay-audit-bench-"));
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

// The example runs repeated as samples, as in workbench.bench.ts: each round every example run once, each its own sample.
const runFiles = listFiles(repoPath("golden", "runs"), ".jsonl").map((f) => readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
const lines: string[] = [];
for (let round = 0; lines.length < TARGET; round++) {
  runFiles.forEach((file, k) => {
    for (const l of file) if (lines.length < TARGET) lines.push(JSON.stringify({ ...l, sample: round * runFiles.length + k }));
  });
}

const db = await openDb(path.join(dir, "audit.db"));
await seedFromRepo(db, { exampleRuns: false });
const scored = await scoreRunTextAsync(`${lines.join("\n")}\n`, "bench.jsonl", await loadDbScoringContext(db));
const runId = await storeScoredRun(db, { name: "bench", fileName: "bench.jsonl", actor: "bench" }, scored);

// --- the draw: read the run's strata, sample, store the audit and its items (one transaction), five times afresh
const draws: number[] = [];
for (let i = 0; i < 5; i++) {
  await db.delete(runAudits).where(eq(runAudits.runId, runId));
  const t0 = performance.now();
  await startAudit(db, { runId, actor: "bench", seed: 1000 + i });
  draws.push(performance.now() - t0);
}
const audit = (await getAudit(db, (await startAudit(db, { runId, actor: "bench", seed: 0 })).audit.id))!;
const strata = DETECTOR_CODES.map((c) => `${c} fired ${audit.strata[c].fired.size} / not fired ${audit.strata[c].not_fired.size}`).join(", ");
console.log(`audit: drawing an audit of a ${TARGET.toLocaleString("en-US")}-decision run (strata, sample, store): median ${quantile(draws, 0.5).toFixed(0)} ms, worst ${Math.max(...draws).toFixed(0)} ms of 5 (target < 1 s); strata ${strata}`);

// --- a vote, then the figures: the server's path (save, reload the detector's votes, recompute) and the run report's
const items = await auditItemVotes(db, audit.id);
// Every item labelled once first (not timed), so each timed vote meets figures computed in full, intervals included.
for (const [i, it] of items.entries()) await saveAuditLabel(db, { itemId: it.id, annotator: "carol", label: (i * 7) % 5 < 2 ? "violation" : "clean" });
const server: number[] = [];
const report: number[] = [];
const browser: number[] = [];
for (let i = 0; i < 200; i++) {
  const it = items[(i * 37) % items.length]!;
  const t0 = performance.now();
  await saveAuditLabel(db, { itemId: it.id, annotator: i % 3 ? "alice" : "bob", label: (i * 7) % 5 < 2 ? "violation" : "clean" });
  const mine = await auditItemVotes(db, audit.id, it.detector);
  const figure = auditFigureOf(it.detector, audit.strata, mine, audit.seed);
  server.push(performance.now() - t0);
  const t1 = performance.now();
  await auditFiguresOf(db, audit);
  report.push(performance.now() - t1);
  const t2 = performance.now();
  auditFigureOf(it.detector, audit.strata, mine, audit.seed);
  browser.push(performance.now() - t2);
  if (figure.violations === null) throw new Error("the timed figures must be computed in full");
}
console.log(
  `audit: vote → per-run figures (save + reload the detector's votes + recompute, ${items.length} items): median ${quantile(server, 0.5).toFixed(1)} ms, p95 ${quantile(server, 0.95).toFixed(1)} ms (target < 100 ms); the run report's three detectors ${quantile(report, 0.5).toFixed(1)} ms median; in-browser recompute ${quantile(browser, 0.5).toFixed(2)} ms median`,
);
const figures = await auditFiguresOf(db, audit);
for (const c of DETECTOR_CODES) {
  const f = figures[c];
  console.log(`audit: ${c} after ${server.length} votes: ${labelledText(f)}; precision ${precisionText(f)}; recall ${recallText(f)}; true violations ${violationsText(f)}`);
}

await closeDb(db);
rmSync(dir, { recursive: true, force: true });
