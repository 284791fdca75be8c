import { Worker } from "node:worker_threads";
import type { RewardInput, ScoredOutput } from "../../lib/reward/score-outputs";
import type { ChunkMessage, ChunkReply, WorkerData } from "./worker";

// A fixed set of scoring threads fed from one FIFO queue of chunks. A batch is cut into chunks so every thread works
// on one request (a 1,000-output batch uses all cores), and each idle thread takes the next chunk, so a slow chunk
// (long replies) does not hold the others back.

export type ScoringPool = {
  score(items: readonly RewardInput[]): Promise<Array<ScoredOutput | null>>;
  size: number;
  close(): Promise<void>;
};

type Chunk = { id: number; items: RewardInput[]; resolve: (r: Array<ScoredOutput | null>) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; busy: Chunk | null };

const ENTRY = new URL("./worker.mjs", import.meta.url);
const MIN_CHUNK = 16;
const CHUNKS_PER_THREAD = 4;

function spawn(data: WorkerData): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, { workerData: data });
    const onError = (e: Error) => reject(e);
    const onExit = (code: number) => reject(new Error(`scoring thread exited with code ${code} while starting`));
    worker.once("error", onError);
    worker.once("exit", onExit);
    worker.once("message", (m: { ready?: boolean }) => {
      worker.off("error", onError);
      worker.off("exit", onExit);
      if (m.ready) resolve(worker);
      else reject(new Error("scoring thread did not report ready"));
    });
  });
}

/** Starts `size` threads and resolves once every one has loaded the pack. */
export async function createScoringPool(size: number, data: WorkerData): Promise<ScoringPool> {
  const slots: Slot[] = [];
  const queue: Chunk[] = [];
  let nextId = 1;
  let closing = false;

  const attach = (worker: Worker): Slot => {
    const slot: Slot = { worker, busy: null };
    worker.on("message", (reply: ChunkReply) => {
      const chunk = slot.busy;
      slot.busy = null;
      if (chunk && chunk.id === reply.id) {
        if ("error" in reply) chunk.reject(new Error(`scoring failed: ${reply.error}`));
        else chunk.resolve(reply.results);
      }
      pump();
    });
    // A thread that dies fails only the chunk it held; a replacement takes its place.
    worker.on("error", (e) => fault(slot, e));
    worker.on("exit", (code) => fault(slot, new Error(`scoring thread exited with code ${code}`)));
    return slot;
  };

  const fault = (slot: Slot, e: Error) => {
    const i = slots.indexOf(slot);
    if (i < 0) return;
    slots.splice(i, 1);
    slot.busy?.reject(e);
    slot.busy = null;
    if (closing) return;
    spawn(data).then(
      (w) => {
        slots.push(attach(w));
        pump();
      },
      (err: Error) => {
        for (const c of queue.splice(0)) c.reject(err);
      },
    );
  };

  const pump = () => {
    for (const slot of slots) {
      if (slot.busy || queue.length === 0) continue;
      const chunk = queue.shift()!;
      slot.busy = chunk;
      slot.worker.postMessage({ id: chunk.id, items: chunk.items } satisfies ChunkMessage);
    }
  };

  for (const w of await Promise.all(Array.from({ length: size }, () => spawn(data)))) slots.push(attach(w));

  return {
    size,
    async score(items) {
      if (items.length === 0) return [];
      const per = Math.max(MIN_CHUNK, Math.ceil(items.length / (size * CHUNKS_PER_THREAD)));
      const parts: Array<Promise<Array<ScoredOutput | null>>> = [];
      for (let start = 0; start < items.length; start += per) {
        const slice = items.slice(start, start + per);
        parts.push(new Promise((resolve, reject) => queue.push({ id: nextId++, items: slice, resolve, reject })));
      }
      pump();
      return (await Promise.all(parts)).flat();
    },
    async close() {
      closing = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
