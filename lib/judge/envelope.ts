// Seed 002 §A: judge the reply a customer would read, not the agent's JSON envelope. The raw candidate stays in the
// report for diagnostics.

export type ExtractedReply = {
  /** What the judge sees. */
  text: string;
  /** True when the candidate was a JSON object with a `reply` key. */
  enveloped: boolean;
};

/**
 * A candidate that parses as a JSON object with a `reply` key is judged as String(reply); anything else (prose,
 * malformed JSON, an array, an object without `reply`) is judged verbatim. Never throws.
 * A non-string reply that is an object or array is shown as JSON, since String() would give "[object Object]".
 */
export function extractJudgedText(candidate: string): ExtractedReply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(candidate);
  } catch {
    return { text: candidate, enveloped: false };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || !Object.hasOwn(parsed, "reply")) {
    return { text: candidate, enveloped: false };
  }
  const reply = (parsed as Record<string, unknown>).reply;
  const text = typeof reply === "object" && reply !== null ? JSON.stringify(reply) : String(reply);
  return { text, enveloped: true };
}
