/**
 * Reasoning wrappers of the common thinking models. A thinking model writes its reasoning before the answer (Qwen3 and
 * R1 by default, and trainers such as OpenRLHF cannot turn it off); the reasoning is not the output contract's
 * answer, so it is taken off and recorded as `thinking`, as the native route's `thinking` field and NeMo Gym's
 * reasoning items do. `answer` wraps the answer after the reasoning in the families that mark it too.
 */
export const REASONING_WRAPPERS: ReadonlyArray<{ family: string; open: string; close: string; answer?: readonly [string, string] }> = [
  { family: "Qwen3, QwQ, DeepSeek-R1, GLM-4.5, Phi-4-reasoning", open: "<think>", close: "</think>" },
  { family: "tagged reasoning (Claude-style prompts, fine-tunes)", open: "<thinking>", close: "</thinking>" },
  { family: "Sky-T1, OpenThinker, Bespoke-Stratos", open: "<|begin_of_thought|>", close: "<|end_of_thought|>", answer: ["<|begin_of_solution|>", "<|end_of_solution|>"] },
  { family: "Magistral", open: "[THINK]", close: "[/THINK]" },
  { family: "Command A reasoning", open: "<|START_THINKING|>", close: "<|END_THINKING|>", answer: ["<|START_RESPONSE|>", "<|END_RESPONSE|>"] },
  { family: "Seed-OSS", open: "<seed:think>", close: "</seed:think>" },
];

export type Reasoned = { reply: string; thinking: boolean };

const HARMONY_CHANNEL = "<|channel|>";
const HARMONY_MESSAGE = "<|message|>";
const HARMONY_ENDS = ["<|end|>", "<|return|>", "<|call|>", "<|start|>"];

/**
 * The answer and whether the model reasoned before it. Read in this order, on the text after leading whitespace:
 * gpt-oss's harmony channels (the last `final` message is the answer; an `analysis` message is thinking); a wrapper
 * that opens at the start and closes later; or, when the text does not start with `{`, a closing tag whose opening
 * was in the prompt (R1's template ends the prompt with `<think>`). An empty block (Qwen3 with thinking off) is not
 * thinking. Anything else is returned as it is, for the format gate to judge: a wrapper that never closes stays.
 */
export function splitReasoning(text: string): Reasoned {
  const s = text.trimStart();
  if (s.startsWith(HARMONY_CHANNEL)) return harmony(s) ?? { reply: text, thinking: false };
  for (const w of REASONING_WRAPPERS) {
    if (!s.startsWith(w.open)) continue;
    const end = s.indexOf(w.close, w.open.length);
    if (end < 0) return { reply: text, thinking: false };
    return { reply: unwrapAnswer(s.slice(end + w.close.length), w.answer), thinking: s.slice(w.open.length, end).trim() !== "" };
  }
  if (s.startsWith("{")) return { reply: text, thinking: false };
  let first: { at: number; w: (typeof REASONING_WRAPPERS)[number] } | null = null;
  for (const w of REASONING_WRAPPERS) {
    const at = s.indexOf(w.close);
    if (at >= 0 && (first === null || at < first.at)) first = { at, w };
  }
  if (first === null) return { reply: text, thinking: false };
  return { reply: unwrapAnswer(s.slice(first.at + first.w.close.length), first.w.answer), thinking: s.slice(0, first.at).trim() !== "" };
}

function unwrapAnswer(rest: string, answer: readonly [string, string] | undefined): string {
  if (!answer) return rest;
  const t = rest.trim();
  if (!t.startsWith(answer[0])) return rest;
  const inner = t.slice(answer[0].length);
  const close = inner.trimEnd();
  return close.endsWith(answer[1]) ? close.slice(0, close.length - answer[1].length) : inner;
}

/**
 * gpt-oss's harmony format, as decoded after the prompt's `<|start|>assistant`: messages
 * `<|channel|>NAME[ <|constrain|>…]<|message|>TEXT<|end|>`, each later one after `<|start|>assistant`. Null when no
 * `final` message is there (the answer is missing; the format gate judges the text).
 */
function harmony(s: string): Reasoned | null {
  let thinking = false;
  let reply: string | null = null;
  let at = s.indexOf(HARMONY_CHANNEL);
  while (at >= 0) {
    const header = at + HARMONY_CHANNEL.length;
    const body = s.indexOf(HARMONY_MESSAGE, header);
    if (body < 0) break;
    const channel = s.slice(header, body).trim().split(/\s|<\|/)[0];
    const start = body + HARMONY_MESSAGE.length;
    let end = s.length;
    for (const e of HARMONY_ENDS) {
      const i = s.indexOf(e, start);
      if (i >= 0 && i < end) end = i;
    }
    const content = s.slice(start, end);
    if (channel === "final") reply = content;
    else if (channel === "analysis" && content.trim() !== "") thinking = true;
    at = s.indexOf(HARMONY_CHANNEL, end);
  }
  return reply === null ? null : { reply, thinking };
}
