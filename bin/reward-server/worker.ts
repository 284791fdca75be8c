import { parentPort, workerData } from "node:worker_threads";
import type { DetectorCode } from "../../lib/pack/vocab";
import { nativeResult } from "../../lib/reward/native";
import { scoreOutput, type RewardInput, type ScoredOutput } from "../../lib/reward/score-outputs";
import { loadDecisionPoints } from "../load/episodes";
import { loadPack } from "../load/pack";

// One scoring thread of the reward server: the shipped pack and decision points, and the advisory criteria the main
// thread measured on the probes (so every worker zeroes on the same criteria as `assay score` does).
export type WorkerData = { advisory: DetectorCode[] };
/** `native`: answer the chunk's /v1/score results as JSON text (the main thread only joins the chunks' texts). */
export type Chunk = { id: number; items: RewardInput[]; native: boolean };
export type ChunkReply = { id: number; results: Array<ScoredOutput | null> } | { id: number; json: string; unknown: number } | { id: number; error: string };
/** One message carries one chunk of a large batch, or the chunks of several small requests queued together. */
export type PoolMessage = { chunks: Chunk[] };
export type PoolReply = { replies: ChunkReply[] };

const { advisory } = workerData as WorkerData;
const ctx = { points: new Map(loadDecisionPoints().map((p) => [p.decision_id, p])), pack: loadPack(), advisory: new Set(advisory) };
const port = parentPort!;

function answer(m: Chunk): ChunkReply {
  try {
    const results = m.items.map((item) => scoreOutput(ctx, item));
    if (!m.native) return { id: m.id, results };
    const unknown = results.filter((r) => r === null).length;
    return { id: m.id, unknown, json: results.map((r) => (r ? JSON.stringify(nativeResult(r, ctx.advisory)) : "null")).join(",") };
  } catch (e) {
    return { id: m.id, error: (e as Error)?.message ?? String(e) };
  }
}

port.on("message", (m: PoolMessage) => port.postMessage({ replies: m.chunks.map(answer) } satisfies PoolReply));
port.postMessage({ ready: true });
