// Growing a timeline mention from its anchor word: back from a unit to its number ("ten business days"), forward
// from a digit to a clock time or date ("2 p.m. ET", "3/15"), or from a day word ("tomorrow", "end of the week").
import { keywordId, registerKeywords, type Anchor } from "./keywords";
import { readNumberBefore, wordBefore } from "./numbers";

/** duration = a period; date = a day named (weekday, calendar date, tomorrow); time = a time of day; cutoff = FND-04's 14:00 ET. */
export type TimelineKind = "duration" | "date" | "time" | "cutoff";
export type Found = { start: number; end: number; key: string; kind: TimelineKind } | null;

const UNITS = ["day", "days", "hour", "hours", "hr", "hrs", "minute", "minutes", "min", "mins", "week", "weeks", "month", "months", "year", "years", "weekend"];
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_ABBR = ["jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"];
const RELATIVE = ["today", "tonight", "tomorrow", "overnight", "noon", "midday", "midnight", "eod", "eow", "cob", "same", "next", "following", "end", "close", "market", "morning", "afternoon", "evening"];
const UNIT_SET = new Set(UNITS);
const DAY_SET = new Set([...WEEKDAYS, ...WEEKDAYS.map((d) => `${d}s`)]);
const MONTH_SET = new Set([...MONTHS, ...MONTH_ABBR]);
const H5_WORDS = new Set([...UNITS, ...DAY_SET, ...MONTH_SET, ...RELATIVE]);
registerKeywords(H5_WORDS);
const H5_IDS: boolean[] = [true];
for (const w of H5_WORDS) H5_IDS[keywordId(w)] = true;

/** True for the anchors a timeline can grow from (H5's words, and any number). */
export function isTimelineAnchor(a: Anchor): boolean {
  return H5_IDS[a.id] === true;
}

