import { agentOutputSchema, type AgentOutput } from "../schemas/output";
import { formatPath } from "../io/input-error";

export type FormatResult = { ok: true; output: AgentOutput } | { ok: false; error: string };

/**
 * Stage 1 (seed 000): exactly one JSON object, every key, vocabulary values only. Takes any text and never throws:
 * model output is untrusted, and a failure is a format_invalid decision, not an error.
 */
export function checkFormat(raw: unknown): FormatResult {
  if (typeof raw !== "string") return { ok: false, error: "output is not text" };
  const text = raw.trim();
  if (text === "") return { ok: false, error: "empty output" };
  // Prose or a code fence around the object is a broken contract, not something to repair.
  if (text.charCodeAt(0) !== 123 /* { */) return { ok: false, error: "output does not start with a JSON object" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: "not exactly one parseable JSON object" };
  }
  const parsed = agentOutputSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: issue ? `${formatPath(issue.path) || "(object)"}: ${issue.message}` : "does not match the output contract" };
  }
  return { ok: true, output: parsed.data };
}
