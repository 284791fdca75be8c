import { parseCommandArgs } from "./args";
import { loadDecisionPoints } from "../load/episodes";

export const summary = "list every decision point with its episode, family, difficulty, split and target";

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { json: { type: "boolean", default: false }, split: { type: "string" } });
  const points = loadDecisionPoints().filter((p) => !values.split || p.split === values.split);
  const rows = points.map((p) => ({ decision_id: p.decision_id, episode_id: p.episode_id, family: p.family, difficulty: p.difficulty, split: p.split, target: p.target }));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  process.stdout.write("| decision | episode | family | difficulty | split | action | destination | priority |\n|---|---|---|---|---|---|---|---|\n");
  for (const r of rows) process.stdout.write(`| ${r.decision_id} | ${r.episode_id} | ${r.family} | ${r.difficulty} | ${r.split} | ${r.target.action_type} | ${r.target.destination ?? "—"} | ${r.target.priority ?? "—"} |\n`);
  return 0;
}
