// The learned opinion's hot path: a sentence read straight into word numbers, with its particulars marked, without
// building the marked string. It gives exactly what markParticulars → toLowerCase → WordTable.sentence gives (a test
// compares them on every probe, every example-run output and random text), in one pass and no allocation per word.
import type { Span } from "../text";
import { HASH_START, hashStep, keyStep, NOT_SHORT, SHORT, type WordTable } from "./word-table";

const NONE = 0;
const MONEY = 1;
const NUMBER = 2;
const TICKER = 3;

export type MarkerIds = { money: number; echoMoney: number; num: number; echoNum: number; tick: number; echoTick: number; question: number };

// The spans the slow path replaces by a marker, by offset from the sentence's start: kind[i] is the kind of the span
// starting at i (NONE elsewhere), regionEnd[i] its end, and ends[e] is 1 where a span ends. Reused between calls, and
// all zero between them (the word pass clears each span it reads), so no call has to clear them first.
let kind = new Uint8Array(1024);
let regionEnd = new Int32Array(1024);
let ends = new Uint8Array(1024);

// \w of a JS regex without the u flag: ASCII letters, digits and the underscore.
function isWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}
const isDigit = (c: number) => c >= 48 && c <= 57;
const isCapital = (c: number) => c >= 65 && c <= 90;
// \s of a JS regex.
function isJsSpace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
// The tokenizer's word characters after lower-casing: /[a-z']/.
const isTokenChar = (c: number) => (c >= 97 && c <= 122) || c === 39;

// A digit, or the first of two capitals: where a sentence may first have something to mark.
const PARTICULAR = /\d|[A-Z](?=[A-Z])/g;

/** The offset of the first digit or pair of capitals in text at or after `from`, or text.length when there is none. */
export function nextParticular(text: string, from: number): number {
  PARTICULAR.lastIndex = from;
  const m = PARTICULAR.exec(text);
  return m ? m.index : text.length;
}

/**
 * Writes "<s>" and the word numbers of text[sp.start, sp.end) to words.ids, reading `lower` (text lower-cased, same
 * offsets) for the words, and returns how many it wrote. Amounts, numbers and tickers become their markers, "echo" when
 * the customer's message holds the same one, as in features.ts's markParticulars. `particular` is
 * nextParticular(text, sp.start).
 */
export function readSentenceIds(words: WordTable, text: string, lower: string, sp: Span, particular: number, customer: string, customerLower: string, start: number, m: MarkerIds): number {
  const from = sp.start;
  const to = sp.end;
  // A pair of capitals that starts on the last character runs past the sentence.
  if (particular >= to || (particular === to - 1 && !isDigit(text.charCodeAt(particular)))) {
    // Nothing to mark (no digit, no two capitals in a row): the words of `lower` in one scan.
    return words.read(lower, from, to, start);
  }
  // No span can start more than two characters before the first digit ("$ 5") or before the pair of capitals.
  return readMarked(words, text, lower, from, to, Math.max(from, particular - 2), customer, customerLower, start, m);
}

