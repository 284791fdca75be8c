// Timeline mentions and their normal form, so "ten business days", "10-business-day" and "10 working days" compare equal.
import { NUMBER_WORD, parseNumber } from "./numbers";

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

const NUM = `(?:\\d+(?:\\.\\d+)?|${NUMBER_WORD}|a few|few|several|half an?|an?)`;
const UNIT = "(?:(?:business|working|banking|trading|calendar)[\\s-]+)?(?:days?|hours?|hrs?|minutes?|mins?|weeks?|months?|years?)";
const MONTHS = "january|february|march|april|june|july|august|september|october|november|december";
const MONTH_ABBR = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const TZ = "(?:\\s*(?:ET|EST|EDT|eastern(?:\\s+time)?|CT|CST|CDT|central|PT|PST|PDT|pacific|local(?:\\s+time)?)\\b)?";

const TIMELINE = new RegExp(
  [
    "(?<daytwo>\\b(?:a|one)\\s+(?:business\\s+)?(?:day|week|hour)\\s+or\\s+two\\b)",
    `(?<dur>\\b${NUM}(?:\\s*(?:-|\u2013|to|or)\\s*${NUM})?[\\s-]*${UNIT}\\b)`,
    "(?<hour>\\bwithin\\s+the\\s+(?:next\\s+)?hour\\b)",
    "(?<tplus>\\bT\\s?\\+\\s?(?<tn>\\d)\\b)",
    "(?<nbd>\\b(?:the\\s+)?(?:next|following)\\s+(?:business|working|trading)\\s+day\\b)",
    "(?<same>\\b(?:today|(?:the\\s+)?same[\\s-](?:business[\\s-])?day)\\b)",
    "(?<tod>\\b(?:tonight|tomorrow\\s+(?:morning|afternoon|evening|night)|this\\s+(?:morning|afternoon|evening)|(?:the\\s+)?end\\s+of\\s+(?:the\\s+)?(?:business\\s+day|day|business)|EOD|COB|close\\s+of\\s+(?:business|play|the\\s+(?:business\\s+)?day|the\\s+market|market|trading)|(?:the\\s+)?market\\s+close|first\\s+thing\\s+(?:tomorrow|in\\s+the\\s+morning))\\b)",
    "(?<rdate>\\b(?:tomorrow|overnight|this\\s+week(?:end)?|next\\s+(?:week|month)|(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+|next\\s+)?(?:week|month)|EOW)\\b)",
    "(?<wd>\\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\\b)",
    `(?<md>\\b(?:${MONTH_ABBR})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4}\\b)?|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\b|\\b\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?\\b|(?<=\\b(?:by|before|until|in|of|early|mid|late)\\s)(?:${MONTHS})\\b)`,
    `(?<clock>\\b(?<ch>\\d{1,2})(?::(?<cm>\\d{2}))?\\s*(?<ap>a\\.?m\\.?|p\\.?m\\.?)(?![a-z])${TZ}|\\b(?<ch24>\\d{1,2}):(?<cm24>\\d{2})\\b${TZ}|\\b(?:noon|midday|midnight)\\b)`,
  ].join("|"),
  "gi",
);

// Cheap gate: no digit and none of these stems means no timeline at all.
const MAY_HAVE_TIMELINE = /\d|day|hour|week|month|year|night|noon|morrow|eod|eow|cob|close of|minute|mins?\b|hrs?\b|jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec/i;

function unitKey(unitRaw: string, n: number | string): string {
  const u = unitRaw.toLowerCase().replace(/[\s-]+/g, " ").trim();
  const business = /^(?:business|working|banking|trading) /.test(u);
  const base = u.replace(/^(?:business|working|banking|trading|calendar) /, "").replace(/s$/, "");
  const unit = base === "hr" ? "hour" : base === "min" ? "minute" : base;
  const word = business && unit === "day" ? "business day" : unit;
  return n === 1 ? word : `${word}s`;
}

const DURATION_PARTS = new RegExp(`^(${NUM})(?:\\s*(?:-|\u2013|to|or)\\s*(${NUM}))?[\\s-]*(${UNIT})$`, "i");

function durationKey(text: string): string {
  const m = DURATION_PARTS.exec(text.trim());
  if (!m) return text.toLowerCase();
  const a = parseNumber(m[1] as string);
  const b = m[2] ? parseNumber(m[2]) : null;
  if (a === null) return text.toLowerCase();
  if (a === 0.5 && /hour/i.test(m[3] as string)) return "30 minutes";
  if (b !== null) return `${a}-${b} ${unitKey(m[3] as string, 2)}`;
  return `${a} ${unitKey(m[3] as string, a)}`;
}

