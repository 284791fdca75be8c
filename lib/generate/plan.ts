import type { ChatMessage } from "../judge/prompt";
import type { RunLine } from "../schemas/run-line";

export const THINKING_MODES = ["on", "off", "both"] as const;
export type ThinkingMode = (typeof THINKING_MODES)[number];

/** One request `assay generate` sends: a prompt, a thinking setting and a sample number. */
export type GenerateJob = { decision_id: string; messages: ChatMessage[]; thinking: boolean; sample: number };

/** The identity of a run line: a run holds each (decision, thinking, sample) once, as `assay score` requires. */
export function runLineKey(l: Pick<RunLine, "decision_id" | "thinking" | "sample">): string {
  return `${l.decision_id}\u0000${l.thinking ? 1 : 0}\u0000${l.sample ?? 0}`;
}

/**
 * Every (prompt, thinking, sample) not already in `done`, prompt by prompt: thinking `both` asks twice (on, then off),
 * and samples count from 0. A mode left unset asks once with thinking recorded as false.
 */
export function planJobs(prompts: ReadonlyArray<{ decision_id: string; messages: ChatMessage[] }>, thinking: ThinkingMode | null, samples: number, done: ReadonlySet<string>): GenerateJob[] {
  const modes = thinking === "both" ? [true, false] : [thinking === "on"];
  const jobs: GenerateJob[] = [];
  for (const p of prompts) {
    for (const t of modes) {
      for (let sample = 0; sample < samples; sample++) {
        if (!done.has(runLineKey({ decision_id: p.decision_id, thinking: t, sample }))) jobs.push({ decision_id: p.decision_id, messages: p.messages, thinking: t, sample });
      }
    }
  }
  return jobs;
}

/** The request-body switch for a thinking setting (vLLM and SGLang chat templates read it); none when the mode is unset. */
export function thinkingSwitch(thinking: ThinkingMode | null, on: boolean): Record<string, unknown> | undefined {
  return thinking === null ? undefined : { chat_template_kwargs: { enable_thinking: on } };
}

/** The run line for a completion: the completion text verbatim as raw (the format gate judges it, not the generator). */
export function runLineOf(job: GenerateJob, content: string, model: string): RunLine {
  return { decision_id: job.decision_id, raw: content, thinking: job.thinking, model, sample: job.sample };
}
