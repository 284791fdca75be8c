import { loadEpisodes } from "../../bin/load/episodes";
import { evalSplitHash } from "../../bin/load/eval-hash";
import { readJsonFile, repoPath } from "../../bin/load/files";
import { PRIORITIES } from "../../lib/pack/vocab";
import type { Episode } from "../../lib/schemas/episode";
import { mustAskFileSchema, policiesFileSchema } from "../../lib/schemas/pack";
import type { Target } from "../../lib/schemas/target";
import type { Db } from "../index";
import { seedEpisodes, seedPack } from "../writes/seed";

/** The older pack a database may have been seeded under before golden/ moved on. */
export const OLD_PACK = "1.4";

/**
 * The shipped golden set as an older pack would have had it: the same episodes, except that the first routed decision
 * had another priority. Returns that decision's id and both targets, so a test can tell which version a view reads.
 */
export function oldGolden(): { episodes: Episode[]; decisionId: string; oldTarget: Target; newTarget: Target } {
  const current = loadEpisodes();
  let found: { decisionId: string; oldTarget: Target; newTarget: Target } | null = null;
  const episodes = current.map((ep) => ({
    ...ep,
    turns: ep.turns.map((turn) => {
      if (found || turn.role !== "decision" || turn.target.action_type !== "route") return turn;
      const oldTarget: Target = { ...turn.target, priority: PRIORITIES.find((p) => p !== turn.target.priority)! };
      found = { decisionId: turn.id, oldTarget, newTarget: turn.target };
      return { ...turn, target: oldTarget };
    }),
  }));
  if (!found) throw new Error("golden/ has no routed decision to change");
  return { episodes, ...(found as { decisionId: string; oldTarget: Target; newTarget: Target }) };
}

/** Seeds pack OLD_PACK (the shipped policies under the old label) with oldGolden()'s episodes, loaded at `at`. */
export async function seedOldPack(db: Db, at: string): Promise<ReturnType<typeof oldGolden>> {
  const old = oldGolden();
  const policies = readJsonFile(repoPath("golden", "pack", "policies.json"), policiesFileSchema);
  const mustAsk = readJsonFile(repoPath("golden", "pack", "must_ask.json"), mustAskFileSchema);
  await seedPack(db, { version: OLD_PACK, policies: policies.policies, mustAsk, evalHash: evalSplitHash(old.episodes) }, at);
  await seedEpisodes(db, old.episodes, OLD_PACK, at);
  return old;
}
