// Reward-server figures (issues 19 and 27): a batch of 1,000 outputs over HTTP with one scoring thread and with one per
// core, the one-thread rate against the in-process scorer on the same outputs, p50/p99 latency of a one-output request
// (alone, and beside a client sending 4,096-output batches), the all-cores/one-thread ratio against the machine's
// ceiling at 512 and 4,096 outputs, OpenRLHF's one-sample /get_reward requests, and the detectors' time per reply size.
// The configurations are measured in interleaved rounds and the best round is the headline (other load on a shared
// machine only ever adds time), with the median beside it. Standalone: `npx tsx bench/reward-server.bench.ts`.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { listFiles, repoPath } from "../bin/load/files";
import { loadScoringContext } from "../bin/load/context";
import { DETECTOR_CODES } from "../lib/pack/vocab";
import { MAX_REPLY_CHARS, scoreOutput, type RewardInput } from "../lib/reward/score-outputs";
import { makePromptLine } from "../lib/prompts/prompt-line";
import { scoreDecision } from "../lib/scoring/score-decision";
import { loadPromptPack } from "../bin/load/prompt-pack";
import { calibrationNsPerChar } from "./calibration";
import { createScoringPool, type ScoringPool } from "../bin/reward-server/pool";

const BATCH = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SIZES = [512, 4096];
const BESIDE = Number(process.env.BENCH_BESIDE ?? 1000);
const PER_ROUND = 3;
const SINGLES = Number(process.env.BENCH_SINGLES ?? 3000);
const CONCURRENT = 32;
const cores = availableParallelism();

// 1,000 outputs: the example runs' lines, taken from each run in turn.
const runs = listFiles(repoPath("golden", "runs"), ".jsonl").map((f) => readFileSync(f, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as RewardInput));
const outputs: RewardInput[] = [];
for (let i = 0; outputs.length < BATCH; i++) for (const r of runs) if (outputs.length < BATCH) outputs.push(r[i % r.length]!);
const body = Buffer.from(JSON.stringify({ outputs: outputs.map((o) => ({ decision_id: o.decision_id, raw: o.raw, thinking: o.thinking })) }));
const singles = outputs.map((o) => Buffer.from(JSON.stringify({ outputs: [{ decision_id: o.decision_id, raw: o.raw }] })));
const outputsOf = (n: number) => Array.from({ length: n }, (_, i) => outputs[i % outputs.length]!);
const bodyOf = (n: number) => Buffer.from(JSON.stringify({ outputs: outputsOf(n).map((o) => ({ decision_id: o.decision_id, raw: o.raw, thinking: o.thinking })) }));
const sized = new Map(SIZES.map((n) => [n, bodyOf(n)]));
// OpenRLHF's request: one sample, the ~32,000-character text prompt twice (as the prompt and inside the query).
const promptPack = loadPromptPack();
const openRlhfBodies = () => outputs.map((o) => {
  const prompt = makePromptLine(promptPack, ctxPoints().get(o.decision_id)!, "text").prompt!;
  return Buffer.from(JSON.stringify({ query: [`${prompt}${o.raw}<|im_end|>`], prompts: [prompt], labels: [o.decision_id] }));
});

type Server = { url: URL; child: ChildProcess; agent: http.Agent };

function start(workers: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/assay.mjs", "reward-server", "--port", "0", "--workers", String(workers)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ url: new URL(m[1]!), child, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) });
    });
    child.once("exit", (code) => reject(new Error(`reward-server exited with ${code}`)));
  });
}

