/**
 * End-of-sequence and end-of-turn markers of the common model families. A trainer that decodes with
 * skip_special_tokens=False (OpenRLHF) leaves the token the policy stopped on as text at the end of the response; it
 * is the trainer's framing, not the model's answer, and left there it would fail every format gate (a wrong 0).
 * docs/REWARD.md shows this table; `assay reward-server --end-marker TEXT` adds more.
 */
export const END_MARKER_FAMILIES: ReadonlyArray<{ family: string; markers: readonly string[] }> = [
  { family: "Qwen 1.5–3, ChatML (Yi, Hermes, InternLM2, Phi-4)", markers: ["<|im_end|>", "<|endoftext|>"] },
  { family: "Llama 3, 3.1–3.3", markers: ["<|eot_id|>", "<|eom_id|>", "<|end_of_text|>"] },
  { family: "Llama 2, Mistral, Mixtral", markers: ["</s>"] },
  { family: "Gemma 1–3", markers: ["<end_of_turn>", "<eos>"] },
  { family: "DeepSeek V3, R1", markers: ["<｜end▁of▁sentence｜>"] },
  { family: "gpt-oss (harmony)", markers: ["<|return|>", "<|end|>", "<|call|>"] },
  { family: "Phi-3", markers: ["<|end|>", "<|endoftext|>"] },
  { family: "Command-R, Command A", markers: ["<|END_OF_TURN_TOKEN|>", "<|END_RESPONSE|>", "<EOS_TOKEN>"] },
  { family: "GLM-4", markers: ["<|user|>", "<|observation|>", "<|endoftext|>"] },
  { family: "Granite 3", markers: ["<|end_of_text|>"] },
  { family: "GPT-2, Falcon, StarCoder, OLMo", markers: ["<|endoftext|>"] },
];

/** Every marker of the table, once, longest first (so a marker is never cut by a shorter one it ends with). */
export const END_MARKERS: readonly string[] = orderMarkers(END_MARKER_FAMILIES.flatMap((f) => f.markers));

/** The markers in the order stripEndMarkers tries them: distinct, non-empty, longest first. */
export function orderMarkers(markers: readonly string[]): string[] {
  return [...new Set(markers.filter((m) => m.length > 0))].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The text without the markers it ends with (any number of them, with whitespace between and after), so
 * `{…}<|im_end|>\n<|endoftext|>` is `{…}`. A marker anywhere else is left alone: only the end is the trainer's framing.
 */
export function stripEndMarkers(text: string, markers: readonly string[] = END_MARKERS): string {
  let s = text;
  for (;;) {
    const t = s.trimEnd();
    const marker = markers.find((m) => t.endsWith(m));
    if (marker === undefined) return s;
    s = t.slice(0, t.length - marker.length);
  }
}
