import { parentPort, workerData } from "node:worker_threads";
import type { DetectorCode } from "../../lib/pack/vocab";
import { scoreOutput, type RewardInput, type ScoredOutput } from "../../lib/reward/score-outputs";
import { loadDecisionPoints } from "../load/episodes";
import { loadPack } from "../load/pack";

// One scoring thread of the reward server: the shipped pack and decision points, and the advisory criteria the main
// thread measured on the probes (so every worker zeroes on the same criteria as `assay score` does).
export type WorkerData = { advisory: DetectorCode[] };
export type ChunkMessage = { id: number; items: RewardInput[] };
export type ChunkReply = { id: number; results: Array<ScoredOutput | null> } | { id: number; error: string };

const { advisory } = workerData as WorkerData;
const ctx = { points: new Map(loadDecisionPoints().map((p) => [p.decision_id, p])), pack: loadPack(), advisory: new Set(advisory) };
const port = parentPort!;

port.on("message", (m: ChunkMessage) => {
  let reply: ChunkReply;
  try {
    reply = { id: m.id, results: m.items.map((item) => scoreOutput(ctx, item)) };
  } catch (e) {
    reply = { id: m.id, error: (e as Error)?.message ?? String(e) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
