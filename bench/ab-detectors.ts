// Compares the three detectors' speed at another commit with this tree's, in one process, over the example runs'
// distinct (reply, context) pairs: `npx tsx bench/ab-detectors.ts <rev> [rounds]`. Rounds alternate A (the commit) and
// B (this tree), so both meet the same machine state; on a shared VM whose speed swings ±20% between minutes this
// resolves a 10% change that `npm run bench`, run twice, cannot. Prints each side's median µs per reply and B/A.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadEpisodes } from "../bin/load/episodes";
import { exampleRunReplies } from "../bin/load/example-replies";
import { repoPath } from "../bin/load/files";
import type { runDetectors } from "../lib/detectors";
import { toDecisionPoints } from "../lib/pack/decision-points";
import type { DetectorContext } from "../lib/schemas/probe";

const [rev, roundsArg] = process.argv.slice(2);
if (!rev) {
  console.error("usage: npx tsx bench/ab-detectors.ts <rev> [rounds]");
  process.exit(2);
}
const rounds = Number(roundsArg ?? 16);

const pairs = new Map<string, [string, DetectorContext]>();
for (const { reply, ctx } of exampleRunReplies(toDecisionPoints(loadEpisodes()))) pairs.set(`${reply}\u0000${JSON.stringify(ctx)}`, [reply, ctx]);
const inputs = [...pairs.values()];

const dir = mkdtempSync(path.join(tmpdir(), "assay-ab-"));
try {
  execFileSync("git", ["worktree", "add", "--detach", "-q", dir, rev], { cwd: repoPath(), stdio: "inherit" });
  symlinkSync(repoPath("node_modules"), path.join(dir, "node_modules"));
  // Both sides are imported the same way, so neither is favoured by how its modules were loaded.
  type Side = { runDetectors: typeof runDetectors };
  const base = (await import(path.join(dir, "lib", "detectors", "index.ts"))) as Side;
  const mine = (await import(repoPath("lib", "detectors", "index.ts"))) as Side;

  let sink = 0;
  const perReply = (run: typeof runDetectors): number => {
    const t0 = process.cpuUsage();
    for (let k = 0; k < 15; k++) for (const [reply, ctx] of inputs) sink += run(reply, ctx).H1.hits.length;
    const used = process.cpuUsage(t0);
    return (used.user + used.system) / (15 * inputs.length);
  };
  for (let w = 0; w < 2; w++) perReply(base.runDetectors), perReply(mine.runDetectors);
  const a: number[] = [];
  const b: number[] = [];
  const ratio: number[] = [];
  // A then B, then B then A: whichever side runs second in a round meets the caches the first left behind.
  for (let i = 0; i < rounds; i++) {
    let ta: number;
    let tb: number;
    if (i % 2 === 0) {
      ta = perReply(base.runDetectors);
      tb = perReply(mine.runDetectors);
    } else {
      tb = perReply(mine.runDetectors);
      ta = perReply(base.runDetectors);
    }
    a.push(ta);
    b.push(tb);
    ratio.push(tb / ta);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1] as number;
  console.log(`${inputs.length} distinct (reply, context) pairs of the example runs, ${rounds} alternating rounds (sink ${sink})`);
  console.log(`A ${rev}: median ${median(a).toFixed(1)} µs CPU per reply`);
  console.log(`B this tree: median ${median(b).toFixed(1)} µs CPU per reply`);
  console.log(`B/A: median ${median(ratio).toFixed(3)} (rounds ${Math.min(...ratio).toFixed(3)}–${Math.max(...ratio).toFixed(3)})`);
} finally {
  execFileSync("git", ["worktree", "remove", "--force", dir], { cwd: repoPath(), stdio: "inherit" });
  rmSync(dir, { recursive: true, force: true });
}