const MONTH_RE = `(?:${MONTHS.join("|")}|${MONTH_ABBR.join("|")})`;
const TZ = "(?:\\s*(?:et|est|edt|eastern(?:\\s+time)?|ct|cst|cdt|central|pt|pst|pdt|pacific|local(?:\\s+time)?)\\b)?";
const CLOCK = new RegExp(`(\\d{1,2})(?::(\\d{2}))?\\s*(a\\.?m\\.?|p\\.?m\\.?)(?![a-z])${TZ}|(\\d{1,2}):(\\d{2})\\b${TZ}`, "y");
const NUMERIC_DATE = /(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?\b/y;
const DAY_MONTH = new RegExp(`(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_RE})\\b`, "y");
const MONTH_DAY = new RegExp(`(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4}\\b)?`, "y");
const SAME_DAY = /same[\s-](?:business[\s-])?day\b/y;
const NEXT = /(?:next|following)\s+(?:(?:business|working|trading)\s+day\b|(week|month)\b)/y;
const END_OF = /end\s+of\s+(?:the\s+|this\s+|next\s+)?(business\s+day|day|business|week|month)\b/y;
const CLOSE_OF = /close\s+of\s+(?:business|play|the\s+(?:business\s+)?day|the\s+market|market|trading)\b|market\s+close\b/y;
const TOMORROW = /tomorrow(?:\s+(?:morning|afternoon|evening|night))?/y;
const T_PLUS = /t\s?\+\s?$/;
const ORDINAL_DAY = /\d{1,2}(?:st|nd|rd|th)\b/y;
const WITHIN_THE = /within\s+the\s+(?:next\s+)?$/;
const OR_TWO = /^\s+or\s+two\b/;

const BUSINESS = /^(?:business|working|banking|trading)$/;
const WEEK_OR_MONTH = /^(?:week|month)s?$/;
const ONE_UNIT = /^(?:hour|day|week|month)$/;
const MONTH_PREPOSITION = /^(?:by|before|until|in|of|early|mid|late)$/;
const FIRST_THING = /first\s+thing\s+$/;
const THIS_BEFORE = /\bthis\s+$/;
const PART_OF_DAY = /\s+(?:morning|afternoon|evening|night)\b/y;

// After a number and spaces, only a word that begins like "am"/"a.m.", "pm"/"p.m.", "of" or a month can make it a clock
// time or date: the letters that may follow each first letter ("5 days", "3 shares", "2 and" are passed over).
const CLOCK_OR_DATE_WORD = new Map(Object.entries({ a: "m.pu", p: "m.", j: "au", f: "e", m: "a", s: "e", o: "fc", n: "o", d: "e" }).map(([first, seconds]) => [first.charCodeAt(0), seconds]));

function beginsClockOrDateWord(s: string, i: number): boolean {
  const seconds = CLOCK_OR_DATE_WORD.get(s.charCodeAt(i));
  return seconds !== undefined && seconds.includes(s.charAt(i + 1));
}

function sticky(re: RegExp, s: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(s);
}

function unitKey(qualifier: string, unitWord: string, plural: boolean): string {
  const base = unitWord.endsWith("s") ? unitWord.slice(0, -1) : unitWord;
  const unit = base === "hr" ? "hour" : base === "min" ? "minute" : base;
  const word = BUSINESS.test(qualifier) && unit === "day" ? "business day" : unit;
  return plural ? `${word}s` : word;
}

/** "this week", "next month", "the weekend" as a day named; null for "a weekend"; undefined when the unit is a duration. */
function dayNamedBy(s: string, a: Anchor, word: string): Found | undefined {
  const prev = wordBefore(s, a.start)?.word ?? "";
  if (prev === "this" || prev === "next") return { start: a.start - prev.length - 1, end: a.end, key: `${prev} ${word}`, kind: "date" };
  if (word !== "weekend") return undefined;
  // "before the weekend", "by the weekend": a day named, like a weekday.
  return prev === "a" ? null : { start: a.start, end: a.end, key: "weekend", kind: "date" };
}

function fromUnit(s: string, a: Anchor): Found {
  const word = s.slice(a.start, a.end);
  // The word before matters only for "weekend", "week(s)" and "month(s)": most units ("days") skip reading it.
  const named = word === "weekend" || WEEK_OR_MONTH.test(word) ? dayNamedBy(s, a, word) : undefined;
  if (named !== undefined) return named;
  // "within the hour", "within the week": one of the unit (the word is tested first, so the lead is sliced only for one).
  if (ONE_UNIT.test(word) && WITHIN_THE.test(s.slice(Math.max(0, a.start - 40), a.start))) return { start: a.start, end: a.end, key: `1 ${word}`, kind: "duration" };
  const num = readNumberBefore(s, a.start);
  if (!num) return null;
  const { value, high, start, qualifier } = num;
  if (value === 0.5 && word.startsWith("hour")) return { start, end: a.end, key: "30 minutes", kind: "duration" };
  if (high === null && value === 1 && OR_TWO.test(s.slice(a.end, a.end + 10))) {
    const end = a.end + (OR_TWO.exec(s.slice(a.end, a.end + 10))?.[0].length ?? 0);
    return { start, end, key: `1-2 ${unitKey(qualifier, word, true)}`, kind: "duration" };
  }
  if (high !== null) return { start, end: a.end, key: `${value}-${high} ${unitKey(qualifier, word, true)}`, kind: "duration" };
  return { start, end: a.end, key: `${value} ${unitKey(qualifier, word, value !== 1)}`, kind: "duration" };
}

// Most numbers are amounts or counts: look at the next and previous characters before trying any pattern.
function mayBeClockOrDate(s: string, a: Anchor): boolean {
  const next = s.charCodeAt(a.end);
  if (next === 58 || next === 47) return true; // ":" clock, "/" date
  const last = s.charCodeAt(a.end - 1);
  if (last >= 97) return true; // "15th", "3rd", "5pm"
  let i = a.end;
  while (s.charCodeAt(i) === 32) i++;
  if (beginsClockOrDateWord(s, i)) return true; // "5 am", "5 pm", "3 March", "3rd of May"
  let j = a.start - 1;
  while (j >= 0 && s.charCodeAt(j) === 32) j--;
  return s.charCodeAt(j) === 43; // "T+1"
}

function fromDigit(s: string, a: Anchor): Found {
  if (!mayBeClockOrDate(s, a)) return null;
  const c = sticky(CLOCK, s, a.start);
  if (c) {
    let h = Number(c[1] ?? c[4]);
    if (c[3] && c[3][0] === "p" && h < 12) h += 12;
    if (c[3] && c[3][0] === "a" && h === 12) h = 0;
    const key = `${String(h).padStart(2, "0")}:${c[2] ?? c[5] ?? "00"}`;
    // FND-04: the 14:00 ET wire cut-off may always be stated.
    return { start: a.start, end: a.start + c[0].length, key, kind: key === "14:00" ? "cutoff" : "time" };
  }
  const d = sticky(NUMERIC_DATE, s, a.start);
  // A month and a day ("3/15"); "24/7" is not a date.
  if (d && Number(d[1]) >= 1 && Number(d[1]) <= 12 && Number(d[2]) >= 1 && Number(d[2]) <= 31) return { start: a.start, end: a.start + d[0].length, key: d[0], kind: "date" };
  const dm = sticky(DAY_MONTH, s, a.start);
  if (dm) return { start: a.start, end: a.start + dm[0].length, key: `${(dm[2] as string).slice(0, 3)} ${Number(dm[1])}`, kind: "date" };
  const od = sticky(ORDINAL_DAY, s, a.start);
  if (od && wordBefore(s, a.start)?.word === "the") return { start: a.start, end: a.start + od[0].length, key: `the ${od[0]}`, kind: "date" };
  if (T_PLUS.test(s.slice(Math.max(0, a.start - 4), a.start))) {
    const n = Number(s.slice(a.start, a.end));
    const start = s.lastIndexOf("t", a.start);
    return { start, end: a.end, key: `${n} ${unitKey("business", "day", n !== 1)}`, kind: "duration" };
  }
  return null;
}

function fromWord(s: string, a: Anchor): Found {
  const w = a.key;
  const at = a.start;
  if (MONTH_SET.has(w)) {
    const md = sticky(MONTH_DAY, s, at);
    if (md) return { start: at, end: at + md[0].length, key: `${(md[1] as string).slice(0, 3)} ${Number(md[2])}`, kind: "date" };
    if (w !== "may" && w.length > 3 && MONTH_PREPOSITION.test(wordBefore(s, at)?.word ?? "")) return { start: at, end: a.end, key: w.slice(0, 3), kind: "date" };
    return null;
  }
  if (DAY_SET.has(w)) {
    const day = w.endsWith("s") ? w.slice(0, -1) : w;
    // "first thing Monday", "Tuesday morning": a part of the day is a time of day, which the pack never gives.
    const part = sticky(PART_OF_DAY, s, a.end);
    if (part) return { start: at, end: a.end + part[0].length, key: `${day}${part[0]}`, kind: "time" };
    if (FIRST_THING.test(s.slice(Math.max(0, at - 14), at))) return { start: at, end: a.end, key: `first thing ${day}`, kind: "time" };
    return { start: at, end: a.end, key: day, kind: "date" };
  }
  const m =
    w === "same" ? sticky(SAME_DAY, s, at) : w === "next" || w === "following" ? sticky(NEXT, s, at) : w === "end" ? sticky(END_OF, s, at) : w === "close" || w === "market" ? sticky(CLOSE_OF, s, at) : w === "tomorrow" ? sticky(TOMORROW, s, at) : null;
  if (m) {
    const end = at + m[0].length;
    if (w === "same") return { start: at, end, key: "same day", kind: "duration" };
    if (w === "next" || w === "following") return m[1] ? { start: at, end, key: `next ${m[1]}`, kind: "date" } : { start: at, end, key: "1 business day", kind: "duration" };
    if (w === "end") return WEEK_OR_MONTH.test(m[1] as string) ? { start: at, end, key: `end of ${m[1]}`, kind: "date" } : { start: at, end, key: "end of day", kind: "time" };
    if (w === "tomorrow") return m[0].length > 8 || FIRST_THING.test(s.slice(Math.max(0, at - 14), at)) ? { start: at, end, key: m[0], kind: "time" } : { start: at, end, key: "tomorrow", kind: "date" };
    return { start: at, end, key: "close of business", kind: "time" };
  }
  if (w === "today") return { start: at, end: a.end, key: "same day", kind: "duration" };
  if (w === "overnight") return { start: at, end: a.end, key: "overnight", kind: "duration" };
  if (w === "eow") return { start: at, end: a.end, key: "end of week", kind: "date" };
  if (w === "tonight" || w === "noon" || w === "midday" || w === "midnight" || w === "eod" || w === "cob") return { start: at, end: a.end, key: w, kind: "time" };
  if ((w === "morning" || w === "afternoon" || w === "evening") && THIS_BEFORE.test(s.slice(Math.max(0, at - 6), at))) return { start: at - 5, end: a.end, key: `this ${w}`, kind: "time" };
  return null;
}

/** The mention that anchor `a` starts or ends, or null when the word is not part of a timeline here. */
export function growMention(s: string, a: Anchor): Found {
  return a.key === "#" ? fromDigit(s, a) : UNIT_SET.has(a.key) ? fromUnit(s, a) : fromWord(s, a);
}
