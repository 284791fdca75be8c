// Freezes the eval split: writes golden/eval.lock.json with the content hash a test checks. Run only on purpose.
import { writeFileSync } from "node:fs";
import { loadEpisodes } from "../bin/load/episodes";
import { evalSplitHash } from "../bin/load/eval-hash";
import { repoPath } from "../bin/load/files";
import { toDecisionPoints } from "../lib/pack/decision-points";

const episodes = loadEpisodes();
const evalEps = episodes.filter((e) => e.split === "eval");
const lock = { hash: evalSplitHash(episodes), episodes: evalEps.length, decision_points: toDecisionPoints(evalEps).length, frozen_at: new Date().toISOString().slice(0, 10) };
writeFileSync(repoPath("golden", "eval.lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
console.log(lock);
