// Timeline mentions and their normal form, so "ten business days", "10-business-day" and "10 working days" compare equal.
// Each mention is grown from an anchor word (a unit, a day name, a digit) rather than searched for everywhere.
import { buildDoc, registerKeywords, type Anchor, type Doc } from "./doc";
import { readNumberBefore, wordBefore } from "./numbers";

/** duration = a period; date = a day named (weekday, calendar date, tomorrow); time = a time of day; cutoff = FND-04's 14:00 ET. */
export type TimelineKind = "duration" | "date" | "time" | "cutoff";
export type TimelineMention = {
  start: number;
  end: number;
  key: string;
  kind: TimelineKind;
  /** Points back in time ("3 days ago", "in the past 24 hours", "it's been 10 days"). */
  past: boolean;
  /** Measures the customer's reporting window from a statement (FRD-04's 60 days), not something Zoomberg does. */
  eligibility: boolean;
};
type Found = { start: number; end: number; key: string; kind: TimelineKind } | null;

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

const MONTH_RE = `(?:${MONTHS.join("|")}|${MONTH_ABBR.join("|")})`;
const TZ = "(?:\\s*(?:et|est|edt|eastern(?:\\s+time)?|ct|cst|cdt|central|pt|pst|pdt|pacific|local(?:\\s+time)?)\\b)?";
const CLOCK = new RegExp(`(\\d{1,2})(?::(\\d{2}))?\\s*(a\\.?m\\.?|p\\.?m\\.?)(?![a-z])${TZ}|(\\d{1,2}):(\\d{2})\\b${TZ}`, "y");
const NUMERIC_DATE = /\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/y;
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

function sticky(re: RegExp, s: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(s);
}

function unitKey(qualifier: string, unitWord: string, plural: boolean): string {
  const base = unitWord.replace(/s$/, "");
  const unit = base === "hr" ? "hour" : base === "min" ? "minute" : base;
  const word = /^(?:business|working|banking|trading)$/.test(qualifier) && unit === "day" ? "business day" : unit;
  return plural ? `${word}s` : word;
}

function fromUnit(s: string, a: Anchor): Found {
  const word = s.slice(a.start, a.end);
  const lead = s.slice(Math.max(0, a.start - 40), a.start);
  const prev = wordBefore(s, a.start)?.word ?? "";
  if (word === "weekend" || ((prev === "this" || prev === "next") && /^(?:week|month)s?$/.test(word))) {
    if (prev === "this" || prev === "next") return { start: a.start - prev.length - 1, end: a.end, key: `${prev} ${word}`, kind: "date" };
    // "before the weekend", "by the weekend": a day named, like a weekday.
    return prev === "a" ? null : { start: a.start, end: a.end, key: "weekend", kind: "date" };
  }
  if (/^hours?$/.test(word) && WITHIN_THE.test(lead)) return { start: a.start, end: a.end, key: "1 hour", kind: "duration" };
  const num = readNumberBefore(s, a.start);
  if (!num) return null;
  const { value, high, start, qualifier } = num;
  if (value === 0.5 && /^hour/.test(word)) return { start, end: a.end, key: "30 minutes", kind: "duration" };
  if (high === null && value === 1 && OR_TWO.test(s.slice(a.end, a.end + 10))) {
    const end = a.end + (OR_TWO.exec(s.slice(a.end, a.end + 10))?.[0].length ?? 0);
    return { start, end, key: `1-2 ${unitKey(qualifier, word, true)}`, kind: "duration" };
  }
  if (high !== null) return { start, end: a.end, key: `${value}-${high} ${unitKey(qualifier, word, true)}`, kind: "duration" };
  return { start, end: a.end, key: `${value} ${unitKey(qualifier, word, value !== 1)}`, kind: "duration" };
}

function fromDigit(s: string, a: Anchor): Found {
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
  if (d) return { start: a.start, end: a.start + d[0].length, key: d[0], kind: "date" };
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
    const prev = wordBefore(s, at)?.word ?? "";
    if (w !== "may" && w.length > 3 && /^(?:by|before|until|in|of|early|mid|late)$/.test(prev)) return { start: at, end: a.end, key: w.slice(0, 3), kind: "date" };
    return null;
  }
  if (DAY_SET.has(w)) return { start: at, end: a.end, key: w.replace(/s$/, ""), kind: "date" };
  const m =
    w === "same" ? sticky(SAME_DAY, s, at) : w === "next" || w === "following" ? sticky(NEXT, s, at) : w === "end" ? sticky(END_OF, s, at) : w === "close" || w === "market" ? sticky(CLOSE_OF, s, at) : w === "tomorrow" ? sticky(TOMORROW, s, at) : null;
  if (m) {
    const end = at + m[0].length;
    if (w === "same") return { start: at, end, key: "same day", kind: "duration" };
    if (w === "next" || w === "following") return m[1] ? { start: at, end, key: `next ${m[1]}`, kind: "date" } : { start: at, end, key: "1 business day", kind: "duration" };
    if (w === "end") return /week|month/.test(m[1] as string) ? { start: at, end, key: `end of ${m[1]}`, kind: "date" } : { start: at, end, key: "end of day", kind: "time" };
    if (w === "tomorrow") return m[0].length > 8 || /first\s+thing\s+$/.test(s.slice(Math.max(0, at - 14), at)) ? { start: at, end, key: m[0], kind: "time" } : { start: at, end, key: "tomorrow", kind: "date" };
    return { start: at, end, key: "close of business", kind: "time" };
  }
  if (w === "today") return { start: at, end: a.end, key: "same day", kind: "duration" };
  if (w === "overnight") return { start: at, end: a.end, key: "overnight", kind: "duration" };
  if (w === "eow") return { start: at, end: a.end, key: "end of week", kind: "date" };
  if (w === "tonight" || w === "noon" || w === "midday" || w === "midnight" || w === "eod" || w === "cob") return { start: at, end: a.end, key: w, kind: "time" };
  if ((w === "morning" || w === "afternoon" || w === "evening") && /\bthis\s+$/.test(s.slice(Math.max(0, at - 6), at))) return { start: at - 5, end: a.end, key: `this ${w}`, kind: "time" };
  return null;
}

