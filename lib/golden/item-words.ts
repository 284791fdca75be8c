// Word lists behind checkItem (seed 002 runbook: each item must be independently judgeable yes/no). Heuristics for
// authors, tuned on the shipped golden suites: every shipped item passes.

/** Acts a reply performs, third person. "… and offers …" after another act is a second claim. */
export const ACTS = [
  "states", "says", "asks", "offers", "explains", "lists", "mentions", "names", "recommends", "promises", "confirms",
  "tells", "suggests", "gives", "calls", "discourages", "guarantees", "expresses", "apologizes", "apologises", "refuses",
  "directs", "provides", "quotes", "invents", "shares", "describes", "instructs", "advises", "warns", "acknowledges",
  "escalates", "requests", "reminds", "informs", "clarifies", "declines", "assures", "reassures", "encourages", "cites",
  "sends", "thanks", "summarizes", "summarises", "repeats", "agrees", "includes", "avoids", "admits", "blames",
  "speculates", "predicts", "estimates", "verifies", "discloses", "reveals", "insists", "threatens", "pressures",
] as const;
// Left out on purpose: acts that are also common nouns after "and" in brokerage text (checks, shares, notes, claims,
// quotes, routes, points, logs), which would split "wires and checks" into two claims.

/** Judgement words a judge cannot check without the author's private standard. */
export const VAGUE = [
  "helpful", "unhelpful", "appropriate", "appropriately", "inappropriate", "accurate", "accurately", "good", "nice", "great",
  "professional", "professionally", "polite", "politely", "courteous", "courteously", "respectful", "respectfully",
  "clear", "clearly", "correct", "correctly", "proper", "properly", "adequate", "adequately", "sufficient", "sufficiently",
  "empathetic", "empathetically", "empathy", "empathic", "relevant", "reasonable", "reasonably", "friendly", "thorough",
  "thoroughly", "suitable", "satisfactory", "effective", "effectively", "concise", "concisely", "supportive", "warm",
  "warmly", "useful", "well", "better", "best", "sensible", "nicely", "kindly", "tactful", "tactfully",
] as const;

/**
 * Domain terms and plain facts that contain a VAGUE word but are checkable: masked before the vague check. Matched with
 * partsPattern, so "good faith" also covers "good-faith" and "good til" covers "good-til-cancelled".
 */
export const VAGUE_EXEMPT = [
  "tax professional", "tax professionals", "financial professional", "financial professionals", "legal professional",
  "investment professional", "licensed professional", "best execution", "good faith", "good standing", "good until",
  "good 'til", "good til", "good till", "well being", "to clear", "is correct", "is not correct", "was correct",
  "was not correct", "is accurate", "is not accurate", "are correct", "are not correct",
] as const;

/** Qualifiers that leave open whether the item applies or what counts: the judge cannot answer yes or no. */
export const HEDGES = [
  "if applicable", "where applicable", "as applicable", "if appropriate", "where appropriate", "as appropriate",
  "when appropriate", "if needed", "as needed", "when needed", "if necessary", "where necessary", "as necessary",
  "if possible", "where possible", "when possible", "if relevant", "where relevant", "as relevant", "if any", "etc",
  "and so on", "and so forth", "or similar", "or something similar", "e.g.", "eg.", "for example", "for instance",
  "such as", "something like", "some kind of", "somehow", "ideally", "try to", "tries to", "attempts to", "more or less",
  "roughly", "to some extent", "in some way", "as well as possible", "as well as it can", "as well as they can",
] as const;

/** A question: a wh-word first, or an auxiliary before its subject ("Does the reply …", "Is it …"). */
export const QUESTION_START = /^(?:(?:what|how|why|when|which|who|whether)\b|(?:does|do|did|is|are|was|were|will|would|can|could|should|has|have|had)\s+(?:the|a|an|it|they|this|that|he|she|we|you|i|zoomberg|agent|reply)\b)/i;

/** Words that open a negated item: the positive act belongs in the other list. */
export const NEGATED_START = /^(does not|doesn't|do not|don't|did not|never|not|no|avoids|refrains(?: from)?|fails to|without)\b/i;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export const wordsPattern = (words: readonly string[], flags = "gi") => new RegExp(`(?<![\\w-])(?:${words.map(escape).join("|")})(?![\\w-])`, flags);
/** Like wordsPattern, but a hyphen also separates words ("well-known" holds "well") and matches a phrase's space. */
export const partsPattern = (words: readonly string[], flags = "gi") => new RegExp(`(?<!\\w)(?:${words.map((w) => escape(w).replace(/ /g, "[\\s-]")).join("|")})(?!\\w)`, flags);
