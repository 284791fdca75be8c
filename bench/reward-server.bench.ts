// Reward-server figures (issue 19): a batch of 1,000 outputs over HTTP with one scoring thread and with one per core,
// the one-thread rate against the in-process scorer on the same outputs, and p50/p99 latency of a one-output request.
// The configurations are measured in interleaved rounds and the best round is the headline (other load on a shared
// machine only ever adds time), with the median beside it. Standalone: `npx tsx bench/reward-server.bench.ts`.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { listFiles, repoPath } from "../bin/load/files";
import { loadScoringContext } from "../bin/load/context";
import { DETECTOR_CODES } from "../lib/pack/vocab";
import { scoreOutput, type RewardInput } from "../lib/reward/score-outputs";
import { calibrationNsPerChar } from "./calibration";
import { createScoringPool, type ScoringPool } from "../bin/reward-server/pool";

const BATCH = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
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

function post(s: Server, payload: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: s.url.hostname, port: s.url.port, path: "/v1/score", method: "POST", agent: s.agent, headers: { "content-type": "application/json", "content-length": payload.length } },
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

async function timeBatch(s: Server): Promise<number> {
  const t0 = performance.now();
  const r = await post(s, body);
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.text.slice(0, 200)}`);
  return ms;
}

// The in-process scorer on the same outputs: what `assay score` pays per decision, without HTTP or threads.
const ctx = loadScoringContext();
const rewardCtx = { points: new Map(ctx.points.map((p) => [p.decision_id, p])), pack: ctx.pack, advisory: new Set(DETECTOR_CODES.filter((c) => ctx.detectors[c].advisory)) };
function timeInProcess(): number {
  const t0 = performance.now();
  let sink = 0;
  for (const o of outputs) sink += scoreOutput(rewardCtx, o)!.score;
  const ms = performance.now() - t0;
  return sink >= 0 ? ms : NaN;
}

const calibrationBefore = calibrationNsPerChar();
const loadBefore = loadavg()[0]!;
const one = await start(1);
const all = await start(cores);
// The machine's own ceiling: one scoring thread per core, each scoring the whole batch at the same time with no HTTP
// and nothing shared, against one such thread alone. Two threads on a VM's two cores can each run slower than one
// alone (shared caches, the host's scheduling); no server can scale past this.
const solo: ScoringPool[] = await Promise.all(Array.from({ length: cores }, () => createScoringPool(1, { advisory: [...rewardCtx.advisory] })));
async function timeSolo(n: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(solo.slice(0, n).map((p) => p.score(outputs)));
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
  const calibration = [calibrationBefore, calibrationNsPerChar()];
  console.log(`reward-server: ${ROUNDS} interleaved rounds of ${PER_ROUND} per configuration; load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after; machine speed ${calibration.map((c) => c.toFixed(2)).join(" and ")} ns/char (bench/calibration.ts)`);
  mkdirSync(repoPath("bench", "out"), { recursive: true });
  writeFileSync(repoPath("bench", "out", "reward-server.json"), JSON.stringify({ cores, batch: BATCH, best, median, scaling, ceiling, overhead, p50, p99, concurrent_rate: concurrentRate, calibration, times, latency_ms: sorted(latency) }, null, 2));
} finally {
  await Promise.all(solo.map((p) => p.close()));
  for (const s of [one, all]) {
    s.agent.destroy();
    s.child.kill("SIGTERM");
  }
}