const PAST_AFTER = /^\s*(?:ago|earlier|prior|late|overdue|old|back)\b/;
const PAST_BEFORE = /\b(?:last|past|previous|prior|since|that|been(?:\s+(?:about|around|over|almost|nearly|more than|only|just))?)\s+$/;
// A day on which something happened: a past verb, then "on"/"at" the day ("charged on June 1", "was requested on Monday at 09:45").
const PAST_EVENT_BEFORE = /\b(?:[a-z]+ed|sent|paid|made|took|came|went|got|was|were|had|did|began|left|won|lost|put|set|shut|hit|ran|rose|fell|held|told|said|saw)\s+(?:[\w$.,'-]+\s+){0,4}?(?:on|at)\s+(?:the\s+)?$/;
const ELIGIBILITY_AFTER = /^\s*(?:of|after|from|following)\s+(?:the|your|a|that)\s+(?:[\w-]+\s+)?statement/;
const JOIN_GAP = /^[\s,]*(?:(?:on|at|by|this|next|the|of)\s+)*[\s,]*$/;

function isClock(m: TimelineMention): boolean {
  return m.kind === "time" || m.kind === "cutoff";
}

function joinable(a: TimelineMention, b: TimelineMention): boolean {
  const aDay = a.kind === "date" || a.key === "same day";
  const bDay = b.kind === "date" || b.key === "same day";
  return (isClock(a) && bDay) || (aDay && isClock(b));
}

// CND-03 (pack v1.4): a time of day on a date is a new timeline; only the 14:00 cut-off leaves the date to be judged alone.
function merge(a: TimelineMention, b: TimelineMention): TimelineMention {
  const clock = isClock(a) ? a : b;
  const day = clock === a ? b : a;
  const kind: TimelineKind = clock.kind !== "cutoff" ? "time" : day.kind === "date" ? "date" : "cutoff";
  return { start: a.start, end: b.end, key: `${clock.key} ${day.key}`, kind, past: a.past || b.past, eligibility: false };
}

/** Every timeline in the reply, in order; a time of day next to a date is one mention ("5 pm on Thursday"). */
export function findTimelines(doc: Doc): TimelineMention[] {
  const s = doc.lower;
  const out: TimelineMention[] = [];
  for (const a of doc.anchors) {
    if (a.key !== "#" && !H5_WORDS.has(a.key)) continue;
    const last = out[out.length - 1];
    if (last && a.start < last.end) continue;
    const f = a.key === "#" ? fromDigit(s, a) : UNIT_SET.has(a.key) ? fromUnit(s, a) : fromWord(s, a);
    if (!f) continue;
    const lead = s.slice(Math.max(0, f.start - 50), f.start);
    const past = PAST_AFTER.test(s.slice(f.end, f.end + 12)) || PAST_BEFORE.test(lead) || (f.kind !== "duration" && PAST_EVENT_BEFORE.test(lead));
    const m: TimelineMention = { start: f.start, end: f.end, key: f.key, kind: f.kind, past, eligibility: ELIGIBILITY_AFTER.test(s.slice(f.end, f.end + 40)) };
    while (out.length && m.start < (out[out.length - 1] as TimelineMention).end) out.pop();
    const prev = out[out.length - 1];
    if (prev && joinable(prev, m) && JOIN_GAP.test(s.slice(prev.end, m.start))) out[out.length - 1] = merge(prev, m);
    else out.push(m);
  }
  return out;
}

/** Normal form of a claim as a target lists it ("ten business days" and "T+1" become "10 business days", "1 business day"). */
export function normaliseClaim(claim: string): string {
  const found = findTimelines(buildDoc(claim));
  if (found.length === 1) return (found[0] as TimelineMention).key;
  return claim.trim().toLowerCase().replace(/\s+/g, " ");
}
