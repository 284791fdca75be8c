// Draws the decision points a fresh blind batch is written against (issue 25): a seeded shuffle of every decision
// point, written with the conversation as the agent saw it and what the target allows, but never the rationale or the
// reference reply, so authors write their own words. `npx tsx scripts/draw-fresh-batch.ts --batch fa --seed N --n 72`.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadEpisodes } from "../bin/load/episodes";
import { repoPath } from "../bin/load/files";
import { splitmix32 } from "../lib/compare/prng";
import { toDecisionPoints } from "../lib/pack/decision-points";

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const batch = arg("batch");
const seed = Number(arg("seed"));
const n = Number(arg("n") ?? 72);
if (!batch || !/^[a-z]{2}$/.test(batch) || !Number.isInteger(seed)) {
  console.error("usage: draw-fresh-batch --batch xx --seed N [--n 72]");
  process.exit(2);
}

const points = toDecisionPoints(loadEpisodes());
const rng = splitmix32(seed);
const order = points.map((_, i) => i);
for (let i = order.length - 1; i > 0; i--) {
  const j = rng.nextInt(i + 1);
  [order[i], order[j]] = [order[j] as number, order[i] as number];
}
const drawn = order.slice(0, n).sort((a, b) => a - b).map((i) => points[i] as (typeof points)[number]);
const dir = repoPath("probes", "fresh", batch);
mkdirSync(dir, { recursive: true });
const lines = drawn.map((p) =>
  JSON.stringify({
    decision_id: p.decision_id,
    family: p.family,
    conversation: p.history,
    verified: p.target.may_disclose_account_details,
    allowed_timeline_claims: p.target.allowed_timeline_claims,
    target: { action_type: p.target.action_type, destination: p.target.destination, priority: p.target.priority, must_ask: p.target.must_ask },
  }),
);
writeFileSync(path.join(dir, "decisions.jsonl"), lines.join("\n") + "\n");
writeFileSync(path.join(dir, "draw.json"), JSON.stringify({ batch, seed, n, drawn: drawn.map((p) => p.decision_id) }, null, 2) + "\n");
console.log(`${batch}: ${drawn.length} decision points (seed ${seed}), ${drawn.filter((p) => !p.target.may_disclose_account_details).length} unverified, ${drawn.filter((p) => p.target.allowed_timeline_claims.length).length} with allowed timelines -> ${path.relative(process.cwd(), dir)}`);
