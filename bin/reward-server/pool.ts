import { Worker } from "node:worker_threads";
import type { RewardInput, ScoredOutput } from "../../lib/reward/score-outputs";
import type { ChunkReply, PoolMessage, PoolReply, WorkerData } from "./worker";

// A fixed set of scoring threads fed from one FIFO queue of chunks. A batch is cut into chunks so every thread works
// on one request (a 1,000-output batch uses all cores), and each idle thread takes the next chunk, so a slow chunk
// (long replies) does not hold the others back.

export type ScoringPool = {
  /** Every item's scoring result, in order (null for an unknown decision id). */
  score(items: readonly RewardInput[]): Promise<Array<ScoredOutput | null>>;
  /** The `results` array of a /v1/score answer as JSON text, serialised by the threads; null if an id was unknown. */
  scoreNative(items: readonly RewardInput[]): Promise<string | null>;
  size: number;
  close(): Promise<void>;
};

type Reply = Exclude<ChunkReply, { error: string }>;
type Chunk = { id: number; items: RewardInput[]; native: boolean; resolve: (r: Reply) => void; reject: (e: Error) => void };
/** A thread and the messages it holds, each one or more chunks. */
type Slot = { worker: Worker; inflight: Chunk[][] };

const ENTRY = new URL("./worker.mjs", import.meta.url);
const MIN_CHUNK = 16;
const CHUNKS_PER_THREAD = 4;
// A thread holds a second message in its port while it scores the first, so it never waits for the main thread between chunks.
const DEPTH = 2;
// Small requests queued together (OpenRLHF sends one sample per request, many at once) go to a thread in one message.
const COALESCE_ITEMS = 64;

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
    const slot: Slot = { worker, inflight: [] };
    worker.on("message", (reply: PoolReply) => {
      // A thread answers its messages in the order it received them.
      const chunks = slot.inflight.shift() ?? [];
      reply.replies.forEach((r, i) => {
        const chunk = chunks[i];
        if (!chunk || chunk.id !== r.id) return;
        if ("error" in r) chunk.reject(new Error(`scoring failed: ${r.error}`));
        else chunk.resolve(r);
      });
      pump();
    });
    // A thread that dies fails only the chunks it held; a replacement takes its place.
    worker.on("error", (e) => fault(slot, e));
    worker.on("exit", (code) => fault(slot, new Error(`scoring thread exited with code ${code}`)));
    return slot;
  };

  const fault = (slot: Slot, e: Error) => {
    const i = slots.indexOf(slot);
    if (i < 0) return;
    slots.splice(i, 1);
    for (const c of slot.inflight.flat()) c.reject(e);
    slot.inflight = [];
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

  /** The next message: the first queued chunk, and the chunks after it while they fit in COALESCE_ITEMS together. */
  const take = (): Chunk[] => {
    const chunks = [queue.shift()!];
    let n = chunks[0]!.items.length;
    while (queue.length > 0 && n + queue[0]!.items.length <= COALESCE_ITEMS) {
      n += queue[0]!.items.length;
      chunks.push(queue.shift()!);
    }
    return chunks;
  };

  // Fills every thread to DEPTH messages, one message per thread per pass, so a batch spreads over all threads first.
  const pump = () => {
    for (let depth = 1; depth <= DEPTH && queue.length > 0; depth++) {
      for (const slot of slots) {
        if (slot.inflight.length >= depth || queue.length === 0) continue;
        const chunks = take();
        slot.inflight.push(chunks);
        slot.worker.postMessage({ chunks: chunks.map((c) => ({ id: c.id, items: c.items, native: c.native })) } satisfies PoolMessage);
      }
    }
  };

  for (const w of await Promise.all(Array.from({ length: size }, () => spawn(data)))) slots.push(attach(w));

  /** Cuts a batch into chunks, queues them for the threads, and resolves with the chunks' replies in order. */
  const run = async (items: readonly RewardInput[], native: boolean): Promise<Reply[]> => {
    const per = Math.max(MIN_CHUNK, Math.ceil(items.length / (size * CHUNKS_PER_THREAD)));
    const parts: Array<Promise<Reply>> = [];
    for (let start = 0; start < items.length; start += per) {
      const slice = items.slice(start, start + per);
      parts.push(new Promise((resolve, reject) => queue.push({ id: nextId++, items: slice, native, resolve, reject })));
    }
    pump();
    return Promise.all(parts);
  };

  return {
    size,
    async score(items) {
      return (await run(items, false)).flatMap((r) => ("results" in r ? r.results : []));
    },
    async scoreNative(items) {
      const replies = await run(items, true);
      if (replies.some((r) => !("json" in r) || r.unknown > 0)) return null;
      return `[${replies.map((r) => (r as { json: string }).json).join(",")}]`;
    },
    async close() {
      closing = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
