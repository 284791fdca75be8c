import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HARD_CODE_NAMES } from "../../lib/pack/vocab";
import { makePromptLine } from "../../lib/prompts/prompt-line";
import { PROMPT_VERSION } from "../../lib/prompts/version";
import type { NativeResult } from "../../lib/reward/native";
import { MAX_BATCH, MAX_BODY_BYTES } from "../../lib/reward/request-error";
import type { ScoreReport } from "../../lib/scoring/report-schema";
import { loadDecisionPoints } from "../load/episodes";
import { listFiles, repoPath } from "../load/files";
import { loadPromptPack } from "../load/prompt-pack";
import { startRewardServerCli, type RunningServer } from "../testing/cli";
import { runCli } from "../testing/run-cli";

const runFiles = listFiles(repoPath("golden", "runs"), ".jsonl");
const runLines = (f: string) => readFileSync(f, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as { decision_id: string; raw: string; thinking: boolean; model?: string });
const points = new Map(loadDecisionPoints().map((p) => [p.decision_id, p]));
const pack = loadPromptPack();

let server: RunningServer;
const reports = new Map<string, ScoreReport>();

async function post(route: string, body: unknown, raw?: Uint8Array<ArrayBuffer> | string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: raw ?? JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
const scoreBatch = async (outputs: unknown[]) => (await post("/v1/score", { outputs })).json.results as NativeResult[];

beforeAll(async () => {
  // The server starts in its own process while this one scores.
  const starting = startRewardServerCli(["--workers", "2"]);
  // `assay score --json` on every example run, in this process (one at a time: main() owns stdout while it runs).
  try {
    for (const f of runFiles) {
      const r = await runCli(["score", "--run", f, "--json"]);
      if (r.code !== 0) throw new Error(`assay score ${f}: ${r.err}`);
      reports.set(f, JSON.parse(r.out) as ScoreReport);
    }
  } finally {
    server = await starting; // stopped by afterAll, whatever happened above
  }
}, 180_000);
afterAll(() => server?.stop());

describe("POST /v1/score is `assay score`", { timeout: 60_000 }, () => {
  it.each(runFiles.map((f) => [path.basename(f), f]))("%s: every reward equals decisions[].score bit for bit, with the same verdict", async (_name, file) => {
    const report = reports.get(file)!;
    const results = await scoreBatch(runLines(file));
    expect(results).toHaveLength(report.decisions.length);
    results.forEach((r, i) => {
      const d = report.decisions[i]!;
      expect(r.decision_id).toBe(d.decision_id);
      expect(Object.is(r.reward, d.score), `${d.decision_id}: ${r.reward} vs ${d.score}`).toBe(true);
      expect({ format_valid: r.format_valid, format_error: r.format_error, hard_violations: r.hard_violations, components: r.components }).toEqual({
        format_valid: d.format_valid,
        format_error: d.format_error,
        hard_violations: d.hard_violations,
        components: d.components,
      });
    });
  });

  it("the score report records the prompt version, as /v1/info does", () => {
    for (const r of reports.values()) expect(r.prompt_version).toBe(PROMPT_VERSION);
  });

  it("concurrent single-output requests get the rewards of one batch", async () => {
    const lines = runLines(runFiles[0]!).slice(0, 40);
    const batch = await scoreBatch(lines);
    const singles = await Promise.all(lines.map(async (l) => (await scoreBatch([l]))[0]!));
    expect(singles).toEqual(batch);
  });

  it("a server with one scoring thread answers exactly as one with two (stateless)", async () => {
    const lines = runFiles.flatMap((f) => runLines(f).slice(0, 30));
    const two = await scoreBatch(lines);
    const one = await startRewardServerCli(["--workers", "1"]);
    try {
      const res = await fetch(`${one.url}/v1/score`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ outputs: lines }) });
      expect(((await res.json()) as { results: NativeResult[] }).results).toEqual(two);
    } finally {
      await one.stop();
    }
  }, 60_000);
});

describe("POST /get_reward (OpenRLHF)", () => {
  it("rewards the response after the prompt, as /v1/score does, with numeric extra_logs", async () => {
    const lines = runLines(runFiles.find((f) => f.endsWith("leaky.jsonl"))!);
    const prompts = lines.map((l) => makePromptLine(pack, points.get(l.decision_id)!, "text").prompt!);
    const r = await post("/get_reward", { query: lines.map((l, i) => `${prompts[i]}${l.raw}<|im_end|>`), prompts, labels: lines.map((l) => l.decision_id) });
    expect(r.status).toBe(200);
    const native = await scoreBatch(lines);
    const rewards = r.json.rewards as number[];
    expect(rewards.every((x, i) => Object.is(x, native[i]!.reward))).toBe(true);
    expect(r.json.scores).toEqual(rewards);
    const logs = r.json.extra_logs as Record<string, number[]>;
    expect(logs.format_valid).toEqual(native.map((n) => (n.format_valid ? 1 : 0)));
    expect(logs[HARD_CODE_NAMES.H1]).toEqual(native.map((n) => (n.hard_violations.includes("H1") ? 1 : 0)));
    expect(logs[HARD_CODE_NAMES.H1]!.some((x) => x === 1)).toBe(true);
  });
});

