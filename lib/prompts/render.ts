import type { ChatMessage } from "../judge/prompt";
import type { DecisionPoint } from "../pack/decision-points";
import type { Policy, VocabulariesFile } from "../schemas/pack";

/** What the renderer reads from the pack: its version, every policy and the vocabularies with their meanings. */
export type PromptPack = { version: string; policies: readonly Policy[]; vocabularies: VocabulariesFile };

/** The decision point as the agent may see it: its conversation so far, never its target or reference reply. */
export type PromptPoint = Pick<DecisionPoint, "history">;

const CONTRACT = `# Output contract

Answer with exactly one JSON object and nothing else: no text before or after it, no Markdown code fence around it, no second JSON value. Its shape:

{"reply": "...", "action": {"type": "...", "queue": null, "escalate_to": null, "priority": null, "flags": [], "policy_ids": []}}

- reply (string): what the customer reads.
- action.type: one of the action types below.
- action.queue: a queue when type is "route"; null for every other type.
- action.escalate_to: an escalation target when type is "escalate"; null for every other type.
- action.priority: P0 to P3 when type is "route" or "escalate"; null for "resolve", "ask_verification" and "ask_clarifying".
- action.flags: the flags the situation calls for under the pack, possibly [].
- action.policy_ids: the ids of the pack policies the action rests on, e.g. ["FRD-01"], possibly [].

Every key is present, always: a key that does not apply carries null (or [] for the two arrays); it is never omitted. No other key may appear, at the top level or inside action. Every type, queue, escalate_to, priority and flag value comes from the vocabularies below, spelled exactly as there. An answer that breaks this contract scores zero.`;

const VOCABULARY_SECTIONS: Array<[keyof Omit<VocabulariesFile, "schema_version" | "pack_version">, string]> = [
  ["action_types", "Action types (action.type)"],
  ["queues", 'Queues (action.queue, with type "route")'],
  ["escalation_targets", 'Escalation targets (action.escalate_to, with type "escalate")'],
  ["priorities", "Priorities (action.priority)"],
  ["flags", "Flags (action.flags)"],
];

/** The system message: the agent's role, the output contract, the vocabularies and every policy of the pack. */
export function renderSystemPrompt(pack: PromptPack): string {
  const vocab = VOCABULARY_SECTIONS.map(([key, title]) => `## ${title}\n\n${pack.vocabularies[key].map((v) => `- ${v.value}: ${v.meaning}`).join("\n")}`);
  const policies = pack.policies.map((p) => `## ${p.id}: ${p.title}\n\n${p.text}`);
  return [
    `You are a customer-support agent of Zoomberg, a brokerage, answering in its support chat. At this point of the conversation you decide what to reply to the customer and which action to take, under the Zoomberg policy pack v${pack.version} below.`,
    CONTRACT,
    `# Vocabularies\n\n${vocab.join("\n\n")}`,
    `# Policies (pack v${pack.version})\n\n${policies.join("\n\n")}`,
    "# The conversation\n\nThe messages that follow are the conversation so far. Lines marked [System] are notes from Zoomberg's systems (channel, time, verification state), not the customer's words; lines marked Customer are the customer's. Your earlier replies are the assistant messages. Answer the last message with one JSON object.",
  ].join("\n\n");
}

/**
 * Renders one decision point as chat messages: the system prompt, then the conversation up to the decision. Customer
 * and system turns in a row form one user message (labelled per turn); earlier agent turns, the episode's reference
 * replies, are assistant messages. The last message is always a user message.
 */
export function renderPrompt(pack: PromptPack, point: PromptPoint): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: "system", content: renderSystemPrompt(pack) }];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) messages.push({ role: "user", content: pending.join("\n\n") });
    pending = [];
  };
  for (const turn of point.history) {
    if (turn.role === "agent") {
      flush();
      messages.push({ role: "assistant", content: turn.text });
    } else {
      pending.push(turn.role === "system" ? `[System] ${turn.text}` : `Customer: ${turn.text}`);
    }
  }
  // No shipped decision follows an agent turn directly; a chat API needs a user message to answer all the same.
  if (pending.length === 0) pending.push("[System] The customer is waiting for your next action.");
  flush();
  return messages;
}

const HEADINGS: Record<ChatMessage["role"], string> = { system: "### System", user: "### User", assistant: "### Assistant" };

/** The same messages as one prompt string, for trainers that take text: a heading per message, ending with an open assistant turn. */
export function promptText(messages: readonly ChatMessage[]): string {
  return `${messages.map((m) => `${HEADINGS[m.role]}\n${m.content}\n\n`).join("")}${HEADINGS.assistant}\n`;
}
