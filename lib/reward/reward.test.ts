import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadDecisionPoints } from "../../bin/load/episodes";
import { listFiles, repoPath } from "../../bin/load/files";
import { loadPack } from "../../bin/load/pack";
import { HARD_CODE_NAMES, type DetectorCode } from "../pack/vocab";
import { runLineSchema } from "../schemas/run-line";
import { nativeResult, parseScoreRequest } from "./native";
import { parseVerifyRequest, rewardComponents, verifyResponse } from "./nemo-gym";
import { openRlhfResponse, parseOpenRlhfRequest, responseOf, type OpenRlhfContext } from "./openrlhf";
import { createPromptIndex } from "./prompt-index";
import { loadPromptPack } from "../../bin/load/prompt-pack";
import { makePromptLine } from "../prompts/prompt-line";
import { MAX_BATCH } from "./request-error";
import { scoreOutput, type RewardContext } from "./score-outputs";

const points = loadDecisionPoints();
const ctx: RewardContext = { points: new Map(points.map((p) => [p.decision_id, p])), pack: loadPack(), advisory: new Set() };
const known = (id: string) => ctx.points.has(id);
const exampleLines = listFiles(repoPath("golden", "runs"), ".jsonl").flatMap((f) => readFileSync(f, "utf8").trimEnd().split("\n").map((l) => runLineSchema.parse(JSON.parse(l))));
const ID = points[0]!.decision_id;

describe("NeMo Gym reward components", () => {
  it("sum to the reward exactly, in the order NeMo-RL adds them, on every example output", () => {
    for (const line of exampleLines) {
      const s = scoreOutput(ctx, line)!;
      const sum = Object.values(rewardComponents(s)).reduce((a, b) => a + b, 0);
      expect(Object.is(sum, s.score), `${line.decision_id} ${line.model}`).toBe(true);
    }
  });

  it("are all 0 on a zeroed decision (format-invalid or a hard violation) and weighted otherwise", () => {
    const scored = exampleLines.map((l) => scoreOutput(ctx, l)!);
    const zeroed = scored.filter((s) => !s.format_valid || s.hard_violations.length > 0);
    expect(zeroed.some((s) => !s.format_valid) && zeroed.some((s) => s.format_valid)).toBe(true);
    for (const s of zeroed) expect(Object.values(rewardComponents(s)).every((v) => v === 0)).toBe(true);
    const full = scored.find((s) => s.score > 0.99)!;
    expect(rewardComponents(full).destination).toBe(0.25);
  });

  it("a hard violation that is advisory keeps its components and its reward", () => {
    const leak = exampleLines.find((l) => scoreOutput(ctx, l)!.hard_violations.includes("H1"))!;
    const advisoryCtx = { ...ctx, advisory: new Set<DetectorCode>(["H1"]) };
    const s = scoreOutput(advisoryCtx, leak)!;
    expect(s.score).toBe(s.graded);
    expect(nativeResult(s, advisoryCtx.advisory).advisory).toEqual(["H1"]);
    expect(nativeResult(scoreOutput(ctx, leak)!, ctx.advisory)).toMatchObject({ reward: 0, advisory: [], hard_violations: expect.arrayContaining(["H1"]) });
  });
});

