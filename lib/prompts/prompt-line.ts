import { z } from "zod";
import type { DecisionPoint } from "../pack/decision-points";
import { SPLITS } from "../pack/vocab";
import { promptText, renderPrompt, type PromptPack } from "./render";

export const PROMPT_FORMATS = ["chat", "text"] as const;
export type PromptFormat = (typeof PROMPT_FORMATS)[number];

export const chatMessageSchema = z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() }).strict();

/**
 * One line of `assay prompts` (JSONL): a decision point's prompt as chat messages (`--format chat`) or as one string
 * (`--format text`), never both. `assay generate --prompts FILE` reads the chat form.
 */
export const promptLineSchema = z
  .object({
    decision_id: z.string().min(1),
    episode_id: z.string().min(1),
    split: z.enum(SPLITS),
    messages: z.array(chatMessageSchema).min(1).optional(),
    prompt: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((l, ctx) => {
    if ((l.messages === undefined) === (l.prompt === undefined)) {
      ctx.addIssue({ code: "custom", path: [l.messages === undefined ? "messages" : "prompt"], message: "a prompt line carries either messages (chat) or prompt (text), exactly one" });
    }
  });

export type PromptLine = z.infer<typeof promptLineSchema>;

/** The line `assay prompts` writes for a decision point. */
export function makePromptLine(pack: PromptPack, point: DecisionPoint, format: PromptFormat): PromptLine {
  const messages = renderPrompt(pack, point);
  const head = { decision_id: point.decision_id, episode_id: point.episode_id, split: point.split };
  return format === "chat" ? { ...head, messages } : { ...head, prompt: promptText(messages) };
}
