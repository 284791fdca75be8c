import { describe, expect, it } from "vitest";
import { END_MARKER_FAMILIES, END_MARKERS, orderMarkers, stripEndMarkers } from "./end-markers";
import { findPromptEnd } from "./prompt-end";
import { readReply } from "./read-reply";
import { REASONING_WRAPPERS, splitReasoning } from "./reasoning";

const J = '{"reply": "hi", "action": {}}';

describe("end markers: every family's marker is taken off the end, and only the end", () => {
  it.each(END_MARKER_FAMILIES.flatMap((f) => f.markers.map((m) => [f.family, m] as const)))("%s: %s", (_family, marker) => {
    expect(stripEndMarkers(`${J}${marker}`)).toBe(J);
    expect(stripEndMarkers(`${J}${marker}\n`)).toBe(J);
    expect(stripEndMarkers(`${marker}${J}`)).toBe(`${marker}${J}`);
  });
  it("several markers and whitespace between them all go", () => {
    expect(stripEndMarkers(`${J}<|END_RESPONSE|><|END_OF_TURN_TOKEN|>`)).toBe(J);
    expect(stripEndMarkers(`${J}<|im_end|>\n<|endoftext|><|endoftext|>`)).toBe(J);
  });
  it("a marker added with --end-marker is stripped; without it, it stays", () => {
    expect(stripEndMarkers(`${J}<|my_eos|>`)).toBe(`${J}<|my_eos|>`);
    expect(stripEndMarkers(`${J}<|my_eos|>`, orderMarkers([...END_MARKERS, "<|my_eos|>", ""]))).toBe(J);
  });
});

describe("reasoning wrappers: a leading reasoning block is thinking, the rest is the answer", () => {
  it.each(REASONING_WRAPPERS.map((w) => [w.family, w] as const))("%s", (_family, w) => {
    const answer = w.answer ? `${w.answer[0]}${J}${w.answer[1]}` : J;
    expect(splitReasoning(`${w.open}\nLet me check the policy.\n${w.close}\n\n${answer}`)).toEqual({ reply: expect.stringContaining(J), thinking: true });
    expect(readReply(`${w.open}\nreasoning\n${w.close}\n\n${answer}`, false).raw.trim()).toBe(J);
    // The prompt opened the block (R1's template ends the prompt with <think>): the response starts inside it.
    expect(readReply(`reasoning\n${w.close}\n\n${answer}`, false)).toEqual({ raw: expect.stringContaining(J), thinking: true });
  });
  it("an empty block (Qwen3 with thinking off) is not thinking", () => {
    expect(readReply(`<think>\n\n</think>\n\n${J}<|im_end|>`, false)).toEqual({ raw: `\n\n${J}`, thinking: false });
  });
  it("gpt-oss harmony: the final channel is the answer, analysis is thinking", () => {
    const text = `<|channel|>analysis<|message|>The customer is unverified.<|end|><|start|>assistant<|channel|>final <|constrain|>json<|message|>${J}<|return|>`;
    expect(readReply(text, false)).toEqual({ raw: J, thinking: true });
    expect(readReply(`<|channel|>final<|message|>${J}<|return|>`, false)).toEqual({ raw: J, thinking: false });
  });
  it.each([
    ["a block that never closes", `<think>reasoning ${J}`],
    ["harmony without a final message", "<|channel|>analysis<|message|>thinking"],
    ["prose before the object", `Sure! ${J}`],
    ["a closing tag inside the object's strings", `{"reply": "</think>", "action": {}}`],
  ])("%s is left for the format gate", (_name, text) => {
    expect(readReply(text, false).raw).toBe(text);
  });
  it("an answer that is not the contract after the reasoning stays what it is", () => {
    expect(readReply("<think>x</think>```json\n{}\n```", false)).toEqual({ raw: "```json\n{}\n```", thinking: true });
  });
  it("thinking said by the request stays true", () => {
    expect(readReply(J, true)).toEqual({ raw: J, thinking: true });
  });
});

describe("where the prompt ends in a decoded query", () => {
  const system = "You are a support agent. ".repeat(20);
  const prompt = `<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n${system}<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nIt's some 'restricted' thing , isn't it ?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n`;
  const compact = (s: string) => s.replace(/\s+/g, "");
  it.each([
    ["the prompt as it is", `${prompt}${J}`, prompt],
    ["Llama 3's clean-up of spaces", `${prompt.replace(" 'restricted'", "'restricted'").replace(" ,", ",").replace(" ?", "?")}${J}`, prompt],
    ["a BOS the prompt text lacks", `<s> ${prompt.slice("<|begin_of_text|>".length)}${J}`, prompt.slice("<|begin_of_text|>".length)],
    ["a prompt cut from the left", `${prompt.slice(300)}${J}`, prompt.slice(300)],
  ])("%s", (_name, query, before) => {
    const end = findPromptEnd(query, prompt)!;
    expect(query.slice(end).trim()).toBe(J);
    expect(compact(query.slice(0, end)).replace("<s>", "")).toBe(compact(before));
  });
  it("a query that does not hold the prompt has no end", () => {
    expect(findPromptEnd(`<|begin_of_text|>something else${J}`, prompt)).toBeNull();
  });
});
