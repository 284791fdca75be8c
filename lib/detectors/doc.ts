// The analysis of a reply shared by the three detectors: sentences, anchor words, and clauses split on demand.
// Rules run only on the sentences that hold their anchors, which keeps the detectors within the scorer's budget.
import { registryVersion, scanAnchors, type Anchor } from "./keywords";
import { clauseSpans, normalise, quoteSpans, sentenceSpans, type Clause, type Span } from "./text";

export { indexRules, keywordId, registerKeywords, type Anchor } from "./keywords";

export type Doc = {
  reply: string;
  /** The reply with curly quotes straightened; same length and offsets as `reply`. */
  text: string;
  lower: string;
  /** True when `lower` is text.toLowerCase() itself (no character changed length when lower-cased). */
  lowerExact: boolean;
  sentences: Span[];
  /** Registered anchor words in reply order; "#" marks a token that starts with a digit, "$" a dollar sign. */
  anchors: Anchor[];
  /** anchorFrom[s] is the index of sentence s's first anchor (anchors run in sentence order); one more entry closes the last. */
  anchorFrom: number[];
  clauses: Array<Clause[] | undefined>;
  quotes: Span[] | undefined;
};

// Lower-cases character by character, keeping any character whose lower case has another length, so offsets hold.
function lowerSameLength(text: string): string {
  let out = "";
  for (const ch of text) out += ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
  return out;
}

let cachedReply: string | null = null;
let cachedVersion = -1;
let cachedDoc: Doc | null = null;

/** The analysis of a reply; the last one is remembered because the three detectors ask for it in turn. */
export function analyse(reply: string): Doc {
  if (reply === cachedReply && cachedVersion === registryVersion() && cachedDoc) return cachedDoc;
  cachedDoc = buildDoc(reply);
  cachedReply = reply;
  cachedVersion = registryVersion();
  return cachedDoc;
}

/** The analysis of any text, uncached (allowed timeline claims are analysed this way). */
export function buildDoc(reply: string): Doc {
  const text = normalise(reply);
  const exact = text.toLowerCase();
  const lowerExact = exact.length === text.length;
  const lower = lowerExact ? exact : lowerSameLength(text);
  const sentences = sentenceSpans(text);
  const anchors = scanAnchors(lower);
  const anchorFrom = [0];
  let s = 0;
  for (let i = 0; i < anchors.length; i++) {
    const a = anchors[i] as Anchor;
    while (s < sentences.length - 1 && (sentences[s] as Span).end <= a.start) {
      s++;
      anchorFrom.push(i);
    }
    a.sentence = s;
  }
  while (anchorFrom.length <= Math.max(sentences.length, 1)) anchorFrom.push(anchors.length);
  return { reply, text, lower, lowerExact, sentences, anchors, anchorFrom, clauses: [], quotes: undefined };
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

// Closing quotes, brackets and whitespace after a sentence's last mark.
function isCloser(c: number): boolean {
  return c === 34 || c === 39 || c === 41 || c === 32 || (c >= 9 && c <= 13);
}

/** A sentence that ends in a question mark asks rather than asserts. */
export function isQuestion(doc: Doc, sentence: number): boolean {
  const sp = doc.sentences[sentence];
  if (!sp) return false;
  let e = sp.end;
  while (e > sp.start && isCloser(doc.text.charCodeAt(e - 1))) e--;
  return doc.text.charCodeAt(e - 1) === 63;
}

const QUESTION_BREAK = /[:;\u2014]\s*[^:;\u2014]*$/;

/**
 * Where a sentence's question begins: a question sentence asks only after its last colon, semicolon or dash ("I can see
 * the account is a joint one, so one more step: what was your first school?"); -1 when the sentence does not ask.
 */
export function questionStart(doc: Doc, sentence: number): number {
  if (!isQuestion(doc, sentence)) return -1;
  const sp = doc.sentences[sentence] as Span;
  const m = QUESTION_BREAK.exec(doc.text.slice(sp.start, sp.end));
  return m ? sp.start + m.index : sp.start;
}

/** Runs a global regex over one sentence and reports each match with offsets into the reply. */
export function runInSentence(doc: Doc, re: RegExp, sentence: number, push: (start: number, end: number) => void): void {
  const sp = doc.sentences[sentence];
  if (!sp) return;
  const piece = doc.text.slice(sp.start, sp.end);
  re.lastIndex = 0;
  for (let m = re.exec(piece); m !== null; m = re.exec(piece)) push(sp.start + m.index, sp.start + m.index + m[0].length);
}

/** True when the sentence holds one of the given keyword ids (a rule's second, necessary word). */
export function sentenceHas(doc: Doc, sentence: number, ids: ReadonlySet<number>): boolean {
  const to = doc.anchorFrom[sentence + 1] ?? 0;
  for (let i = doc.anchorFrom[sentence] ?? to; i < to; i++) if (ids.has((doc.anchors[i] as Anchor).id)) return true;
  return false;
}