function clockKey(g: Record<string, string | undefined>, text: string): { key: string; kind: TimelineKind } {
  let h = Number(g.ch ?? g.ch24 ?? NaN);
  const min = g.cm ?? g.cm24 ?? "00";
  if (g.ap && /^p/i.test(g.ap) && h < 12) h += 12;
  if (g.ap && /^a/i.test(g.ap) && h === 12) h = 0;
  if (Number.isNaN(h)) return { key: text.toLowerCase(), kind: "time" };
  const key = `${String(h).padStart(2, "0")}:${min}`;
  // FND-04: the 14:00 ET wire cut-off may always be stated.
  return { key, kind: key === "14:00" ? "cutoff" : "time" };
}

// "March 3rd, 2024", "3 March" and "mar. 3" all become "mar 3"; numeric dates keep their digits.
function calendarKey(lower: string): string {
  const bare = lower.replace(/(\d)(?:st|nd|rd|th)\b/g, "$1").replace(/,?\s+\d{4}$/, "");
  const month = /[a-z]{3}/.exec(bare);
  const day = /\b\d{1,2}\b/.exec(bare);
  if (!month) return bare;
  return day ? `${month[0]} ${Number(day[0])}` : month[0];
}

function classify(m: RegExpExecArray): { key: string; kind: TimelineKind } {
  const g = m.groups as Record<string, string | undefined>;
  const text = m[0];
  const lower = text.toLowerCase().replace(/\s+/g, " ");
  if (g.dur) return { key: durationKey(text), kind: "duration" };
  if (g.daytwo) return { key: `1-2 ${unitKey(lower.replace(/^(?:a|one) | or two$/g, ""), 2)}`, kind: "duration" };
  if (g.hour) return { key: "1 hour", kind: "duration" };
  if (g.tplus) return { key: `${g.tn} ${unitKey("business day", Number(g.tn))}`, kind: "duration" };
  if (g.nbd) return { key: "1 business day", kind: "duration" };
  if (g.same) return { key: "same day", kind: "duration" };
  if (g.tod) return { key: lower.replace(/^the /, ""), kind: "time" };
  if (g.rdate) return { key: lower.replace(/^the /, ""), kind: lower === "overnight" ? "duration" : "date" };
  if (g.wd) return { key: lower.replace(/s$/, ""), kind: "date" };
  if (g.md) return { key: calendarKey(lower), kind: "date" };
  return clockKey(g, text);
}

const PAST_AFTER = /^\s*(?:ago|earlier|prior|late|overdue|old|back)\b/i;
const PAST_BEFORE = /\b(?:last|past|previous|prior|since|been(?:\s+(?:about|around|over|almost|nearly|more than|only|just))?)\s+$/i;
const ELIGIBILITY_AFTER = /^\s*(?:of|after|from|following)\s+(?:the|your|a|that)\s+(?:[\w-]+\s+)?statement/i;
const JOIN_GAP = /^[\s,]*(?:(?:on|at|by|this|next|the|of)\s+)*[\s,]*$/i;

/** Every timeline in `s` (normalised reply text), in order; a time of day next to a date is one mention ("5 pm on Thursday"). */
export function findTimelines(s: string): TimelineMention[] {
  if (!MAY_HAVE_TIMELINE.test(s)) return [];
  const out: TimelineMention[] = [];
  TIMELINE.lastIndex = 0;
  for (let m = TIMELINE.exec(s); m !== null; m = TIMELINE.exec(s)) {
    const { key, kind } = classify(m);
    const start = m.index;
    const end = start + m[0].length;
    const mention: TimelineMention = {
      start,
      end,
      key,
      kind,
      past: PAST_AFTER.test(s.slice(end, end + 12)) || PAST_BEFORE.test(s.slice(Math.max(0, start - 30), start)),
      eligibility: ELIGIBILITY_AFTER.test(s.slice(end, end + 40)),
    };
    const prev = out[out.length - 1];
    if (prev && joinable(prev, mention) && JOIN_GAP.test(s.slice(prev.end, start))) {
      out[out.length - 1] = merge(prev, mention);
      continue;
    }
    out.push(mention);
  }
  return out;
}

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

/** Normal form of a claim as a target lists it ("10 business days", "ten business days" and "T+1" vs "1 business day"). */
export function normaliseClaim(claim: string): string {
  const found = findTimelines(claim);
  if (found.length === 1) return (found[0] as TimelineMention).key;
  return claim.trim().toLowerCase().replace(/\s+/g, " ");
}
