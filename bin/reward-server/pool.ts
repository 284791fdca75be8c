import { Worker } from "node:worker_threads";
import type { RewardInput, ScoredOutput } from "../../lib/reward/score-outputs";
import type { ChunkReply, PoolMessage, PoolReply, WorkerData } from "./worker";

// A fixed set of scoring threads fed fairly. Each request (a job) is cut into chunks of bounded cost, and the threads
// take chunks from the jobs in turn, one chunk per job per turn: a one-output request waits for at most the chunks
// already on the threads, never behind the rest of another client's 4,096-output batch. A job whose client has gone
// is cancelled: its chunks still queued are dropped, the ones on a thread are let finish and thrown away.

export type ScoreOptions = { signal?: AbortSignal };
export type ScoringPool = {
  /** Every item's scoring result, in order (null for an unknown decision id). Rejects with CancelledError on abort. */
  score(items: readonly RewardInput[], o?: ScoreOptions): Promise<Array<ScoredOutput | null>>;
  /** The `results` array of a /v1/score answer as JSON text, serialised by the threads; null if an id was unknown. */
  scoreNative(items: readonly RewardInput[], o?: ScoreOptions): Promise<string | null>;
  size: number;
  /** Outputs scored by the threads, and outputs of cancelled jobs never scored, since the start. */
  counters(): { scored: number; cancelled: number };
  close(): Promise<void>;
};

export class CancelledError extends Error {
  override name = "CancelledError";
}

type Reply = Exclude<ChunkReply, { error: string }>;
type Chunk = { id: number; job: Job; items: RewardInput[]; native: boolean; resolve: (r: Reply) => void; reject: (e: Error) => void };
type Job = { chunks: Chunk[]; cancelled: boolean };
/** A thread and the messages it holds, each one or more chunks. */
type Slot = { worker: Worker; inflight: Chunk[][] };

const ENTRY = new URL("./worker.mjs", import.meta.url);
const MIN_CHUNK = 16;
/** A chunk's cost is bounded by its outputs and its characters, so no chunk holds a thread for long (~3 ms on an idle core). */
const MAX_CHUNK = 32;
const MAX_CHUNK_CHARS = 32 * 1024;
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

/** Cuts a batch into chunks of at most MAX_CHUNK outputs and MAX_CHUNK_CHARS characters, about even otherwise. */
export function cutChunks(items: readonly RewardInput[], threads: number): RewardInput[][] {
  const per = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, Math.ceil(items.length / (threads * CHUNKS_PER_THREAD))));
  const out: RewardInput[][] = [];
  let current: RewardInput[] = [];
  let chars = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= per || chars + item.raw.length > MAX_CHUNK_CHARS)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += item.raw.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Starts `size` threads and resolves once every one has loaded the pack. */
export async function createScoringPool(size: number, data: WorkerData): Promise<ScoringPool> {
  const slots: Slot[] = [];
  // Jobs with chunks still queued, in turn order: the next message starts with the first job's first chunk.
  const ready: Job[] = [];
  let nextId = 1;
  let closing = false;
  let scored = 0;
  let cancelled = 0;

  const attach = (worker: Worker): Slot => {
    const slot: Slot = { worker, inflight: [] };
    worker.on("message", (reply: PoolReply) => {
      // A thread answers its messages in the order it received them.
      const chunks = slot.inflight.shift() ?? [];
      reply.replies.forEach((r, i) => {
        const chunk = chunks[i];
        if (!chunk || chunk.id !== r.id) return;
        scored += chunk.items.length;
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
        for (const job of ready.splice(0)) for (const c of job.chunks.splice(0)) c.reject(err);
      },
    );
  };
  /** The next message: one chunk from each job in turn, while they fit in COALESCE_ITEMS together. */
  const take = (): Chunk[] => {
    const chunks: Chunk[] = [];
    let n = 0;
    while (ready.length > 0) {
      const job = ready[0]!;
      const chunk = job.chunks[0]!;
      if (chunks.length > 0 && n + chunk.items.length > COALESCE_ITEMS) break;
      job.chunks.shift();
      ready.shift();
      if (job.chunks.length > 0) ready.push(job);
      chunks.push(chunk);
      n += chunk.items.length;
    }
    return chunks;
  };
  // Fills every thread to DEPTH messages, one message per thread per pass, so a batch spreads over all threads first.
  const pump = () => {
    for (let depth = 1; depth <= DEPTH && ready.length > 0; depth++) {
      for (const slot of slots) {
        if (slot.inflight.length >= depth || ready.length === 0) continue;
        const chunks = take();
        slot.inflight.push(chunks);
        slot.worker.postMessage({ chunks: chunks.map((c) => ({ id: c.id, items: c.items, native: c.native })) } satisfies PoolMessage);
      }
    }
  };

  for (const w of await Promise.all(Array.from({ length: size }, () => spawn(data)))) slots.push(attach(w));

  /** Queues a batch as one job and resolves with its chunks' replies in order. */
  const run = async (items: readonly RewardInput[], native: boolean, signal: AbortSignal | undefined): Promise<Reply[]> => {
    if (signal?.aborted) {
      cancelled += items.length;
      throw new CancelledError("the client went away");
    }
    const job: Job = { chunks: [], cancelled: false };
    const parts = cutChunks(items, size).map((slice) => new Promise<Reply>((resolve, reject) => job.chunks.push({ id: nextId++, job, items: slice, native, resolve, reject })));
    if (job.chunks.length === 0) return [];
    const all = Promise.all(parts);
    const onAbort = () => {
      job.cancelled = true;
      const i = ready.indexOf(job);
      if (i >= 0) ready.splice(i, 1);
      const dropped = job.chunks.splice(0);
      for (const c of dropped) cancelled += c.items.length;
      for (const c of dropped) c.reject(new CancelledError("the client went away"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    ready.push(job);
    pump();
    try {
      return await all;
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  };

  return {
    size,
    counters: () => ({ scored, cancelled }),
    async score(items, o) {
      return (await run(items, false, o?.signal)).flatMap((r) => ("results" in r ? r.results : []));
    },
    async scoreNative(items, o) {
      const replies = await run(items, true, o?.signal);
      if (replies.some((r) => !("json" in r) || r.unknown > 0)) return null;
      return `[${replies.map((r) => (r as { json: string }).json).join(",")}]`;
    },
    async close() {
      closing = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
