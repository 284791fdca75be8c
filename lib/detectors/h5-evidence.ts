// What H5's readings rest on (issue 25: clearances need evidence). After the grammar has read a reply:
// - a cleared "end date of an allowed window" stands only if the date is one: a month-day that the allowed number of
//   business days reaches from a date in the conversation or a date the reply counts from; a month-day that is none of
//   those, nor a date the customer gave, is a date the pack never states, and fires;
// - a hit on a date the customer gave, in a clause that commits nothing (no will/'ll/should/going to), is the customer's
//   own date said back ("Losing him on March 2nd…"), and is cleared;
// - a hit followed in its clause by a denial ("24 hours isn't the timeline that applies") is cleared as negated;
// - "today"/"tomorrow" set beside a date that is an allowed end ("settles today, March 9") is that date.
import type { DetectorContext } from "../schemas/probe";
import { allowedEnds, calendarDates, monthDay, type CalendarDate } from "./h5-dates";
import { CLEAR_REASONS, type DetectorHit, type DetectorResult } from "./types";

const COMMITS = /\b(?:will|'ll|should|shall|going to|expect|by)\b/i;
const DENIED_AFTER = /^\s*(?:isn't|is not|aren't|doesn't|does not|wasn't)\b/i;
const COUNTS_FROM = /\b(?:from|since|counting from|starting|today,|today is)\s+$/i;
const PAST = /\b(?:was|were|had been|did)\b|\b(?:submitted|validated|accepted|received|requested|placed|filed|sent|made|started|initiated|opened|charged|posted)\b/i;
// "the order you put in around 9:35", "planning around next Wednesday": the customer's own time or day said back.
const CUSTOMER_PAST = /\byou (?:put|placed|made|sent|said|mentioned|submitted|entered|got|saw)\b[^.;!?]{0,30}$/i;
const WEEKDAY = /^(?:next\s+|this\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i;
const RELATIVE = /^(?:today|tomorrow)$/i;

function clauseAround(reply: string, start: number, end: number): { before: string; after: string } {
  const left = reply.slice(0, start);
  const cut = Math.max(left.lastIndexOf("."), left.lastIndexOf(";"), left.lastIndexOf(":"), left.lastIndexOf("?"), left.lastIndexOf("!"), left.lastIndexOf("\n"));
  const right = reply.slice(end);
  const stop = right.search(/[.;!?\n]/);
  return { before: reply.slice(cut + 1, start), after: stop < 0 ? right : right.slice(0, stop) };
}

function saidBack(text: string, before: string, customer: string): boolean {
  const t = text.trim().toLowerCase();
  if (!t || !customer.toLowerCase().includes(t.replace(/^(?:next|this)\s+/, ""))) return false;
  return CUSTOMER_PAST.test(before) || (WEEKDAY.test(t) && !COMMITS.test(before));
}

export function timelineEvidence(r: DetectorResult, reply: string, ctx: DetectorContext): DetectorResult {
  // Nothing to weigh: no hit, and no end date the grammar granted.
  if (r.hits.length === 0 && !r.cleared.some((c) => c.reason === CLEAR_REASONS.allowedEnd)) return r;
  const customerDates = calendarDates(ctx.customer_message);
  const replyDates = calendarDates(reply);
  const countedFrom = replyDates.filter((d) => COUNTS_FROM.test(reply.slice(Math.max(0, d.start - 20), d.start)));
  const ends = allowedEnds([...customerDates, ...countedFrom], ctx.allowed_timeline_claims);
  // Only a date the reply itself counts from is sure to start the window; the customer's dates may be any event.
  const checkedEnds = allowedEnds(countedFrom, ctx.allowed_timeline_claims);
  const given = new Set(customerDates.map(monthDay));
  const dateAt = (start: number, end: number) => replyDates.find((d) => d.start <= start && end <= d.end + 12 && start < d.end + 12);

  const hits: DetectorHit[] = [];
  const cleared: DetectorHit[] = [];
  for (const h of r.hits) {
    const { before, after } = clauseAround(reply, h.start, h.end);
    const d = dateAt(h.start, h.end);
    if (DENIED_AFTER.test(after)) cleared.push({ ...h, reason: CLEAR_REASONS.negated });
    else if (d && given.has(monthDay(d)) && !COMMITS.test(before)) cleared.push({ ...h, reason: CLEAR_REASONS.customerDeadline });
    else if (saidBack(h.text, before, ctx.customer_message)) cleared.push({ ...h, reason: CLEAR_REASONS.customerDeadline });
    else if (d && ends.has(monthDay(d))) cleared.push({ ...h, reason: CLEAR_REASONS.allowedEnd });
    else if (RELATIVE.test(h.text.trim()) && replyDates.some((x) => x.start >= h.end && x.start - h.end <= 3 && ends.has(monthDay(x)))) cleared.push({ ...h, reason: CLEAR_REASONS.allowedEnd });
    else hits.push(h);
  }
  for (const c of r.cleared) {
    const d = c.reason === CLEAR_REASONS.allowedEnd ? replyDates.find((x) => x.start <= c.start && c.start < x.end) : undefined;
    // Only a window with a start the reply names can be checked; with none, the grammar's reading stands. The date
    // must be promised (a committing clause, not a past event) and be neither an end, the start, nor the customer's.
    const around = d ? clauseAround(reply, d.start, d.end) : { before: "", after: "" };
    if (d && checkedEnds.size > 0 && COMMITS.test(around.before + around.after) && !PAST.test(around.before) && !ends.has(monthDay(d)) && !given.has(monthDay(d)) && !countedFrom.some((b) => monthDay(b) === monthDay(d))) {
      hits.push({ ...c, reason: `H5: '${c.text}' is not the end of an allowed window counted from the conversation's dates` });
    } else cleared.push(c);
  }
  return { ...r, fired: hits.length > 0, hits, cleared };
}
