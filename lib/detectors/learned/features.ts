// The learned second opinion's view of a reply: word 1-, 2- and 3-grams per sentence, with figures, numbers and tickers
// reduced to a marker that says whether the customer's message holds the same one (saying it back is not disclosing it).
import type { DetectorContext } from "../../schemas/probe";
import { analyse } from "../doc";
import { hasDigit, type Span } from "../text";

const MONEY = /\$\s?\d[\d,.]*k?/g;
const NUMBER = /\b\d[\d,.:]*\b/g;
const TICKER = /\b[A-Z]{2,5}\b/g;
const WORD = /[a-z']+|\?/g;
const TWO_CAPITALS = /[A-Z]{2}/;

/** Markers are words no reply uses, so they cannot collide with the text's own. */
export const MARKERS = { qallowedq: "<allowed timeline>", qmoneyq: "<amount>", qechomoneyq: "<customer's amount>", qnumq: "<number>", qechonumq: "<customer's number>", qtickq: "<ticker>", qechotickq: "<customer's ticker>" } as const;

export type SentenceWords = Span & { words: string[] };
export type SentenceFeatures = Span & { features: string[] };

function markParticulars(sentence: string, customer: string, customerLower: string): string {
  let s = sentence;
  if (hasDigit(s)) {
    s = s
      .replace(MONEY, (m) => (customerLower.includes(m.replace(/\s/g, "").toLowerCase()) ? " qechomoneyq " : " qmoneyq "))
      .replace(NUMBER, (m) => (customer.includes(m) ? " qechonumq " : " qnumq "));
  }
  return TWO_CAPITALS.test(s) ? s.replace(TICKER, (m) => (customer.includes(m) ? " qechotickq " : " qtickq ")) : s;
}

export type MarkedSentence = Span & { marked: string };

/** H5 reads an allowed timeline string as one marker: committing to it is what the pack allows. */
export type Reading = { markAllowed: boolean };
const PLAIN: Reading = { markAllowed: false };

type Cache = { reply: string | null; customer: string; key: string; sentences: MarkedSentence[] };
const plainCache: Cache = { reply: null, customer: "", key: "", sentences: [] };
const allowedCache: Cache = { reply: null, customer: "", key: "", sentences: [] };

// An allowed string as a case-insensitive literal pattern.
const literal = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Each sentence lower-cased with its particulars marked; the last reply's are kept because the detectors ask in turn.
 * With markAllowed, each allowed timeline string the reply holds becomes "qallowedq" first; a reply holding none
 * reads exactly as without it (the same sentences, so the models share one pass).
 */
export function markedSentences(reply: string, ctx: DetectorContext, reading: Reading = PLAIN): MarkedSentence[] {
  const held = heldClaims(reply, ctx, reading);
  return held.length === 0 ? read(plainCache, reply, ctx, []) : read(allowedCache, reply, ctx, held);
}

const NO_CLAIMS: string[] = [];

/** The allowed timeline strings the reply holds, when the reading marks them (none otherwise). */
export function heldClaims(reply: string, ctx: DetectorContext, reading: Reading = PLAIN): string[] {
  if (!reading.markAllowed || ctx.allowed_timeline_claims.length === 0) return NO_CLAIMS;
  const { lower } = analyse(reply);
  return ctx.allowed_timeline_claims.filter((c) => c.length > 0 && lower.includes(c.toLowerCase()));
}

function read(cache: Cache, reply: string, ctx: DetectorContext, claims: string[]): MarkedSentence[] {
  const customer = ctx.customer_message;
  const key = claims.join("\u0000");
  if (reply === cache.reply && customer === cache.customer && key === cache.key) return cache.sentences;
  // The grammar's analysis of the same reply (normalised text and sentences) is cached, so it is shared, not redone.
  const { text, sentences } = analyse(reply);
  const customerLower = customer.toLowerCase();
  // Longest first, so a claim inside a longer one is not split.
  const allowed = claims.length ? new RegExp([...claims].sort((x, y) => y.length - x.length).map(literal).join("|"), "gi") : null;
  cache.sentences = sentences.map((sp) => {
    const raw = text.slice(sp.start, sp.end);
    return { start: sp.start, end: sp.end, marked: markParticulars(allowed ? raw.replace(allowed, " qallowedq ") : raw, customer, customerLower).toLowerCase() };
  });
  cache.reply = reply;
  cache.customer = customer;
  cache.key = key;
  return cache.sentences;
}

/** The words a sentence is read as: runs of letters and apostrophes, and "?"; "<s>" first. */
export function sentenceWords(reply: string, ctx: DetectorContext, reading: Reading = PLAIN): SentenceWords[] {
  return markedSentences(reply, ctx, reading).map(({ start, end, marked }) => ({ start, end, words: ["<s>", ...(marked.match(WORD) ?? [])] }));
}

/**
 * Each sentence's n-grams, each n-gram listed once per reply at its first sentence (the model reads a reply as a set of
 * n-grams; the sentence is kept so a firing can point at the sentence that carried it).
 */
export function replyFeatures(reply: string, ctx: DetectorContext, reading: Reading = PLAIN): SentenceFeatures[] {
  const seen = new Set<string>();
  return sentenceWords(reply, ctx, reading).map(({ start, end, words }) => {
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
    return { start, end, features };
  });
}
