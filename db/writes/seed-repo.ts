import path from "node:path";
import { eq } from "drizzle-orm";
import { loadEpisodes } from "../../bin/load/episodes";
import { evalSplitHash } from "../../bin/load/eval-hash";
import { listFiles, readJsonFile, readJsonlFile, readText, repoPath, REPO_ROOT } from "../../bin/load/files";
import { loadGoldenSuites } from "../../bin/load/golden-suites";
import { loadProbes, shippedProbeFiles } from "../../bin/load/probes";
import { mustAskFileSchema, policiesFileSchema } from "../../lib/schemas/pack";
import { probeSchema } from "../../lib/schemas/probe";
import type { Db } from "../index";
import { judgeReports, runs } from "../schema";
import { deletedExampleRuns } from "../queries/deleted-example-runs";
import { loadDbScoringContext } from "../queries/scoring-context";
import { seedGoldenCases, type GoldenSeedCounts } from "./golden-cases";
import { importJudgeReportText } from "./import-judge-report";
import { importRunText } from "./import-run";
import { seedEpisodes, seedPack, seedProbes, type SeedCounts } from "./seed";
import { recordSeededFiles, repoExportFiles } from "./seeded-files";
import { releaseFirstVersion } from "./release-probe-set";

export type SeedSummary = { packVersion: string; pack: SeedCounts; episodes: SeedCounts; probes: SeedCounts; /** The probe-set version released now (1 on a fresh database), or null when one already existed. */ probeSetReleased: number | null; runsAdded: string[]; judgeReportsAdded: string[]; goldenCases: GoldenSeedCounts };

/**
 * Seeds the database from the repository: policy pack, episodes, probes (with their shipped labels), the example
 * runs of golden/runs and the example judge reports of golden/runs/judge. Adds only what is missing (by name); never
 * rewrites what is there. Used by `npm run db:setup` and tests.
 */
export async function seedFromRepo(db: Db, opts: { exampleRuns?: boolean; at?: string } = {}): Promise<SeedSummary> {
  const at = opts.at ?? new Date().toISOString();
  const policies = readJsonFile(repoPath("golden", "pack", "policies.json"), policiesFileSchema);
  const mustAsk = readJsonFile(repoPath("golden", "pack", "must_ask.json"), mustAskFileSchema);
  const eps = loadEpisodes();
  const pack = await seedPack(db, { version: policies.pack_version, policies: policies.policies, mustAsk, evalHash: evalSplitHash(eps) }, at);
  const episodes = await seedEpisodes(db, eps, policies.pack_version, at);

  loadProbes(); // validates every file and refuses duplicate ids across files before anything is seeded
  const list = shippedProbeFiles().flatMap((f) => readJsonlFile(f, probeSchema).map((probe, i) => ({ probe, file: path.relative(REPO_ROOT, f).split(path.sep).join("/"), seq: i + 1 })));
  const probes = await seedProbes(db, list, at);
  // Issue 26: imports are scored with a released probe-set version; a database that has none releases version 1 from
  // the probes as they stand (a fresh one: the shipped labels; one from before versions: its labels as labelled so far).
  const probeSetReleased = await releaseFirstVersion(db, at);
  // Judge-suite cases (golden/roles, golden/policy_behaviors.json): version 1 of each, authored "golden/ files".
  const goldenCases = await seedGoldenCases(db, loadGoldenSuites(), at);
  // What the files held as seeded: exports are previewed against it (issue 20).
  await recordSeededFiles(db, repoExportFiles(), at);

  const runsAdded: string[] = [];
  if (opts.exampleRuns !== false) {
    const files = listFiles(repoPath("golden", "runs"), ".jsonl");
    const ctx = files.length ? await loadDbScoringContext(db) : null;
    const deleted = await deletedExampleRuns(db); // issue 26: a lead's deletion stands across db:setup
    for (const f of files) {
      const name = path.basename(f, ".jsonl");
      if (deleted.has(name) || (await db.select({ id: runs.id }).from(runs).where(eq(runs.name, name)).limit(1)).length) continue;
      await importRunText(db, ctx!, { name, fileName: path.basename(f), text: readText(f), actor: "db-setup", example: true, at });
      runsAdded.push(name);
    }
  }
  const judgeReportsAdded: string[] = [];
  if (opts.exampleRuns !== false) {
    for (const f of listFiles(repoPath("golden", "runs", "judge"), ".report.json")) {
      const name = path.basename(f, ".report.json");
      if ((await db.select({ id: judgeReports.id }).from(judgeReports).where(eq(judgeReports.name, name)).limit(1)).length) continue;
      await importJudgeReportText(db, { name, fileName: path.basename(f), text: readText(f), actor: "db-setup", example: true, at });
      judgeReportsAdded.push(name);
    }
  }
  return { packVersion: policies.pack_version, pack, episodes, probes, probeSetReleased, runsAdded, judgeReportsAdded, goldenCases };
}