function post(s: Server, payload: Buffer, route = "/v1/score"): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: s.url.hostname, port: s.url.port, path: route, method: "POST", agent: s.agent, headers: { "content-type": "application/json", "content-length": payload.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function timeBatch(s: Server, payload = body): Promise<number> {
  const t0 = performance.now();
  const r = await post(s, payload);
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.text.slice(0, 200)}`);
  return ms;
}

// The in-process scorer on the same outputs: what `assay score` pays per decision, without HTTP or threads.
const ctx = loadScoringContext();
function ctxPoints() {
  return new Map(ctx.points.map((p) => [p.decision_id, p]));
}
const rewardCtx = { points: new Map(ctx.points.map((p) => [p.decision_id, p])), pack: ctx.pack, advisory: new Set(DETECTOR_CODES.filter((c) => ctx.detectors[c].advisory)) };
function timeInProcess(): number {
  const t0 = performance.now();
  let sink = 0;
  for (const o of outputs) sink += scoreOutput(rewardCtx, o)!.score;
  const ms = performance.now() - t0;
  return sink >= 0 ? ms : NaN;
}

/** scoreDecision itself (what `assay score` runs), without the server's reply limit in front of it. */
function scoreDecisionOnly(id: string, raw: string): number {
  return scoreDecision(rewardCtx.points.get(id)!, { decision_id: id, raw, thinking: false }, rewardCtx.pack, rewardCtx.advisory).score;
}

const sizeFigures: Array<{ n: number; scaling: number; ceiling: number; ratio: number; median_ratio: number }> = [];

/** The in-process scorer on one valid reply of each size (the text of the example replies, repeated): best of 3. */
function detectorTimes(): Array<{ chars: number; ms: number; nsPerChar: number }> {
  const texts = outputs.flatMap((o) => {
    try {
      return [(JSON.parse(o.raw) as { reply: string }).reply];
    } catch {
      return [];
    }
  });
  const corpus = texts.join(" ");
  const template = outputs.find((o) => o.raw.startsWith("{"))!;
  const shape = JSON.parse(template.raw) as Record<string, unknown>;
  const out = [];
  for (const chars of [1_000, 4_000, 16_000, MAX_REPLY_CHARS, 131_072, 524_288]) {
    let reply = "";
    while (reply.length < chars) reply += corpus;
    const raw = JSON.stringify({ ...shape, reply: reply.slice(0, chars) });
    const ms = Math.min(...[0, 1, 2].map(() => {
      const t0 = performance.now();
      scoreDecisionOnly(template.decision_id, raw);
      return performance.now() - t0;
    }));
    out.push({ chars, ms, nsPerChar: (ms * 1e6) / chars });
  }
  return out;
}

const calibrationBefore = calibrationNsPerChar();
const loadBefore = loadavg()[0]!;
const one = await start(1);
const all = await start(cores);
// The machine's own ceiling: one scoring thread per core, each scoring the whole batch at the same time with no HTTP
// and nothing shared, against one such thread alone. Two threads on a VM's two cores can each run slower than one
// alone (shared caches, the host's scheduling); no server can scale past this.
const solo: ScoringPool[] = await Promise.all(Array.from({ length: cores }, () => createScoringPool(1, { advisory: [...rewardCtx.advisory] })));
async function timeSolo(n: number, items = outputs): Promise<number> {
  const t0 = performance.now();
  await Promise.all(solo.slice(0, n).map((p) => p.score(items)));
  return performance.now() - t0;
}
try {
  // The same rewards from both servers and the in-process scorer, bit for bit, before anything is timed.
  const expected = outputs.map((o) => scoreOutput(rewardCtx, o)!.score);
  for (const s of [one, all]) {
    const got = (JSON.parse((await post(s, body)).text) as { results: Array<{ reward: number }> }).results.map((r) => r.reward);
    if (!got.every((x, i) => Object.is(x, expected[i]))) throw new Error("the server's rewards differ from the in-process scorer's");
  }
  // Warm-up: every thread's JIT, the server's and this process's.
  for (let i = 0; i < 15; i++) {
    await timeBatch(one);
    await timeBatch(all);
    timeInProcess();
  }
  for (let i = 0; i < 10; i++) await timeSolo(cores);
  const times = { one: [] as number[], all: [] as number[], inProcess: [] as number[], soloOne: [] as number[], soloAll: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < PER_ROUND; i++) times.one.push(await timeBatch(one));
    for (let i = 0; i < PER_ROUND; i++) times.all.push(await timeBatch(all));
    for (let i = 0; i < PER_ROUND; i++) times.inProcess.push(timeInProcess());
    for (let i = 0; i < PER_ROUND; i++) times.soloOne.push(await timeSolo(1));
    for (let i = 0; i < PER_ROUND; i++) times.soloAll.push(await timeSolo(cores));
  }
  // Issue 27's target: all cores against one thread, beside the machine's ceiling, at 512 and 4,096 outputs.
  const bySize = new Map<number, { one: number[]; all: number[]; soloOne: number[]; soloAll: number[] }>();
  for (const n of SIZES) {
    const items = outputsOf(n);
    const t = { one: [] as number[], all: [] as number[], soloOne: [] as number[], soloAll: [] as number[] };
    const rounds = Math.max(2, Math.round((ROUNDS * 1000) / n));
    for (let round = 0; round < rounds; round++) {
      t.one.push(await timeBatch(one, sized.get(n)));
      t.all.push(await timeBatch(all, sized.get(n)));
      t.soloOne.push(await timeSolo(1, items));
      t.soloAll.push(await timeSolo(cores, items));
    }
    bySize.set(n, t);
  }

  // One-output requests while another client sends 4,096-output batches back to back (fair scheduling).
  const batchClient: Server = { ...all, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
  let stopBatches = false;
  let batchesDone = 0;
  const batches = (async () => {
    while (!stopBatches) {
      await post(batchClient, sized.get(4096)!);
      batchesDone++;
    }
  })();
  await new Promise((r) => setTimeout(r, 200));
  const beside: number[] = [];
  for (let i = 0; i < BESIDE; i++) {
    const t0 = performance.now();
    const r = await post(all, singles[i % singles.length]!);
    beside.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
  }
  stopBatches = true;
  await batches;
  batchClient.agent.destroy();

  // OpenRLHF's pattern on /get_reward: one sample per request carrying the whole prompt twice, 32 in flight.
  const orBodies = openRlhfBodies();
  const orClient: Server = { ...all, agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENT }) };
  const orRate = async () => {
    const t0 = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENT }, async () => {
      while (next < BATCH) {
        const r = await post(orClient, orBodies[next++]!, "/get_reward");
        if (r.status !== 200) throw new Error(`/get_reward HTTP ${r.status}: ${r.text.slice(0, 200)}`);
      }
    }));
    return (BATCH * 1000) / (performance.now() - t0);
  };
  await orRate();
  const openRlhfRate = Math.max(await orRate(), await orRate());
  orClient.agent.destroy();

  // One-output requests, one at a time on a kept-alive connection, against the default server (a thread per core).
  const latency: number[] = [];
  for (let i = 0; i < 200; i++) await post(all, singles[i % singles.length]!);
  for (let i = 0; i < SINGLES; i++) {
    const t0 = performance.now();
    const r = await post(all, singles[i % singles.length]!);
    latency.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
  }

  // OpenRLHF's pattern: one request per sample, many in flight at once.
  const many: Server = { ...all, agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENT }) };
  const manyRate = async () => {
    const t0 = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENT }, async () => {
      while (next < BATCH) await post(many, singles[next++]!);
    }));
    return (BATCH * 1000) / (performance.now() - t0);
  };
  await manyRate();
  const concurrentRate = Math.max(await manyRate(), await manyRate(), await manyRate());
  many.agent.destroy();

  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const q = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const rate = (ms: number) => Math.round((BATCH * 1000) / ms);
  const fmt = (n: number) => n.toLocaleString("en-US");
  const best = { one: q(times.one, 0), all: q(times.all, 0), inProcess: q(times.inProcess, 0), soloOne: q(times.soloOne, 0), soloAll: q(times.soloAll, 0) };
  const median = { one: q(times.one, 0.5), all: q(times.all, 0.5), inProcess: q(times.inProcess, 0.5), soloOne: q(times.soloOne, 0.5), soloAll: q(times.soloAll, 0.5) };
  const ceiling = (cores * best.soloOne) / best.soloAll;
  const scaling = best.one / best.all;
  const overhead = best.one / best.inProcess;
  const p50 = q(latency, 0.5);
  const p99 = q(latency, 0.99);
  const mark = (ok: boolean) => (ok ? "" : "  BELOW TARGET");
  console.log(`reward-server: batch of ${fmt(BATCH)} over HTTP, 1 thread: ${best.one.toFixed(1)} ms = ${fmt(rate(best.one))} decisions/s (median ${fmt(rate(median.one))}/s)`);
  console.log(`reward-server: batch of ${fmt(BATCH)} over HTTP, ${cores} threads (all cores): ${best.all.toFixed(1)} ms = ${fmt(rate(best.all))} decisions/s (median ${fmt(rate(median.all))}/s)`);
  console.log(`reward-server: all cores / 1 thread = ${scaling.toFixed(2)}× (target ≥ 1.7× on 2 cores; medians ${(median.one / median.all).toFixed(2)}×)${mark(scaling >= 1.7)}`);
  console.log(`reward-server: this machine's ceiling, ${cores} threads each scoring the batch at once with no HTTP against 1 alone: ${ceiling.toFixed(2)}× (${best.soloOne.toFixed(1)} ms alone, ${best.soloAll.toFixed(1)} ms for ${cores}; medians ${((cores * median.soloOne) / median.soloAll).toFixed(2)}×); the server reaches ${((100 * scaling) / ceiling).toFixed(0)}% of it`);
  console.log(`reward-server: in-process scorer on the same outputs ${best.inProcess.toFixed(1)} ms = ${fmt(rate(best.inProcess))} decisions/s; 1 thread over HTTP takes ${overhead.toFixed(2)}× its time (target within 1.5×; medians ${(median.one / median.inProcess).toFixed(2)}×)${mark(overhead <= 1.5)}`);
  console.log(`reward-server: one-output request, ${fmt(SINGLES)} in a row, ${cores} threads: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${q(latency, 1).toFixed(2)} ms (target p99 < 5 ms)${mark(p99 < 5)}`);
  console.log(`reward-server: ${fmt(BATCH)} one-output requests, ${CONCURRENT} in flight, ${cores} threads: ${fmt(Math.round(concurrentRate))} decisions/s`);
  for (const [n, t] of bySize) {
    const sc = q(t.one, 0) / q(t.all, 0);
    const ceil = (cores * q(t.soloOne, 0)) / q(t.soloAll, 0);
    const ratio = sc / ceil;
    const medianRatio = q(t.one, 0.5) / q(t.all, 0.5) / ((cores * q(t.soloOne, 0.5)) / q(t.soloAll, 0.5));
    console.log(`reward-server: batch of ${fmt(n)}: all cores / 1 thread ${sc.toFixed(2)}× over HTTP against this machine's ceiling ${ceil.toFixed(2)}× (no HTTP): ${(100 * ratio).toFixed(0)}% of it (target ≥ 90%; medians ${(100 * medianRatio).toFixed(0)}%; ${t.one.length} rounds)${mark(ratio >= 0.9)}`);
    sizeFigures.push({ n, scaling: sc, ceiling: ceil, ratio, median_ratio: medianRatio });
  }
  console.log(`reward-server: one-output request beside a client sending 4,096-output batches back to back, ${cores} threads: p50 ${q(beside, 0.5).toFixed(2)} ms, p99 ${q(beside, 0.99).toFixed(2)} ms, max ${q(beside, 1).toFixed(2)} ms (${fmt(BESIDE)} requests while ${batchesDone} batches were scored)`);
  console.log(`reward-server: OpenRLHF /get_reward, one sample per request with the ${fmt(Math.round(orBodies[0]!.length / 1024))} KB body, ${CONCURRENT} in flight, ${cores} threads: ${fmt(Math.round(openRlhfRate))} decisions/s (the same outputs on /v1/score: ${fmt(Math.round(concurrentRate))}/s)`);
  const detectorSizes = detectorTimes();
  for (const d of detectorSizes) console.log(`reward-server: detectors and scorer in process, one reply of ${fmt(d.chars)} characters: ${d.ms.toFixed(1)} ms = ${d.nsPerChar.toFixed(0)} ns/char${d.chars > MAX_REPLY_CHARS ? " (over the server's limit: format-invalid there, never scored)" : ""}`);
  const calibration = [calibrationBefore, calibrationNsPerChar()];
  console.log(`reward-server: ${ROUNDS} interleaved rounds of ${PER_ROUND} per configuration; load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after; machine speed ${calibration.map((c) => c.toFixed(2)).join(" and ")} ns/char (bench/calibration.ts)`);
  mkdirSync(repoPath("bench", "out"), { recursive: true });
  writeFileSync(
    repoPath("bench", "out", "reward-server.json"),
    JSON.stringify({ cores, batch: BATCH, best, median, scaling, ceiling, overhead, p50, p99, concurrent_rate: concurrentRate, by_size: sizeFigures, beside_4096_ms: sorted(beside), openrlhf_rate: openRlhfRate, detector_sizes: detectorSizes, calibration, times, latency_ms: sorted(latency) }, null, 2),
  );
} finally {
  await Promise.all(solo.map((p) => p.close()));
  for (const s of [one, all]) {
    s.agent.destroy();
    s.child.kill("SIGTERM");
  }
}