describe("parseVerifyRequest", () => {
  const message = (...texts: string[]) => ({ type: "message", role: "assistant", content: texts.map((text) => ({ type: "output_text", text })) });

  it("reads the output text as the SDK's output_text does: every output_text part of every message, joined", () => {
    const body = { responses_create_params: { input: [] }, decision_id: ID, extra: 1, response: { output: [{ type: "reasoning", summary: [] }, message('{"reply":', '"x"'), { type: "function_call", name: "f" }, message("}")] } };
    const r = parseVerifyRequest(body, known);
    expect(r).toEqual({ ok: true, value: { input: { decision_id: ID, raw: '{"reply":"x"}', thinking: true }, body } });
    const s = scoreOutput(ctx, { decision_id: ID, raw: "nope" })!;
    expect(verifyResponse(body, s)).toEqual({ ...body, reward: 0, reward_components: rewardComponents(s) });
  });

  it("reads a reasoning block and an end marker in the output text as every route does", () => {
    const line = exampleLines.find((l) => scoreOutput(ctx, l)!.score > 0)!;
    const body = { decision_id: line.decision_id, response: { output: [message(`<think>\nThe caller is verified.\n</think>\n\n${line.raw}<|im_end|>`)] } };
    const r = parseVerifyRequest(body, known);
    expect(r.ok && { ...r.value.input, raw: r.value.input.raw.trim() }).toEqual({ decision_id: line.decision_id, raw: line.raw, thinking: true });
    expect(r.ok && scoreOutput(ctx, r.value.input)!.score).toBe(scoreOutput(ctx, line)!.score);
  });
  it("a body nested deeper than any real request is a 400, not a stack overflow", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const r = parseVerifyRequest({ decision_id: ID, response: { output: [] }, extra: deep }, known);
    expect(r).toMatchObject({ ok: false, error: { status: 400, error: expect.stringMatching(/nests deeper than 512/) } });
  });
  it.each([
    [[], 400, ""],
    [{ response: { output: [] } }, 400, "decision_id"],
    [{ decision_id: ID }, 400, "response"],
    [{ decision_id: ID, response: { output: "text" } }, 400, "response.output"],
    [{ decision_id: ID, response: { output: [{ type: "message", content: "text" }] } }, 400, "response.output[0].content"],
    [{ decision_id: ID, response: { output: [{ type: "message", content: [{ type: "output_text", text: 3 }] }] } }, 400, "response.output[0].content[0].text"],
    [{ decision_id: "zzz-999-d1", response: { output: [] } }, 422, "decision_id"],
  ])("refuses %j with %i naming %j", (body, status, field) => {
    const r = parseVerifyRequest(body, known);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.status, r.error.field]).toEqual([status, field]);
  });
});

describe("parseScoreRequest", () => {
  it("keeps request order and defaults thinking to false", () => {
    const r = parseScoreRequest({ outputs: [{ decision_id: ID, raw: "b", thinking: true }, { decision_id: ID, raw: "a", model: "m", sample: 3 }] }, known);
    expect(r).toEqual({ ok: true, value: [{ decision_id: ID, raw: "b", thinking: true }, { decision_id: ID, raw: "a", thinking: false }] });
  });

  it.each([
    ["a body that is not an object", null, 400, "", null],
    ["an unknown top-level key", { outputs: [{ decision_id: ID, raw: "x" }], extra: 1 }, 400, "", null],
    ["a missing raw", { outputs: [{ decision_id: ID, raw: "x" }, { decision_id: ID }] }, 400, "outputs[1].raw", 1],
    ["a thinking that is not a boolean", { outputs: [{ decision_id: ID, raw: "x", thinking: "yes" }] }, 400, "outputs[0].thinking", 0],
    ["an unknown key in an output", { outputs: [{ decision_id: ID, raw: "x", confidence: 1 }] }, 400, "outputs[0]", 0],
    ["an unknown decision id", { outputs: [{ decision_id: ID, raw: "x" }, { decision_id: "zzz-999-d1", raw: "x" }] }, 422, "outputs[1].decision_id", 1],
    ["a batch over the limit", { outputs: Array.from({ length: MAX_BATCH + 1 }, () => ({ decision_id: ID, raw: "" })) }, 413, "outputs", null],
  ])("refuses %s with %i naming %j", (_name, body, status, field, index) => {
    const r = parseScoreRequest(body, known);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.status, r.error.field, r.error.index]).toEqual([status, field, index]);
  });

  it("an output whose raw is anything at all is scored by the format gate, not refused", () => {
    const r = parseScoreRequest({ outputs: [{ decision_id: ID, raw: "\u0000```{<script>" }] }, known);
    expect(r.ok).toBe(true);
    expect(scoreOutput(ctx, (r as { value: Array<{ decision_id: string; raw: string }> }).value[0]!)).toMatchObject({ format_valid: false, score: 0 });
  });
});