describe("POST /verify (NeMo Gym)", () => {
  it("echoes the request with the reward and weighted components that sum to it; a zeroed decision has every component 0", async () => {
    // Ten zeroed and ten rewarded outputs of the leaky run, whichever they are under the detectors of the day.
    const all = runLines(runFiles.find((f) => f.endsWith("leaky.jsonl"))!);
    const allNative = await scoreBatch(all);
    const lines = [...all.filter((_, i) => allNative[i]!.reward === 0).slice(0, 10), ...all.filter((_, i) => allNative[i]!.reward > 0).slice(0, 10)];
    const native = await scoreBatch(lines);
    expect(native.some((n) => n.reward === 0) && native.some((n) => n.reward > 0)).toBe(true);
    for (const [i, l] of lines.entries()) {
      const body = { responses_create_params: { input: [{ role: "user", content: "…" }] }, decision_id: l.decision_id, response: { id: "resp_1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: l.raw }] }] } };
      const r = await post("/verify", body);
      expect(r.status).toBe(200);
      const { reward, reward_components, ...echo } = r.json as { reward: number; reward_components: Record<string, number> };
      expect(echo).toEqual(body);
      expect(Object.is(reward, native[i]!.reward)).toBe(true);
      expect(Object.is(Object.values(reward_components).reduce((a, b) => a + b, 0), reward)).toBe(true);
      if (reward === 0) expect(Object.values(reward_components).every((v) => v === 0)).toBe(true);
    }
  });
});

describe("GET /healthz and /v1/info", () => {
  it("/v1/info names the pack, eval hash, prompt version, detector figures and advisory criteria of `assay score`", async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true });
    const info = (await (await fetch(`${server.url}/v1/info`)).json()) as Record<string, unknown>;
    const report = reports.get(runFiles[0]!)!;
    expect(info).toMatchObject({ pack_version: report.pack_version, eval_hash: report.eval_hash, prompt_version: PROMPT_VERSION, advisory: report.advisory, detectors: report.detectors, workers: 2 });
  });
});

describe("a request that cannot be scored is a 4xx naming the item and field, never a reward", { timeout: 60_000 }, () => {
  const ID = [...points.keys()][0]!;
  it.each([
    ["malformed JSON", "/v1/score", null, "{oops", 400, ""],
    ["bytes that are not UTF-8", "/v1/score", null, new Uint8Array([0x7b, 0xff, 0x7d]), 400, ""],
    ["an unknown decision id", "/v1/score", { outputs: [{ decision_id: ID, raw: "" }, { decision_id: "zzz-999-d1", raw: "" }] }, undefined, 422, "outputs[1].decision_id"],
    ["a raw that is not a string", "/v1/score", { outputs: [{ decision_id: ID, raw: 7 }] }, undefined, 400, "outputs[0].raw"],
    ["a batch over the limit", "/v1/score", { outputs: Array.from({ length: MAX_BATCH + 1 }, () => ({ decision_id: ID, raw: "" })) }, undefined, 413, "outputs"],
    ["a body over the byte limit", "/v1/score", null, `{"outputs":[{"decision_id":"${ID}","raw":"${"x".repeat(MAX_BODY_BYTES)}"}]}`, 413, ""],
    ["an OpenRLHF label that is no decision", "/get_reward", { query: ["pq"], prompts: ["p"], labels: ["nope"] }, undefined, 422, "labels[0]"],
    ["an OpenRLHF query that does not hold its prompt", "/get_reward", { query: ["xq"], prompts: [makePromptLine(pack, points.get(ID)!, "text").prompt!], labels: [ID] }, undefined, 422, "query[0]"],
    ["an OpenRLHF label that disagrees with its prompt", "/get_reward", { query: ["xq"], prompts: [makePromptLine(pack, [...points.values()][40]!, "text").prompt!], labels: [ID] }, undefined, 422, "labels[0]"],
    ["a NeMo Gym request without a decision id", "/verify", { responses_create_params: {}, response: { output: [] } }, undefined, 400, "decision_id"],
  ])("%s", async (_name, route, body, raw, status, field) => {
    const r = await post(route, body, raw);
    expect(r.status).toBe(status);
    expect(r.json).toMatchObject({ error: expect.stringContaining(field), field });
    expect(r.json).not.toHaveProperty("results");
    expect(r.json).not.toHaveProperty("rewards");
    expect(r.json).not.toHaveProperty("reward");
  });

  it("an unknown route is 404 and a wrong method 405, as JSON", async () => {
    const missing = await fetch(`${server.url}/v2/score`, { method: "POST", body: "{}" });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/no route \/v2\/score/);
    const wrong = await fetch(`${server.url}/v1/score`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });

  it.each([
    [["--port", "http"], /--port must be an integer from 0 to 65535/],
    [["--workers", "0"], /--workers must be an integer from 1 to 256/],
  ])("bad options %j exit 2", async (args, message) => {
    const r = await runCli(["reward-server", ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});
