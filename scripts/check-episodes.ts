// Prints the shape of the golden set (counts by family, split, action type, difficulty) and fails loudly on schema errors.
import { loadEpisodes } from "../bin/load/episodes";
import { toDecisionPoints } from "../lib/pack/decision-points";

const episodes = loadEpisodes();
const dps = toDecisionPoints(episodes);
const count = (f: (d: (typeof dps)[number]) => string) => {
  const m: Record<string, number> = {};
  for (const d of dps) m[f(d)] = (m[f(d)] ?? 0) + 1;
  return m;
};
console.log(`episodes ${episodes.length}, decision points ${dps.length}, resolve ${dps.filter((d) => d.target.action_type === "resolve").length}`);
console.log("by family", count((d) => d.family));
console.log("resolve by family", count((d) => (d.target.action_type === "resolve" ? d.family : "_other")));
console.log("by split", count((d) => d.split));
console.log("by action", count((d) => d.target.action_type));
console.log("by difficulty", count((d) => d.difficulty));
