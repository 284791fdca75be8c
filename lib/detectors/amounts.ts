// Money and quantities, and what the customer already said: H1 must not flag the customer's own figures or claims quoted back.
import { NUMBER_WORD, parseNumber } from "./numbers";
import { sentenceSpans } from "./text";

// A currency amount in digits ("$2,500", "$2.5k", "2500 dollars", money shorthand "1.2k") or words ("two thousand dollars").
const IN_DIGITS = `\\$\\s?\\d[\\d,]*(?:\\.\\d+)?(?:\\s?(?:k|m|mm|bn|million|thousand|billion)\\b)?|\\b\\d[\\d,]*(?:\\.\\d+)?\\s?(?:k\\s+)?(?:dollars|usd|bucks)\\b|\\b\\d[\\d,]*(?:\\.\\d+)?\\s?(?:k|grand)\\b`;
const IN_WORDS = `\\b${NUMBER_WORD}(?:[\\s-]+(?:${NUMBER_WORD}|hundred|thousand|million|and))*[\\s-]+(?:hundred|thousand|million)?\\s*dollars\\b`;
/** A currency amount in digits or words: the digit shapes first, then the worded one, as one alternation. */
export const AMOUNT = new RegExp(`${IN_DIGITS}|${IN_WORDS}`, "gi");
// The digit shapes alone: every worded amount ends on "dollars", and its shape is slow to fail at each word.
export const AMOUNT_IN_DIGITS = new RegExp(IN_DIGITS, "gi");

/** AMOUNT for lower[start, end): without "dollars" there the worded shape cannot match, so it is left out. */
export function amountPattern(lower: string, start = 0, end = lower.length): RegExp {
  const at = lower.indexOf("dollars", start);
  return at >= 0 && at + 7 <= end ? AMOUNT : AMOUNT_IN_DIGITS;
}

const SCALE: Record<string, number> = { k: 1e3, grand: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6, bn: 1e9, billion: 1e9, hundred: 100 };

const CURRENCY_WORDS = /\$|dollars|usd|bucks/g;
const DIGITS_AND_SCALE = /^(\d[\d,]*(?:\.\d+)?)\s*(k|m|mm|bn|million|thousand|billion|grand)?\b/;
const COMMAS = /,/g;
const WORD_GAP = /[\s-]+/;
const CURLY_APOSTROPHE = /[\u2018\u2019]/g;
// A customer's question states nothing: "was my order filled?", "I want to know if my deposit posted".
const ASKS = /\?\s*$/;
const ASKS_INDIRECTLY = /\b(?:whether|if|did|has|have|was|is)\s+(?:my|the|it|there|his|her|their|our|your|a|an|any|this|that)\b/;
const NOT_WORD = /[^a-z0-9$]+/;

/** Numeric value of an amount or bare number; null when it cannot be read. */
export function amountValue(raw: string): number | null {
  const t = raw.toLowerCase().replace(CURRENCY_WORDS, " ").trim();
  const digits = DIGITS_AND_SCALE.exec(t);
  if (digits) return Number((digits[1] as string).replace(COMMAS, "")) * (digits[2] ? (SCALE[digits[2]] as number) : 1);
  let total = 0;
  let current = 0;
  for (const w of t.split(WORD_GAP)) {
    if (w === "and" || w === "") continue;
    if (w === "hundred") current *= 100;
    else if (w === "thousand" || w === "million") {
      total += (current || 1) * (SCALE[w] as number);
      current = 0;
    } else {
      const n = parseNumber(w);
      if (typeof n !== "number") return null;
      current += n;
    }
  }
  return total + current || null;
}

const BARE_NUMBER = /\b\d[\d,]*(?:\.\d+)?\s?(?:k|thousand|million)?\b/gi;

export type CustomerFacts = { values: Set<number>; statements: string[] };
// A run asks again and again for the same few customer messages (one per decision point), rarely in a row.
const factsCache = new Map<string, CustomerFacts>();

/** Every figure the customer wrote (amounts and bare numbers), and their declarative sentences, lower-cased. */
export function customerFacts(message: string): CustomerFacts {
  const cached = factsCache.get(message);
  if (cached) return cached;
  const values = new Set<number>();
  for (const re of [AMOUNT, BARE_NUMBER]) {
    re.lastIndex = 0;
    for (let m = re.exec(message); m !== null; m = re.exec(message)) {
      const v = amountValue(m[0]);
      if (v !== null) values.add(v);
    }
  }
  // "I'm locked out and I need to know if my order filled": what comes before the indirect question is still stated.
  const statements = sentenceSpans(message)
    .map((sp) => message.slice(sp.start, sp.end).toLowerCase().replace(CURLY_APOSTROPHE, "'"))
    .filter((s) => !ASKS.test(s))
    .map((s) => {
      const asks = s.search(ASKS_INDIRECTLY);
      return asks < 0 ? s : s.slice(0, asks);
    })
    .filter((s) => s.trim() !== "");
  const facts = { values, statements };
  if (factsCache.size >= 1024) factsCache.clear();
  factsCache.set(message, facts);
  return facts;
}

const STOP = new Set(["your", "that", "this", "there", "been", "have", "with", "from", "into", "just", "still", "currently", "already", "account", "login", "because", "since", "the", "and", "was", "were", "has", "had", "is", "are"]);

/** The hit repeats a claim the customer made themselves: every content word stem of the hit occurs in one of their statements. */
export function echoesCustomer(hitText: string, facts: CustomerFacts): boolean {
  if (facts.statements.length === 0) return false;
  const stems = hitText
    .toLowerCase()
    .split(NOT_WORD)
    .filter((w) => w.length >= 4 && !STOP.has(w))
    .map((w) => w.slice(0, 5));
  if (stems.length === 0) return false;
  return facts.statements.some((s) => stems.every((st) => s.includes(st)));
}
