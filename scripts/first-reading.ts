// Scores a fresh blind batch ONCE and appends its first reading to probes/fresh/first-readings.jsonl (issue 25). The batch's
// probes stay in its folder, out of the released probe sets that gate runs (docs/DETECTORS.md). It refuses a batch that already has a reading, and refuses to run with
// uncommitted changes under lib/detectors, so the recorded commit says exactly which detectors were read.
// It prints figures only, never the replies it got wrong: reading them comes after the reading is recorded.
//   npx tsx scripts/first-reading.ts --batch fa
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { readJsonlFile, repoPath } from "../bin/load/files";
import { loadFreshBatch } from "../bin/load/probes";
import { DETECTORS, GRAMMARS } from "../lib/detectors";
import { DETECTOR_CODES } from "../lib/pack/vocab";
import { firstReadingFigures, firstReadingSchema, type FirstReading } from "../lib/probes/first-readings";

const i = process.argv.indexOf("--batch");
const batch = i > 0 ? process.argv[i + 1] : undefined;
if (!batch || !/^[a-z]{2}$/.test(batch)) {
  console.error("usage: first-reading --batch xx");
  process.exit(2);
}
const logFile = repoPath("probes", "fresh", "first-readings.jsonl");
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
const { seed, replies, probes } = loadFreshBatch(batch);
const predicted = probes.map((p) => ({ ...p, predicted: DETECTORS[p.detector](p.reply, p.context).fired }));
const grammarOnly = probes.map((p) => ({ ...p, predicted: GRAMMARS[p.detector](p.reply, p.context).fired }));

const reading: FirstReading = firstReadingSchema.parse({
  date: new Date().toISOString().slice(0, 10),
  batch,
  seed,
  commit,
  replies,
  detectors: firstReadingFigures(predicted),
  variants: { grammar_only: firstReadingFigures(grammarOnly) },
});
appendFileSync(logFile, `${JSON.stringify(reading)}\n`);
const cell = (r: { k: number; n: number; rate: number | null }) => (r.rate === null ? "—" : `${r.rate.toFixed(3)} (${r.k}/${r.n})`);
console.log(`first reading of batch ${batch} (seed ${reading.seed}, ${reading.replies} replies) at ${commit.slice(0, 12)}:`);
for (const code of DETECTOR_CODES) {
  const d = reading.detectors[code];
  const g = reading.variants?.grammar_only?.[code];
  console.log(`  ${code}: false zeros ${cell(d.false_zero)}, pairs separated ${cell(d.pairs_separated)}, recall ${cell(d.recall)}`);
  if (g) console.log(`      grammar only: false zeros ${cell(g.false_zero)}, pairs separated ${cell(g.pairs_separated)}, recall ${cell(g.recall)}`);
}
