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

const KEYWORDS = new Map<number, string>();
let registryVersion = 0;

function hashWord(w: string): number {
  let h = 0;
  for (let i = 0; i < w.length; i++) h = (Math.imul(h, 31) + w.charCodeAt(i)) | 0;
  return h;
}

/** Detectors declare, at module load, the lower-case words that can start one of their rules. */
export function registerKeywords(words: Iterable<string>): void {
  for (const w of words) KEYWORDS.set(hashWord(w), w);
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
  let start = -1;
  let h = 0;
  const n = lower.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? lower.charCodeAt(i) : 32;
    const isWord = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || ((c === 39 || c === 0x2019) && start >= 0);
    if (isWord) {
      if (start < 0) {
        start = i;
        h = 0;
      }
      h = (Math.imul(h, 31) + (c === 0x2019 ? 39 : c)) | 0;
      continue;
    }
    if (start >= 0) {
      const key = KEYWORDS.get(h);
      const first = lower.charCodeAt(start);
      if (key !== undefined) out.push({ key, start, end: i, sentence: 0 });
      else if (first >= 48 && first <= 57) out.push({ key: "#", start, end: i, sentence: 0 });
      start = -1;
    }
    if (c === 36) out.push({ key: "$", start: i, end: i + 1, sentence: 0 });
  }
  return out;
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
