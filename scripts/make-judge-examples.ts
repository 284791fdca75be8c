// Regenerates the shipped judge examples: golden/runs/judge/<name>.report.json from <name>.jsonl, by running the real
// `assay judge` command code against the scripted judge in strict-grader mode (K=3) over real HTTP.
//
//   npx tsx scripts/make-judge-examples.ts
//
// Concurrency 1 makes the vote order, and so the files, byte-identical from one regeneration to the next.
import { run } from "../bin/cli/judge";
import { repoPath } from "../bin/load/files";
import { startScriptedJudge } from "./scripted-judge";

const EXAMPLES = ["careful", "sloppy", "envelope"] as const;

async function main() {
  const judge = await startScriptedJudge({ mode: "strict" });
  try {
    const env = {
      ASSAY_JUDGE_URL: judge.url,
      ASSAY_JUDGE_MODEL: "scripted-strict-grader",
      ASSAY_JUDGE_PASS_THRESHOLD: "0.7",
      ASSAY_JUDGE_CONCURRENCY: "1",
      ASSAY_JUDGE_TIMEOUT_MS: "10000",
    };
    for (const name of EXAMPLES) {
      const candidates = repoPath("golden", "runs", "judge", `${name}.jsonl`);
      const out = repoPath("golden", "runs", "judge", `${name}.report.json`);
      const status = await run(["--candidates", candidates, "--votes", "3", "--out", out, "--example"], env);
      if (status !== 0) throw new Error(`assay judge exited ${status} on ${name}`);
    }
  } finally {
    await judge.close();
  }
}

await main();
