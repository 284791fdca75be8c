// The learned opinion's hot path: a sentence read straight into word numbers, with its particulars marked, without
// building the marked string. It gives exactly what markParticulars → toLowerCase → WordTable.sentence gives (a test
// compares them on every probe, every example-run output and random text), in one pass and no allocation per word.
import type { Span } from "../text";
import type { WordTable } from "./word-table";

const NONE = 0;
const MONEY = 1;
const NUMBER = 2;
const TICKER = 3;

export type MarkerIds = { money: number; echoMoney: number; num: number; echoNum: number; tick: number; echoTick: number; question: number };

// The spans the slow path replaces by a marker, by offset from the sentence's start: kind[i] is the kind of the span
// starting at i (NONE elsewhere), regionEnd[i] its end, and ends[e] is 1 where a span ends. Reused between calls.
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

/**
 * Writes "<s>" and the word numbers of text[sp.start, sp.end) to words.ids, reading `lower` (text lower-cased, same
 * offsets) for the words, and returns how many it wrote. Amounts, numbers and tickers become their markers, "echo" when
 * the customer's message holds the same one, as in features.ts's markParticulars.
 */
export function readSentenceIds(words: WordTable, text: string, lower: string, sp: Span, customer: string, customerLower: string, start: number, m: MarkerIds): number {
  const from = sp.start;
  const to = sp.end;
  const width = to - from;
  if (kind.length < width + 1) {
    kind = new Uint8Array(2 * width + 2);
    regionEnd = new Int32Array(2 * width + 2);
    ends = new Uint8Array(2 * width + 2);
  }
  kind.fill(NONE, 0, width + 1);
  ends.fill(0, 0, width + 1);
  let digits = false;
  let capitals = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) digits = true;
    else if (isCapital(c) && i + 1 < to && isCapital(text.charCodeAt(i + 1))) capitals = true;
  }
  if (digits) {
    // /\$\s?\d[\d,.]*k?/g
    for (let i = from; i < to; i++) {
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
    for (let i = from; i < to; i++) {
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
    for (let i = from; i < to; i++) {
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
      const piece = text.slice(i, e);
      if (k === MONEY) out[n++] = customerLower.includes(piece.replace(/\s/g, "").toLowerCase()) ? m.echoMoney : m.money;
      else if (k === NUMBER) out[n++] = customer.includes(piece) ? m.echoNum : m.num;
      else out[n++] = customer.includes(piece) ? m.echoTick : m.tick;
      i = e - 1;
      continue;
    }
    const c = lower.charCodeAt(i);
    if (c === 63) {
      out[n++] = m.question;
      continue;
    }
    if (!isTokenChar(c)) continue;
    let j = i + 1;
    while (j < to && kind[j - from] === NONE && isTokenChar(lower.charCodeAt(j))) j++;
    out[n++] = words.find(lower, i, j);
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
