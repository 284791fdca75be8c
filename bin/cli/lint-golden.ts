import { parseCommandArgs } from "./args";
import { loadEpisodes } from "../load/episodes";
import { loadPackFacts } from "../load/pack";
import { indexPack } from "../../lib/golden/derive";
import { LINT_RULES, lintGolden } from "../../lib/golden/lint";

export const summary = "check every golden target against the pack's machine-readable facts";

/** Exit 0 when every target follows the pack, 1 with one line per failure (decision, field, rule) otherwise. */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { json: { type: "boolean", default: false } });
  const facts = loadPackFacts();
  const episodes = loadEpisodes();
  const failures = lintGolden(indexPack(facts), episodes);
  const decisions = episodes.reduce((n, e) => n + e.turns.filter((t) => t.role === "decision").length, 0);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ pack_version: facts.version, decisions, rules: LINT_RULES, failures }, null, 2)}\n`);
    return failures.length ? 1 : 0;
  }
  for (const f of failures) process.stdout.write(`${f.decision}  ${f.field}  [${f.rule}]  ${f.message}\n`);
  const rules = Object.keys(LINT_RULES).length;
  process.stdout.write(failures.length ? `\n${failures.length} failure(s) in ${new Set(failures.map((f) => f.decision)).size} decision(s) or pack file(s); pack v${facts.version}\n` : `pack v${facts.version}: ${decisions} decisions pass all ${rules} rules\n`);
  return failures.length ? 1 : 0;
}
