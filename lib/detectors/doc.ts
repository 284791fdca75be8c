// One pass over a reply: sentences, and the anchor words the detectors registered. Rules then run only on the
// sentences that hold their anchors, which keeps all three detectors within the scorer's per-decision budget.
import { clauseSpans, normalise, quoteSpans, sentenceSpans, type Clause, type Span } from "./text";

export type Anchor = { key: string; start: number; end: number; sentence: number };
export type Doc = {
  reply: string;
  /** The reply with curly quotes straightened; same length and offsets as `reply`. */
  text: string;
  lower: string;
  sentences: Span[];
  /** Registered anchor words in reply order; "#" marks a token that starts with a digit, "$" a dollar sign. */
  anchors: Anchor[];
  clauses: Array<Clause[] | undefined>;
  quotes: Span[] | undefined;
};

// Open-addressing table of word hashes (30-bit) to keywords: the scan looks every word of the reply up once.
const TABLE_BITS = 12;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
const tableHash = new Int32Array(1 << TABLE_BITS).fill(-1);
const tableKey: string[] = new Array<string>(1 << TABLE_BITS).fill("");
let registryVersion = 0;

function lookup(h: number): string | undefined {
  for (let slot = h & TABLE_MASK; ; slot = (slot + 1) & TABLE_MASK) {
    const stored = tableHash[slot] as number;
    if (stored === h) return tableKey[slot];
    if (stored === -1) return undefined;
  }
}

function hashWord(w: string): number {
  let h = 0;
  for (let i = 0; i < w.length; i++) h = (Math.imul(h, 31) + w.charCodeAt(i)) & 0x3fffffff;
  return h;
}

/** Detectors declare, at module load, the lower-case words that can start one of their rules. */
export function registerKeywords(words: Iterable<string>): void {
  for (const w of words) {
    const h = hashWord(w);
    let slot = h & TABLE_MASK;
    while (tableHash[slot] !== -1 && tableHash[slot] !== h) slot = (slot + 1) & TABLE_MASK;
    tableHash[slot] = h;
    tableKey[slot] = w;
  }
  registryVersion++;
}

function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (const ch of text) out += ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
  return out;
}

// Word characters: letters, digits and an apostrophe inside a word ("can't", "we'll", "i'd"); U+2019 counts as one.
function scanAnchors(lower: string): Anchor[] {
  const out: Anchor[] = [];
  const n = lower.length;
  let start = -1;
  let h = 0;
  for (let i = 0; i < n; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || ((c === 39 || c === 0x2019) && start >= 0)) {
      if (start < 0) {
        start = i;
        h = 0;
      }
      // Kept within 30 bits so the table keys stay small integers.
      h = (Math.imul(h, 31) + (c === 0x2019 ? 39 : c)) & 0x3fffffff;
      continue;
    }
    if (start >= 0) {
      endWord(lower, start, i, h, out);
      start = -1;
    }
    if (c === 36) out.push({ key: "$", start: i, end: i + 1, sentence: 0 });
  }
  if (start >= 0) endWord(lower, start, n, h, out);
  return out;
}

function endWord(lower: string, start: number, end: number, h: number, out: Anchor[]): void {
  const key = lookup(h);
  if (key !== undefined) {
    if (key.length === end - start && lower.startsWith(key, start)) out.push({ key, start, end, sentence: 0 });
    return;
  }
  const first = lower.charCodeAt(start);
  if (first >= 48 && first <= 57) out.push({ key: "#", start, end, sentence: 0 });
}

let cachedReply: string | null = null;
let cachedVersion = -1;
let cachedDoc: Doc | null = null;

/** The analysis of a reply; the last one is remembered because the three detectors ask for it in turn. */
export function analyse(reply: string): Doc {
  if (reply === cachedReply && cachedVersion === registryVersion && cachedDoc) return cachedDoc;
  cachedDoc = buildDoc(reply);
  cachedReply = reply;
  cachedVersion = registryVersion;
  return cachedDoc;
}

/** The analysis of any text, uncached (allowed timeline claims are analysed this way). */
export function buildDoc(reply: string): Doc {
  const text = normalise(reply);
  const lower = lowerSameLength(text);
  const sentences = sentenceSpans(text);
  const anchors = scanAnchors(lower);
  let s = 0;
  for (const a of anchors) {
    while (s < sentences.length - 1 && (sentences[s] as Span).end <= a.start) s++;
    a.sentence = s;
  }
  return { reply, text, lower, sentences, anchors, clauses: [], quotes: undefined };
}

/** Clauses of one sentence, split on first use. */
export function clausesOf(doc: Doc, sentence: number): Clause[] {
  let list = doc.clauses[sentence];
  if (!list) {
    list = [];
    const sp = doc.sentences[sentence];
    if (sp) clauseSpans(doc.text, sp, sentence, list);
    doc.clauses[sentence] = list;
  }
  return list;
}

export type ClauseRef = { list: Clause[]; i: number; clause: Clause };

/** The clause holding offset `at` (the nearest one before it when `at` falls in a break). */
export function clauseAt(doc: Doc, at: number, sentence: number): ClauseRef {
  const list = clausesOf(doc, sentence);
  let i = 0;
  while (i + 1 < list.length && (list[i + 1] as Clause).start <= at) i++;
  const clause = list[i] ?? { start: at, end: at, sentence, joined: false };
  return { list, i, clause };
}

export function quotesOf(doc: Doc): Span[] {
  if (!doc.quotes) doc.quotes = quoteSpans(doc.text);
  return doc.quotes;
}

/** The sentence index holding offset `at`. */
export function sentenceAt(doc: Doc, at: number): number {
  let s = 0;
  while (s < doc.sentences.length - 1 && (doc.sentences[s] as Span).end <= at) s++;
  return s;
}

/** A sentence that ends in a question mark asks rather than asserts. */
export function isQuestion(doc: Doc, sentence: number): boolean {
  const sp = doc.sentences[sentence];
  if (!sp) return false;
  let e = sp.end;
  while (e > sp.start && /["')\s]/.test(doc.text[e - 1] as string)) e--;
  return doc.text[e - 1] === "?";
}

export function slice(doc: Doc, sp: Span): string {
  return doc.text.slice(sp.start, sp.end);
}
