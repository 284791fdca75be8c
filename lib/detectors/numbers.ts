// Numbers written in words or digits, as a timeline or an amount states them.

const UNITS = new Map<string, number>(Object.entries({
  zero: 0, a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  couple: 2, "a couple": 2, "a couple of": 2, "couple of": 2, "a pair of": 2,
}));
const TENS = new Map<string, number>(Object.entries({ twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 }));

/** Source fragment matching a number written in words (one to ninety-nine, "a couple of", "a", "an"). */
export const NUMBER_WORD =
  "(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|a couple(?: of)?|couple of|a pair of)";

const COMMAS = /,/g;
const SPACES = /\s+/g;
const DECIMAL = /^\d+(?:\.\d+)?$/;
const HYPHEN_OR_SPACE = /[- ]/;
const LETTER_FIRST = /^[a-z]/;
const DIGIT_FIRST = /^\d/;
const DASH = /[-\u2013]/;

// Lower-case letters, digits, "." and "'" only (a word as wordBefore reads it): trimming and clean-up would change nothing.
function isPlainWord(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 46 || c === 39)) return false;
  }
  return true;
}

/** Value of a number in digits or words; vague quantities ("a few", "several") keep their word; null when not a number. */
export function parseNumber(raw: string): number | string | null {
  const direct = UNITS.get(raw);
  if (direct !== undefined) return direct;
  const w = isPlainWord(raw) ? raw : raw.trim().toLowerCase().replace(COMMAS, "").replace(SPACES, " ");
  if (DECIMAL.test(w)) return Number(w);
  const known = UNITS.get(w);
  if (known !== undefined) return known;
  if (w === "a few" || w === "few") return "few";
  if (w === "several") return "several";
  if (w === "half a" || w === "half an") return 0.5;
  // A word with no hyphen or space is a tens word alone ("forty") or no number: no split needed.
  if (w.indexOf("-") < 0 && w.indexOf(" ") < 0) return TENS.get(w) ?? null;
  const parts = w.split(HYPHEN_OR_SPACE);
  const tens = TENS.get(parts[0] as string);
  if (tens !== undefined) {
    if (parts.length === 1) return tens;
    const unit = UNITS.get(parts[1] as string);
    if (parts.length === 2 && unit !== undefined && unit > 0 && unit < 10) return tens + unit;
  }
  return null;
}

const QUALIFIERS = new Set(["business", "working", "banking", "trading", "calendar", "full"]);
const TENS_WORDS = new Set(TENS.keys());

type Word = { word: string; start: number; gap: string };

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 46 || c === 39;
}

/** The lower-case word that ends just before `pos`, separated from it only by spaces or hyphens. */
export function wordBefore(s: string, pos: number): Word | null {
  let e = pos;
  for (let c = s.charCodeAt(e - 1); e > 0 && (c === 32 || c === 45 || c === 0x2013 || c === 9 || c === 10 || c === 13); c = s.charCodeAt(e - 1)) e--;
  let b = e;
  while (b > 0 && isWordChar(s.charCodeAt(b - 1))) b--;
  if (b === e) return null;
  const end = s.charCodeAt(e - 1) === 46 ? e - 1 : e;
  return { word: s.slice(b, end), start: b, gap: s.slice(e, pos) };
}

function numberEndingAt(s: string, pos: number): { value: number | string; start: number } | null {
  const w = wordBefore(s, pos);
  if (!w) return null;
  const v = parseNumber(w.word);
  if (w.word === "of") {
    const c = wordBefore(s, w.start);
    if (c?.word !== "couple") return null;
    const a = wordBefore(s, c.start);
    return { value: 2, start: a?.word === "a" ? a.start : c.start };
  }
  if (v === null) return null;
  if (w.word === "a" || w.word === "an") {
    const h = wordBefore(s, w.start);
    return h?.word === "half" ? { value: 0.5, start: h.start } : { value: 1, start: w.start };
  }
  if (typeof v === "number" && v > 0 && v < 10 && LETTER_FIRST.test(w.word)) {
    const t = wordBefore(s, w.start);
    if (t && TENS_WORDS.has(t.word)) return { value: (TENS.get(t.word) as number) + v, start: t.start };
  }
  if (v === "few" || w.word === "couple") {
    const a = wordBefore(s, w.start);
    return { value: v, start: a?.word === "a" ? a.start : w.start };
  }
  return { value: v, start: w.start };
}

export type NumberBefore = { value: number | string; high: number | string | null; start: number; qualifier: string };

/** The quantity written just before a unit word ("ten business", "24-48", "one or two", "a couple of"), or null. */
export function readNumberBefore(s: string, unitStart: number): NumberBefore | null {
  let pos = unitStart;
  let qualifier = "";
  const q = wordBefore(s, pos);
  if (q && QUALIFIERS.has(q.word)) {
    qualifier = q.word;
    pos = q.start;
  }
  const hi = numberEndingAt(s, pos);
  if (!hi) return null;
  const sep = wordBefore(s, hi.start);
  if (sep && (sep.word === "to" || sep.word === "or")) {
    const lo = numberEndingAt(s, sep.start);
    if (lo) return { value: lo.value, high: hi.value, start: lo.start, qualifier };
  }
  if (sep && DASH.test(sep.gap) && DIGIT_FIRST.test(sep.word)) {
    const lo = parseNumber(sep.word);
    if (lo !== null) return { value: lo, high: hi.value, start: sep.start, qualifier };
  }
  return { value: hi.value, high: null, start: hi.start, qualifier };
}
