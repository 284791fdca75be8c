// The model's vocabulary, looked up straight from a sentence's characters: scoring splits a sentence into word numbers
// without making a string per word (the same words as sentenceWords' /[a-z']+|\?/ on the marked, lower-cased text).
export class WordTable {
  private readonly words: string[] = [];
  private readonly slots: Int32Array;
  // Each slot's word hash beside its number: a probe that passes another word's slot compares no characters.
  private readonly slotHash: Int32Array;
  // Each slot's word as a short key (see keyStep), NOT_SHORT for a longer word, EMPTY for no word.
  private readonly slotKey: Float64Array;
  private readonly mask: number;
  // One buffer for every call: a typed array made per sentence cost more than reading the sentence.
  ids = new Int32Array(1024);

  constructor(words: Iterable<string>) {
    for (const w of words) this.words.push(w);
    let size = 16;
    while (size < this.words.length * 2) size *= 2;
    this.mask = size - 1;
    this.slots = new Int32Array(size).fill(-1);
    this.slotHash = new Int32Array(size);
    this.slotKey = new Float64Array(size).fill(EMPTY);
    this.words.forEach((w, id) => {
      const h = hash(w, 0, w.length);
      let i = h & this.mask;
      while (this.slots[i] !== -1) i = (i + 1) & this.mask;
      this.slots[i] = id;
      this.slotHash[i] = h | 0;
      this.slotKey[i] = shortKey(w, 0, w.length);
    });
  }

  get size(): number {
    return this.words.length;
  }

  /** The number of the word s[from, to), or -1 when the model has no such word. */
  find(s: string, from: number, to: number): number {
    return this.lookup(hash(s, from, to), shortKey(s, from, to), s, from, to);
  }

  /**
   * find() for a caller that took the word's hash (hashStep from HASH_START, then >>> 0) and, for a word of at most
   * SHORT letters and apostrophes, its key (keyStep from 0; NOT_SHORT otherwise) while scanning it.
   */
  lookup(h: number, key: number, s: string, from: number, to: number): number {
    if (key !== NOT_SHORT) {
      for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
        const at = this.slotKey[i] as number;
        if (at === key) return this.slots[i] as number;
        if (at === EMPTY) return -1;
      }
    }
    const h32 = h | 0;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const id = this.slots[i] as number;
      if (id === -1) return -1;
      if (this.slotHash[i] === h32 && same(this.words[id] as string, s, from, to)) return id;
    }
  }

  /** `ids` with room for at least `length` numbers (grown when a sentence is longer than any before it). */
  reserve(length: number): Int32Array {
    if (this.ids.length < length) this.ids = new Int32Array(2 * length);
    return this.ids;
  }

  /**
   * Writes "<s>" and then each word of a marked sentence, as numbers (-1 for a word the model does not know), to the
   * start of `ids`, and returns how many it wrote; `ids` is overwritten by the next call.
   */
  sentence(marked: string, start: number): number {
    return this.read(marked, 0, marked.length, start);
  }

  /** sentence() for s[from, to) of a longer lower-case text with nothing in it to mark; one scan, no string per word. */
  read(s: string, from: number, to: number, start: number): number {
    const out = this.reserve(to - from + 1);
    out[0] = start;
    let n = 1;
    for (let i = from; i < to; i++) {
      let c = s.charCodeAt(i);
      if (c === 63) {
        out[n++] = this.lookup(QUESTION, NOT_SHORT, s, i, i + 1);
        continue;
      }
      if (!isWordChar(c)) continue;
      // The hash and the short key, as in hash() and shortKey(), taken while the word is scanned.
      let h = HASH_START;
      let key = 0;
      let j = i;
      do {
        h = hashStep(h, c);
        key = keyStep(key, c);
        c = ++j < to ? s.charCodeAt(j) : 0;
      } while (isWordChar(c));
      out[n++] = this.lookup(h >>> 0, j - i <= SHORT ? key : NOT_SHORT, s, i, j);
      i = j - 1;
    }
    return n;
  }
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || c === 39;
}

// FNV-1a over UTF-16 code units.
export const HASH_START = 0x811c9dc5;
export const hashStep = (h: number, c: number) => Math.imul(h ^ c, 0x01000193);

function hash(s: string, from: number, to: number): number {
  let h = HASH_START;
  for (let i = from; i < to; i++) h = hashStep(h, s.charCodeAt(i));
  return h >>> 0;
}

// A word of at most SHORT letters and apostrophes read as a base-32 number, a letter its place in the alphabet and an
// apostrophe 27, is exact in a double (10 · 5 bits < 53) and differs between any two such words, so comparing keys
// compares the words without reading a character of the stored one.
export const SHORT = 10;
export const NOT_SHORT = -1;
const EMPTY = -2;
export const keyStep = (key: number, c: number) => key * 32 + (c === 39 ? 27 : c - 96);

function shortKey(s: string, from: number, to: number): number {
  if (to - from > SHORT) return NOT_SHORT;
  let key = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!isWordChar(c)) return NOT_SHORT;
    key = keyStep(key, c);
  }
  return key;
}

const QUESTION = hash("?", 0, 1);

function same(word: string, s: string, from: number, to: number): boolean {
  if (word.length !== to - from) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== s.charCodeAt(from + i)) return false;
  return true;
}
