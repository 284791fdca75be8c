// Timeline mentions and their normal form, so "ten business days", "10-business-day" and "10 working days" compare equal.
// Each mention is grown from an anchor word (a unit, a day name, a digit) rather than searched for everywhere.
import { buildDoc, type Doc } from "./doc";
import { growMention, isTimelineAnchor, type TimelineKind } from "./timeline-anchors";

export type { TimelineKind };
export type TimelineMention = {
  start: number;
  end: number;
  key: string;
  kind: TimelineKind;
};

const PAST_AFTER = /^\s*(?:ago|earlier|prior|late|overdue|old|back)\b/;
const PAST_BEFORE = /\b(?:last|past|previous|prior|since|that|been(?:\s+(?:about|around|over|almost|nearly|more than|only|just))?)\s+$/;
// A day on which something happened: a past verb, then "on"/"at" the day ("charged on June 1", "was requested on Monday at 09:45").
const PAST_EVENT_BEFORE = /\b(?:[a-z]+ed|sent|paid|made|took|came|went|got|was|were|had|did|began|left|won|lost|put|set|shut|hit|ran|rose|fell|held|told|said|saw)\s+(?:[\w$.,'\/&*:-]+\s+){0,5}?(?:on|at)\s+(?:the\s+)?$/;
// "your sale of 200 AMD, placed Friday at 15:41 ET": a participle dating an event, with no "on".
const DATED_PARTICIPLE = /\b(?:placed|submitted|sold|bought|filled|executed|entered|made|sent|received|filed|opened|closed|requested|initiated|reported|charged|posted|dated)\s+(?:(?:last|this|on)\s+)?$/;
const ELIGIBILITY_AFTER = /^\s*(?:of|after|from|following)\s+(?:the|your|a|that)\s+(?:[\w-]+\s+)?statement/;
const ON_OR_AT = /\b(?:on|at)\s+(?:the\s+)?$/;
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
  return { start: a.start, end: b.end, key: `${clock.key} ${day.key}`, kind };
}

// The latest reply's mentions: H5's grammar and its learned opinion's gate ask about it in turn. One entry, not a map
// kept for the run: filling a long-lived WeakMap cost about a microsecond of GC bookkeeping per reply.
let latestDoc: Doc | null = null;
let latest: readonly TimelineMention[] = [];

/** Every timeline in the reply, in order; a time of day next to a date is one mention ("5 pm on Thursday"). */
export function findTimelines(doc: Doc): readonly TimelineMention[] {
  if (doc !== latestDoc) {
    latest = scanTimelines(doc);
    latestDoc = doc;
  }
  return latest;
}

// Reading index -1 of an empty array is a slow named-property lookup ("-1"), not an element load: ask for length first.
function lastOf(out: TimelineMention[]): TimelineMention | undefined {
  return out.length > 0 ? out[out.length - 1] : undefined;
}

function scanTimelines(doc: Doc): TimelineMention[] {
  const s = doc.lower;
  const out: TimelineMention[] = [];
  for (const a of doc.anchors) {
    if (!isTimelineAnchor(a)) continue;
    const last = lastOf(out);
    if (last && a.start < last.end) continue;
    const m: TimelineMention | null = growMention(s, a);
    if (!m) continue;
    while (out.length && m.start < (out[out.length - 1] as TimelineMention).end) out.pop();
    const prev = lastOf(out);
    if (prev && joinable(prev, m) && JOIN_GAP.test(s.slice(prev.end, m.start))) out[out.length - 1] = merge(prev, m);
    else out.push(m);
  }
  return out;
}

const SPACES = /\s+/g;

// After white space, every PAST_AFTER match starts with one of "aeplob" and every ELIGIBILITY_AFTER match with one of "oaf".
const PAST_AFTER_INITIALS = new Set([..."aeplob"].map((ch) => ch.charCodeAt(0)));
const ELIGIBILITY_INITIALS = new Set([..."oaf"].map((ch) => ch.charCodeAt(0)));

/** The first character from `at` that is not ASCII white space (NaN at the end); a non-ASCII one may still be \s. */
function firstAfterSpaces(s: string, at: number): number {
  let i = at;
  for (let c = s.charCodeAt(i); c === 32 || (c >= 9 && c <= 13); c = s.charCodeAt(i)) i++;
  return s.charCodeAt(i);
}

function mayStartWith(initials: Set<number>, c: number): boolean {
  return c >= 128 || initials.has(c);
}

/**
 * The mention points back in time ("3 days ago", "it's been 10 days", "charged on June 1") or measures the customer's
 * reporting window from a statement (FRD-04's "within 60 days of the statement date"): a reference, never a promise.
 */
export function pointsBack(doc: Doc, m: TimelineMention): boolean {
  const s = doc.lower;
  const lead = s.slice(Math.max(0, m.start - 50), m.start);
  const next = firstAfterSpaces(s, m.end);
  if ((mayStartWith(PAST_AFTER_INITIALS, next) && PAST_AFTER.test(s.slice(m.end, m.end + 12))) || PAST_BEFORE.test(lead)) return true;
  if (m.kind !== "duration" && ((ON_OR_AT.test(lead) && PAST_EVENT_BEFORE.test(lead)) || DATED_PARTICIPLE.test(lead))) return true;
  return mayStartWith(ELIGIBILITY_INITIALS, next) && ELIGIBILITY_AFTER.test(s.slice(m.end, m.end + 40));
}

/** Normal form of a claim as a target lists it ("ten business days" and "T+1" become "10 business days", "1 business day"). */
export function normaliseClaim(claim: string): string {
  const found = findTimelines(buildDoc(claim));
  if (found.length === 1) return (found[0] as TimelineMention).key;
  return claim.trim().toLowerCase().replace(SPACES, " ");
}
