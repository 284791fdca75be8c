import { parseCommandArgs } from "./args";
import { loadEpisodes } from "../load/episodes";
import { evalSplitHash } from "../load/eval-hash";
import { loadPack } from "../load/pack";
import { toDecisionPoints } from "../../lib/pack/decision-points";

export const summary = "list every decision point with its episode, family, difficulty, split, facts and target";

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { json: { type: "boolean", default: false }, split: { type: "string" } });
  const episodes = loadEpisodes();
  const points = toDecisionPoints(episodes).filter((p) => !values.split || p.split === values.split);
  const rows = points.map((p) => ({ decision_id: p.decision_id, episode_id: p.episode_id, family: p.family, difficulty: p.difficulty, split: p.split, facts: p.facts ?? null, target: p.target }));
  const pack_version = loadPack().version;
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ pack_version, eval_hash: evalSplitHash(episodes), decisions: rows }, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(`pack v${pack_version}\n\n| decision | episode | family | difficulty | split | action | destination | priority |\n|---|---|---|---|---|---|---|---|\n`);
  for (const r of rows) process.stdout.write(`| ${r.decision_id} | ${r.episode_id} | ${r.family} | ${r.difficulty} | ${r.split} | ${r.target.action_type} | ${r.target.destination ?? "—"} | ${r.target.priority ?? "—"} |\n`);
  return 0;
}
