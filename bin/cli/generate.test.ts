import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLineKey } from "../../lib/generate/plan";
import { makePromptLine } from "../../lib/prompts/prompt-line";
import { runLineSchema, type RunLine } from "../../lib/schemas/run-line";
import { answerFor, LEAKED_FACT, startScriptedModel, type Behaviour, type ScriptedModel } from "../../scripts/scripted-model";
import { loadDecisionPoints } from "../load/episodes";
import { loadPromptPack } from "../load/prompt-pack";
import { spawnCli } from "../testing/cli";
import { runCli } from "../testing/run-cli";

const dir = mkdtempSync(path.join(tmpdir(), "assay-generate-"));
const points = loadDecisionPoints();
const byId = new Map(points.map((p) => [p.decision_id, p]));
// One decision per scripted behaviour; the leak goes to a decision where H1 applies (not yet verified).
const LEAK = points.find((p) => !p.target.may_disclose_account_details)!.decision_id;
const [BROKEN, LIMITED, SLOW] = points.filter((p) => p.decision_id !== LEAK).slice(10, 13).map((p) => p.decision_id) as [string, string, string];
const behaviours: Record<string, Behaviour> = { [BROKEN]: "broken", [LEAK]: "leak", [LIMITED]: "rate-limit", [SLOW]: "slow" };

let model: ScriptedModel;
let script: (id: string) => Behaviour = (id) => behaviours[id] ?? "good";
beforeAll(async () => {
  model = await startScriptedModel({ behaviour: (id) => script(id), slowMs: 10_000 });
});
afterAll(() => model.close());

const readRun = (f: string): RunLine[] => readFileSync(f, "utf8").trimEnd().split("\n").map((l) => runLineSchema.parse(JSON.parse(l)));
const requestsFor = (id: string, from = 0) => model.requests.slice(from).filter((r) => r.decision_id === id);
const generateArgs = (args: string[]) => ["generate", "--model", "scripted-v1", "--base-url", model.url, "--timeout-ms", "2000", "--concurrency", "8", ...args];
// One test runs the real entry point (bin/assay.mjs in a child process); the rest run main() in-process (issue 29).
// Both leave this process free to answer as the scripted model.
const generate = (...args: string[]) => runCli(generateArgs(args));
const generateSpawned = (...args: string[]) => spawnCli(generateArgs(args));

describe("assay generate against the scripted model", { timeout: 90_000 }, () => {
  const out = path.join(dir, "run.jsonl");

  it("writes each completion verbatim; a request that times out is written nowhere and listed with its reason (spawned binary)", async () => {
    const r = await generateSpawned("--out", out);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/generate: 156\/156 done, [\d.]+\/s, 1 error\n/);
    expect(r.err).toMatch(new RegExp(`${SLOW} \\(thinking off, sample 0\\): timeout after 2000 ms`));
    const lines = readRun(out);
    expect(lines).toHaveLength(155);
    expect(lines.some((l) => l.decision_id === SLOW)).toBe(false);
    const line = (id: string) => lines.find((l) => l.decision_id === id)!;
    expect(line(BROKEN).raw).toBe(answerFor(byId.get(BROKEN)!, "broken"));
    expect(line(LEAK).raw.startsWith(`{"reply":"${LEAKED_FACT}`)).toBe(true);
    const good = points.find((p) => !(p.decision_id in behaviours))!;
    expect(line(good.decision_id)).toEqual({ decision_id: good.decision_id, raw: answerFor(good, "good"), thinking: false, model: "scripted-v1", sample: 0 });
    // 429 with Retry-After, then the retry is answered and written.
    expect(requestsFor(LIMITED)).toHaveLength(2);
    expect(line(LIMITED).raw).toBe(answerFor(byId.get(LIMITED)!, "good"));
    // No thinking switch is sent unless --thinking is given; one sample is greedy.
    expect(model.requests.every((q) => !("chat_template_kwargs" in q.body) && q.body.temperature === 0 && q.body.model === "scripted-v1")).toBe(true);
  });

  it("--resume asks only what is missing, and the finished run scores with the broken and leaking answers judged", async () => {
    const before = model.requests.length;
    script = (id) => (id === SLOW ? "good" : (behaviours[id] ?? "good"));
    const r = await generate("--out", out, "--resume");
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/resuming .*: 155 line\(s\) kept, 1 to ask/);
    expect(model.requests.slice(before).map((q) => q.decision_id)).toEqual([SLOW]);
    const lines = readRun(out);
    expect(new Set(lines.map(runLineKey)).size).toBe(156);
    const scored = await runCli(["score", "--run", out, "--json"]);
    expect(scored.code).toBe(0);
    const decisions = new Map((JSON.parse(scored.out) as { decisions: Array<{ decision_id: string; format_valid: boolean; hard_violations: string[]; score: number }> }).decisions.map((d) => [d.decision_id, d]));
    expect(decisions.get(BROKEN)).toMatchObject({ format_valid: false, score: 0 });
    expect(decisions.get(LEAK)!.hard_violations).toContain("H1");
    expect(decisions.get(LIMITED)).toMatchObject({ format_valid: true, hard_violations: [] });
  });

  it("--resume drops a last line cut off mid-write and asks it again, without duplicating any line", async () => {
    const text = readFileSync(out, "utf8");
    const lastId = readRun(out).at(-1)!.decision_id;
    const cutFile = path.join(dir, "cut.jsonl");
    writeFileSync(cutFile, text.slice(0, text.length - 40));
    const before = model.requests.length;
    script = () => "good";
    const r = await generate("--out", cutFile, "--resume");
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/dropped the incomplete last line \(156\)/);
    expect(model.requests.slice(before).map((q) => q.decision_id)).toEqual([lastId]);
    const lines = readRun(cutFile);
    expect(lines).toHaveLength(156);
    expect(new Set(lines.map(runLineKey)).size).toBe(156);
  });

  it("--thinking both --samples 2 asks each prompt four times with the thinking switch, and samples at temperature 1", async () => {
    const f = path.join(dir, "samples.jsonl");
    const before = model.requests.length;
    script = () => "good";
    const r = await generate("--split", "eval", "--thinking", "both", "--samples", "2", "--out", f);
    expect(r.code).toBe(0);
    const lines = readRun(f);
    const nEval = points.filter((p) => p.split === "eval").length;
    expect(lines).toHaveLength(nEval * 4);
    expect(new Set(lines.map(runLineKey)).size).toBe(nEval * 4);
    const sent = model.requests.slice(before);
    for (const q of sent) expect(q.body.temperature).toBe(1);
    expect(sent.filter((q) => (q.body.chat_template_kwargs as { enable_thinking: boolean }).enable_thinking).length).toBe(nEval * 2);
    expect(lines.filter((l) => l.thinking).length).toBe(nEval * 2);
  });

  it("reads the prompts file of `assay prompts` when given one", async () => {
    const promptsFile = path.join(dir, "two-prompts.jsonl");
    const pack = loadPromptPack();
    writeFileSync(promptsFile, `${points.slice(0, 2).map((p) => JSON.stringify(makePromptLine(pack, p, "chat"))).join("\n")}\n`);
    const f = path.join(dir, "two.jsonl");
    expect((await generate("--prompts", promptsFile, "--out", f)).code).toBe(0);
    expect(readRun(f).map((l) => l.decision_id).sort()).toEqual(points.slice(0, 2).map((p) => p.decision_id).sort());
  });
});

