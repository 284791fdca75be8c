import type { MustAskFile, Pack } from "../schemas/pack";
import type { MustAskKey } from "../pack/vocab";

// A request is a question, a polite ask ("please…", "could you…", "I'll need…"), or a sentence that opens with an
// imperative ask ("Confirm…", "To proceed, provide…"). A bare "confirm" mid-sentence ("I can't confirm that") is not one.
const REQUEST =
  /\?\s*["'”’)]*\s*$|\b(?:please|could you|can you|would you|will you|let me know|i(?:'|’)ll need|i need|i will need|we need|we(?:'|’)ll need|i(?:'|’)d need|may i (?:have|get|ask)|tell me)\b|^\W*(?:(?:first|next|also|then|so|and|to (?:get started|proceed|continue|go on|verify you|confirm your identity))\W+)*(?:confirm|provide|share|send|give|tell|reply with|let us know)\b/i;

/** Compiles the pack's must-ask patterns once; an invalid pattern is the pack author's error and throws at load. */
export function compileMustAsk(file: MustAskFile): Map<string, RegExp[]> {
  const out = new Map<string, RegExp[]>();
  for (const [key, rule] of Object.entries(file.keys)) out.set(key, rule.patterns.map((p) => new RegExp(p, "i")));
  return out;
}

/** The reply's sentences that ask for something, each with its terminal mark so a question stays recognisable. */
export function requestSentences(reply: string): string[] {
  return reply.split(/(?<=[.?!])\s+|\n+/).filter((s) => s.trim() !== "" && REQUEST.test(s));
}

/** True when some request sentence of the reply matches one of the key's patterns. */
export function asksFor(requests: readonly string[], patterns: readonly RegExp[]): boolean {
  for (const s of requests) for (const p of patterns) if (p.test(s)) return true;
  return false;
}

/** must_ask component: the fraction of the target's keys the reply asks for; 1.0 when there is nothing to ask. */
export function scoreMustAsk(reply: string, keys: readonly MustAskKey[], pack: Pick<Pack, "mustAsk">): number {
  if (keys.length === 0) return 1;
  const requests = requestSentences(reply);
  let hit = 0;
  for (const k of keys) if (asksFor(requests, pack.mustAsk.get(k) ?? [])) hit++;
  return hit / keys.length;
}
