// The anchor-word registry and the one scan of a reply that finds them. Detectors register, at module load, the
// lower-case words that can start one of their rules; the scan hashes every word once and looks it up.

/** `id` is the keyword's registration number (see keywordId); 0 = a token starting with a digit ("#"), 1 = "$". */
export type Anchor = { key: string; id: number; start: number; end: number; sentence: number };

// Open-addressing table of word hashes to keyword ids: the scan looks every word of the reply up once. The hash, the
// length and the first and last letters must all match, so an unregistered word is not taken for a keyword.
const TABLE_BITS = 12;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
const tableHash = new Int32Array(1 << TABLE_BITS).fill(-1);
const tableCheck = new Int32Array(1 << TABLE_BITS);
const tableId = new Int32Array(1 << TABLE_BITS);
const KEYWORDS: string[] = ["#", "$"];
const IDS = new Map<string, number>([["#", 0], ["$", 1]]);
let version = 0;

function lookup(h: number, check: number): number {
  for (let slot = h & TABLE_MASK; ; slot = (slot + 1) & TABLE_MASK) {
    const stored = tableHash[slot] as number;
    if (stored === h && tableCheck[slot] === check) return tableId[slot] as number;
    if (stored === -1) return -1;
  }
}

/** Length and first and last letter packed in one integer. */
function checkOf(length: number, first: number, last: number): number {
  return (length << 16) | ((first & 0xff) << 8) | (last & 0xff);
}

function hashWord(w: string): number {
  let h = 0;
  for (let i = 0; i < w.length; i++) h = (Math.imul(h, 31) + w.charCodeAt(i)) & 0x3fffffff;
  return h;
}

/** Detectors declare, at module load, the lower-case words that can start one of their rules. */
export function registerKeywords(words: Iterable<string>): void {
  for (const w of words) {
    if (IDS.has(w)) continue;
    // A programming error at module load, not a scoring case: the table must stay sparse for the probe loop to end.
    if (KEYWORDS.length >= (1 << TABLE_BITS) / 2) throw new Error("detector keyword table is full");
    const id = KEYWORDS.length;
    KEYWORDS.push(w);
    IDS.set(w, id);
    const h = hashWord(w);
    let slot = h & TABLE_MASK;
    while (tableHash[slot] !== -1) slot = (slot + 1) & TABLE_MASK;
    tableHash[slot] = h;
    tableCheck[slot] = checkOf(w.length, w.charCodeAt(0), w.charCodeAt(w.length - 1));
    tableId[slot] = id;
  }
  version++;
}

/** The id of a registered keyword ("#" and "$" are always registered); -1 if unknown. */
export function keywordId(word: string): number {
  return IDS.get(word) ?? -1;
}

/** Bumped by every registration, so a cached analysis made before a detector loaded is not reused. */
export function registryVersion(): number {
  return version;
}

// Character classes for the scan, by UTF-16 code unit: 1 = letter or digit, 2 = apostrophe (a word character only
// inside a word), 3 = U+2019, an apostrophe that hashes as "'".
const CHAR_CLASS = new Uint8Array(65536);
for (let c = 97; c <= 122; c++) CHAR_CLASS[c] = 1;
for (let c = 48; c <= 57; c++) CHAR_CLASS[c] = 1;
CHAR_CLASS[39] = 2;
CHAR_CLASS[0x2019] = 3;

/** Every registered word and every number in `lower`, in order; sentence indexes are filled in by the caller. */
// Word characters: letters, digits and an apostrophe inside a word ("can't", "we'll", "i'd"); U+2019 counts as one.
// One tight loop per word (hash as it goes, one table probe at its end): this scan runs on every reply.
export function scanAnchors(lower: string): Anchor[] {
  const out: Anchor[] = [];
  const n = lower.length;
  let i = 0;
  while (i < n) {
    let c = lower.charCodeAt(i);
    let cls = CHAR_CLASS[c] as number;
    if (cls !== 1) {
      if (c === 36) out.push({ key: "$", id: 1, start: i, end: i + 1, sentence: 0 });
      i++;
      continue;
    }
    const start = i;
    let h = 0;
    let last = 0;
    for (;;) {
      if (cls === 3) c = 39;
      h = (Math.imul(h, 31) + c) & 0x3fffffff;
      last = c;
      if (++i >= n) break;
      c = lower.charCodeAt(i);
      cls = CHAR_CLASS[c] as number;
      if (cls === 0) break;
    }
    endWord(lower, start, i, h, last, out);
  }
  return out;
}

function endWord(lower: string, start: number, end: number, h: number, last: number, out: Anchor[]): void {
  const first = lower.charCodeAt(start);
  const id = lookup(h, checkOf(end - start, first, last));
  if (id >= 0) out.push({ key: KEYWORDS[id] as string, id, start, end, sentence: 0 });
  else if (first >= 48 && first <= 57) out.push({ key: "#", id: 0, start, end, sentence: 0 });
}

export type RuleIndex = {
  /** Rule numbers by anchor keyword id, in rule order, then the extra rule numbers. */
  byId: Array<number[] | undefined>;
  /** Each rule's second, necessary words (`alsoNeeds`) as keyword ids. */
  needs: Array<Set<number> | undefined>;
};

/** Registers a detector's anchor words and indexes its rules by them; `extra` adds a pseudo-rule (negative number) on more words. */
export function indexRules(rules: ReadonlyArray<{ anchors: readonly string[]; alsoNeeds?: readonly string[] }>, extra: { rule: number; anchors: Iterable<string> }[] = []): RuleIndex {
  const byAnchor = new Map<string, number[]>();
  const add = (word: string, rule: number) => {
    const list = byAnchor.get(word);
    if (list) list.push(rule);
    else byAnchor.set(word, [rule]);
  };
  rules.forEach((rule, i) => rule.anchors.forEach((a) => add(a, i)));
  for (const { rule, anchors } of extra) for (const a of anchors) add(a, rule);
  registerKeywords(byAnchor.keys());
  const needs = rules.map((rule) => {
    if (!rule.alsoNeeds) return undefined;
    registerKeywords(rule.alsoNeeds);
    return new Set(rule.alsoNeeds.map(keywordId));
  });
  const byId: RuleIndex["byId"] = [];
  for (const [word, list] of byAnchor) byId[keywordId(word)] = list;
  return { byId, needs };
}