describe("assay generate bad input exits 2 naming the file, line and field", { timeout: 60_000 }, () => {
  const file = (name: string, text: string) => {
    const f = path.join(dir, name);
    writeFileSync(f, text);
    return f;
  };
  const pack = loadPromptPack();
  const chat = (i: number) => JSON.stringify(makePromptLine(pack, points[i]!, "chat"));
  const good = JSON.stringify({ decision_id: points[0]!.decision_id, raw: "{}", thinking: false, model: "scripted-v1", sample: 0 });
  const offline = ["generate", "--model", "scripted-v1", "--base-url", "http://127.0.0.1:9/v1"];

  it.each([
    ["a malformed prompts line", () => ["--prompts", file("p1.jsonl", `${chat(0)}\n{nope\n`), "--out", path.join(dir, "o1.jsonl")], /p1\.jsonl:2: malformed JSON/],
    ["an unknown decision id in the prompts", () => ["--prompts", file("p2.jsonl", chat(0).replace(/"decision_id":"[^"]+"/, '"decision_id":"zzz-999-d1"')), "--out", path.join(dir, "o2.jsonl")], /p2\.jsonl:1: decision_id: unknown decision id 'zzz-999-d1'/],
    ["a duplicate prompt", () => ["--prompts", file("p4.jsonl", `${chat(0)}\n${chat(1)}\n${chat(0)}\n`), "--out", path.join(dir, "o8.jsonl")], /p4\.jsonl:3: decision_id: duplicate prompt for/],
    ["text prompts", () => ["--prompts", file("p3.jsonl", JSON.stringify(makePromptLine(pack, points[0]!, "text"))), "--out", path.join(dir, "o3.jsonl")], /p3\.jsonl:1: messages: generate sends chat messages/],
    ["an existing output without --resume", () => ["--out", file("o4.jsonl", `${good}\n`)], /o4\.jsonl already exists: pass --resume/],
    ["a resumed file written by another model", () => ["--resume", "--out", file("o5.jsonl", `${good.replace("scripted-v1", "other")}\n`)], /o5\.jsonl:1: model: line written by model 'other'/],
    ["a bad line before the last one of a resumed file", () => ["--resume", "--out", file("o6.jsonl", `${good}\n{cut\n${good}\n`)], /o6\.jsonl:2: malformed JSON/],
    ["a duplicate line in a resumed file", () => ["--resume", "--out", file("o7.jsonl", `${good}\n${good}\n`)], /o7\.jsonl:2: decision_id: duplicate line/],
  ])("%s", async (_name, args, message) => {
    const r = await runCli([...offline, ...args()]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it.each([
    [["generate", "--base-url", "http://127.0.0.1:9/v1", "--out", "x"], /--model NAME is required/],
    [["generate", "--model", "m", "--base-url", "ftp://x", "--out", "x"], /--base-url must be an http\(s\) URL/],
    [["generate", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--thinking", "maybe", "--out", "x"], /--thinking must be on, off or both/],
    [["generate", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--samples", "0", "--out", "x"], /--samples must be an integer ≥ 1/],
  ])("usage error %j", async (args, message) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});