// The sentence with something to mark: a prescan, then the money, number and ticker passes, all from `marks` (no span
// starts before it), then the words.
function readMarked(words: WordTable, text: string, lower: string, from: number, to: number, marks: number, customer: string, customerLower: string, start: number, m: MarkerIds): number {
  const width = to - from;
  if (kind.length < width + 1) {
    kind = new Uint8Array(2 * width + 2);
    regionEnd = new Int32Array(2 * width + 2);
    ends = new Uint8Array(2 * width + 2);
  }
  let digits = false;
  let dollar = false;
  let capitals = false;
  for (let i = marks; i < to; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) digits = true;
    else if (c === 36) dollar = true;
    else if (isCapital(c) && i + 1 < to && isCapital(text.charCodeAt(i + 1))) capitals = true;
  }
  if (digits) {
    // /\$\s?\d[\d,.]*k?/g
    for (let i = marks; dollar && i < to; i++) {
      if (text.charCodeAt(i) !== 36) continue;
      let j = i + 1;
      if (j < to && isJsSpace(text.charCodeAt(j)) && j + 1 < to && isDigit(text.charCodeAt(j + 1))) j++;
      if (j >= to || !isDigit(text.charCodeAt(j))) continue;
      j++;
      while (j < to && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 44 || text.charCodeAt(j) === 46)) j++;
      if (j < to && text.charCodeAt(j) === 107) j++;
      mark(i, j, MONEY, from);
      i = j - 1;
    }
    // /\b\d[\d,.:]*\b/g on the text with the amounts replaced.
    for (let i = marks; i < to; i++) {
      if (kind[i - from] !== NONE) {
        i = (regionEnd[i - from] as number) - 1;
        continue;
      }
      if (!isDigit(text.charCodeAt(i)) || isWord(charBefore(text, i, from))) continue;
      let j = i + 1;
      while (j < to && kind[j - from] === NONE && isNumberChar(text.charCodeAt(j))) j++;
      // Backtrack to the longest run that ends on a word boundary.
      let e = j;
      while (e > i && isWord(text.charCodeAt(e - 1)) === isWord(charAfter(text, e, from, to))) e--;
      if (e === i) continue;
      mark(i, e, NUMBER, from);
      i = e - 1;
    }
  }
  if (capitals) {
    // /\b[A-Z]{2,5}\b/g on the text with amounts and numbers replaced.
    for (let i = marks; i < to; i++) {
      if (kind[i - from] !== NONE) {
        i = (regionEnd[i - from] as number) - 1;
        continue;
      }
      if (!isCapital(text.charCodeAt(i)) || isWord(charBefore(text, i, from))) continue;
      let j = i + 1;
      while (j < to && kind[j - from] === NONE && isCapital(text.charCodeAt(j))) j++;
      if (j - i >= 2 && j - i <= 5 && !isWord(charAfter(text, j, from, to))) mark(i, j, TICKER, from);
      i = j - 1;
    }
  }
  const out = words.reserve(width + 1);
  out[0] = start;
  let n = 1;
  for (let i = from; i < to; i++) {
    const k = kind[i - from] as number;
    if (k !== NONE) {
      const e = regionEnd[i - from] as number;
      // Each span is passed once here, so clearing it leaves kind and ends all zero for the next sentence.
      kind[i - from] = NONE;
      ends[e - from] = 0;
      const piece = text.slice(i, e);
      if (k === MONEY) out[n++] = customerLower.includes(piece.replace(/\s/g, "").toLowerCase()) ? m.echoMoney : m.money;
      else if (k === NUMBER) out[n++] = customer.includes(piece) ? m.echoNum : m.num;
      else out[n++] = customer.includes(piece) ? m.echoTick : m.tick;
      i = e - 1;
      continue;
    }
    let c = lower.charCodeAt(i);
    if (c === 63) {
      out[n++] = m.question;
      continue;
    }
    if (!isTokenChar(c)) continue;
    let h = HASH_START;
    let key = 0;
    let j = i;
    do {
      h = hashStep(h, c);
      key = keyStep(key, c);
      c = ++j < to && kind[j - from] === NONE ? lower.charCodeAt(j) : 0;
    } while (isTokenChar(c));
    out[n++] = words.lookup(h >>> 0, j - i <= SHORT ? key : NOT_SHORT, lower, i, j);
    i = j - 1;
  }
  return n;
}

const isNumberChar = (c: number) => isDigit(c) || c === 44 || c === 46 || c === 58;

// The characters either side of an offset as the slow path sees them: a replaced span has a space on either side.
function charBefore(text: string, i: number, from: number): number {
  return i === from || ends[i - from] === 1 ? 32 : text.charCodeAt(i - 1);
}

function charAfter(text: string, e: number, from: number, to: number): number {
  return e >= to || kind[e - from] !== NONE ? 32 : text.charCodeAt(e);
}

function mark(i: number, e: number, k: number, from: number): void {
  kind[i - from] = k;
  regionEnd[i - from] = e;
  ends[e - from] = 1;
}