describe("OpenRLHF /get_reward", () => {
  const promptPack = loadPromptPack();
  const orCtx: OpenRlhfContext = { prompts: createPromptIndex(promptPack, points) };
  const promptOf = (id: string) => makePromptLine(promptPack, ctx.points.get(id)!, "text").prompt!;
  it.each([
    ["{}<|im_end|>", "{}"],
    ["{} <|eot_id|>\n", "{} "],
    ["{}</s></s>", "{}"],
    ["{}<|im_end|>\n<|endoftext|>", "{}"],
    ["{}\n", "{}\n"],
    ["{} <|im_end|> trailing", "{} <|im_end|> trailing"],
  ])("the response of %j is %j: only end-of-sequence markers at the very end go", (tail, response) => {
    expect(responseOf(`PROMPT${tail}`, "PROMPT")).toEqual({ raw: response, thinking: false });
  });
  it("answers rewards, equal scores and numeric extra_logs lists, one entry per query", () => {
    const lines = exampleLines.slice(0, 5);
    const r = parseOpenRlhfRequest({ query: lines.map((l) => `${promptOf(l.decision_id)}${l.raw}<|im_end|>`), prompts: lines.map((l) => promptOf(l.decision_id)), labels: lines.map((l) => l.decision_id), ignored: true }, orCtx);
    expect(r.ok).toBe(true);
    const scored = (r as { value: Array<{ decision_id: string; raw: string }> }).value.map((i) => scoreOutput(ctx, i)!);
    const out = openRlhfResponse(scored);
    expect(out.rewards).toEqual(lines.map((l) => scoreOutput(ctx, l)!.score));
    expect(out.scores).toEqual(out.rewards);
    expect(Object.keys(out.extra_logs)).toEqual(["format_valid", ...Object.values(HARD_CODE_NAMES)]);
    for (const v of Object.values(out.extra_logs)) expect(v.every((x) => x === 0 || x === 1) && v.length === lines.length).toBe(true);
  });
  it.each([
    ["a missing labels list", () => ({ query: ["a"], prompts: ["a"] }), 400, "labels", 0],
    ["prompts shorter than query", () => ({ query: ["a", "b"], prompts: ["a"], labels: [ID, ID] }), 400, "prompts", 1],
    ["labels longer than query", () => ({ query: ["a"], prompts: ["a"], labels: [ID, ID] }), 400, "labels", 1],
    ["a query that is not a string", () => ({ query: [1], prompts: ["a"], labels: [ID] }), 400, "query[0]", 0],
    ["a query that does not hold its prompt", () => ({ query: [`${promptOf(ID)}{}`, "nothing"], prompts: [promptOf(ID), promptOf(ID)], labels: [ID, ID] }), 422, "query[1]", 1],
    ["an empty prompt", () => ({ query: ["{}"], prompts: [""], labels: [ID] }), 422, "prompts[0]", 0],
    ["a label that is not a decision id and a prompt that is no decision's", () => ({ query: ["p{}"], prompts: ["p"], labels: ["zzz-999-d1"] }), 422, "labels[0]", 0],
  ])("refuses %s with %i naming %j and the sample's index", (_name, body, status, field, index) => {
    const r = parseOpenRlhfRequest(body(), orCtx);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.status, r.error.field, r.error.index]).toEqual([status, field, index]);
  });
  it("a label that disagrees with its prompt is a 422 naming both decisions", () => {
    // Issue 27's case: frd-008-d2's prompt labelled acc-001-d1 was answered 200 with a reward of 1.0.
    const [a, b] = ["acc-001-d1", "frd-008-d2"];
    const r = parseOpenRlhfRequest({ query: [`${promptOf(b)}{}`], prompts: [promptOf(b)], labels: [a] }, orCtx);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ status: 422, field: "labels[0]", index: 0, error: expect.stringMatching(new RegExp(`'${a}'.*'${b}'`)) });
  });
  it("without a decision id in the label (OpenRLHF sends '' with no label_key) the prompt names the decision", () => {
    for (const p of points) {
      const r = parseOpenRlhfRequest({ query: [`${promptOf(p.decision_id)}{}`], prompts: [promptOf(p.decision_id)], labels: [""] }, orCtx);
      expect(r, p.decision_id).toEqual({ ok: true, value: [{ decision_id: p.decision_id, raw: "{}", thinking: false }] });
    }
  });
  it("an empty batch (OpenRLHF shards one sample over several servers) is answered with empty lists", () => {
    const r = parseOpenRlhfRequest({ query: [], prompts: [], labels: [] }, orCtx);
    expect(r).toEqual({ ok: true, value: [] });
    expect(openRlhfResponse([])).toEqual({ rewards: [], scores: [], extra_logs: { format_valid: [], ...Object.fromEntries(Object.values(HARD_CODE_NAMES).map((n) => [n, []])) } });
  });
});
