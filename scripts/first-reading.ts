// Scores a fresh blind batch ONCE and appends its first reading to probes/first-readings.jsonl (issue 25), then adds
// the batch's probes to probes/h1|h4|h5.jsonl. It refuses a batch that already has a reading, and refuses to run with
// uncommitted changes under lib/detectors, so the recorded commit says exactly which detectors were read.
// It prints figures only, never the replies it got wrong: reading them comes after the reading is recorded.
//   npx tsx scripts/first-reading.ts --batch fa
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { listFiles, readJsonlFile, repoPath } from "../bin/load/files";
import { DETECTORS, GRAMMARS } from "../lib/detectors";
import { DETECTOR_CODES } from "../lib/pack/vocab";
import { batchDecisionSchema, batchLabelSchema, batchProbes, batchReplySchema, firstReadingFigures, firstReadingSchema, type FirstReading } from "../lib/probes/first-readings";

const i = process.argv.indexOf("--batch");
const batch = i > 0 ? process.argv[i + 1] : undefined;
if (!batch || !/^[a-z]{2}$/.test(batch)) {
  console.error("usage: first-reading --batch xx");
  process.exit(2);
}
const dir = repoPath("probes", "fresh", batch);
const logFile = repoPath("probes", "first-readings.jsonl");
const log = existsSync(logFile) ? readJsonlFile(logFile, firstReadingSchema) : [];
if (log.some((r) => r.batch === batch)) {
  console.error(`batch ${batch} already has its first reading (${logFile}); a batch is read once`);
  process.exit(1);
}
const dirty = execFileSync("git", ["status", "--porcelain", "--", "lib/detectors"], { cwd: repoPath(), encoding: "utf8" }).trim();
if (dirty) {
  console.error(`uncommitted changes under lib/detectors; commit them first so the reading names the detectors it read:\n${dirty}`);
  process.exit(1);
}
const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: repoPath(), encoding: "utf8" }).trim();
const draw = JSON.parse(readFileSync(path.join(dir, "draw.json"), "utf8")) as { seed: number };
const decisions = readJsonlFile(path.join(dir, "decisions.jsonl"), batchDecisionSchema);
const replies = listFiles(dir, ".jsonl")
  .filter((f) => path.basename(f).startsWith("authored-"))
  .flatMap((f) => readJsonlFile(f, batchReplySchema));
const labels = readJsonlFile(path.join(dir, "labels.jsonl"), batchLabelSchema);
const probes = batchProbes(batch, decisions, replies, labels);
const predicted = probes.map((p) => ({ ...p, predicted: DETECTORS[p.detector](p.reply, p.context).fired }));
const grammarOnly = probes.map((p) => ({ ...p, predicted: GRAMMARS[p.detector](p.reply, p.context).fired }));

const reading: FirstReading = firstReadingSchema.parse({
  date: new Date().toISOString().slice(0, 10),
  batch,
  seed: draw.seed,
  commit,
  replies: replies.length,
  detectors: firstReadingFigures(predicted),
  variants: { grammar_only: firstReadingFigures(grammarOnly) },
});
appendFileSync(logFile, `${JSON.stringify(reading)}\n`);
for (const code of DETECTOR_CODES) {
  const lines = probes.filter((p) => p.detector === code).map(({ kind: _k, authored_for: _a, ...probe }) => JSON.stringify(probe));
  appendFileSync(repoPath("probes", `${code.toLowerCase()}.jsonl`), `${lines.join("\n")}\n`);
}
const cell = (r: { k: number; n: number; rate: number | null }) => (r.rate === null ? "—" : `${r.rate.toFixed(3)} (${r.k}/${r.n})`);
console.log(`first reading of batch ${batch} (seed ${reading.seed}, ${reading.replies} replies) at ${commit.slice(0, 12)}:`);
for (const code of DETECTOR_CODES) {
  const d = reading.detectors[code];
  const g = reading.variants?.grammar_only?.[code];
  console.log(`  ${code}: false zeros ${cell(d.false_zero)}, pairs separated ${cell(d.pairs_separated)}, recall ${cell(d.recall)}`);
  if (g) console.log(`      grammar only: false zeros ${cell(g.false_zero)}, pairs separated ${cell(g.pairs_separated)}, recall ${cell(g.recall)}`);
}
