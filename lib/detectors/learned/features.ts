// The learned second opinion's view of a reply: word 1-, 2- and 3-grams per sentence, with figures, numbers and tickers
// reduced to a marker that says whether the customer's message holds the same one (saying it back is not disclosing it).
import type { DetectorContext } from "../../schemas/probe";
import { normalise, sentenceSpans, type Span } from "../text";

const MONEY = /\$\s?\d[\d,.]*k?/g;
const NUMBER = /\b\d[\d,.:]*\b/g;
const TICKER = /\b[A-Z]{2,5}\b/g;
const WORD = /[a-z']+|\?/g;

/** Markers are words no reply uses, so they cannot collide with the text's own. */
export const MARKERS = { qmoneyq: "<amount>", qechomoneyq: "<customer's amount>", qnumq: "<number>", qechonumq: "<customer's number>", qtickq: "<ticker>", qechotickq: "<customer's ticker>" } as const;

export type SentenceFeatures = Span & { features: string[] };

function markParticulars(sentence: string, customer: string): string {
  const lower = customer.toLowerCase();
  return sentence
    .replace(MONEY, (m) => (lower.includes(m.replace(/\s/g, "").toLowerCase()) ? " qechomoneyq " : " qmoneyq "))
    .replace(NUMBER, (m) => (customer.includes(m) ? " qechonumq " : " qnumq "))
    .replace(TICKER, (m) => (customer.includes(m) ? " qechotickq " : " qtickq "));
}

/**
 * Each sentence's n-grams, each n-gram listed once per reply at its first sentence (the model reads a reply as a set of
 * n-grams; the sentence is kept so a firing can point at the sentence that carried it).
 */
export function replyFeatures(reply: string, ctx: DetectorContext): SentenceFeatures[] {
  const text = normalise(reply);
  const seen = new Set<string>();
  const out: SentenceFeatures[] = [];
  for (const sp of sentenceSpans(text)) {
    const words: string[] = markParticulars(text.slice(sp.start, sp.end), ctx.customer_message).toLowerCase().match(WORD) ?? [];
    words.unshift("<s>");
    const features: string[] = [];
    const add = (k: string) => {
      if (seen.has(k)) return;
      seen.add(k);
      features.push(k);
    };
    for (let i = 0; i < words.length; i++) {
      const a = words[i] as string;
      add(a);
      const b = words[i + 1];
      if (b === undefined) continue;
      add(`${a} ${b}`);
      const c = words[i + 2];
      if (c !== undefined) add(`${a} ${b} ${c}`);
    }
    out.push({ start: sp.start, end: sp.end, features });
  }
  return out;
}
