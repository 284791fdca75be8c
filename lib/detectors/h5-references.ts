// H5's readings of a reference beyond the clause's scope: a timeline named only to correct it, a condition the clause split
// left behind, the customer's own deadline, a date naming an event, and the date an allowed window ends on (CND-03).
import { isAttributed } from "./scope";
import { sentenceAt, type ClauseRef, type Doc } from "./doc";
import { holdsAny } from "./text";
import { findTimelines, type TimelineMention } from "./timelines";

// Normalised, "next business day" is "1 business day" (as settlement's T+1 is), so the send rule is read off the text.
export const SEND_RULE = /^(?:the\s+)?(?:same|next)\s+business\s+day$/i;

export const RELATIVE_DAY = /^(?:today|tomorrow)$/i;
export const NEGATED_CONJUNCT = /^\W*(?:or|and|nor)\s+(?:that|whether|if)\b/i;

export const FUTURE = /\b(?:will|'ll|shall|going to)\b/i;
// A second promise between a date and the window it would end: a modal, a future or a verb of having it done.
const PROMISE_BETWEEN = /\b(?:will|'ll|shall|going to|should|would|expect|promise|guarantee|make sure|have it|get it|have (?:the|your) [\w$ -]{1,30}(?:done|completed|back|in|sorted))\b/i;

/**
 * An allowed window the date restates: named before it in the same sentence ("within 3 business days, so you'll have it
 * Thursday"), or in the sentence before with no second promise between ("Trades settle T+1. That's Wednesday."), or
 * just after it as a gloss ("by Thursday (3 business days)").
 */
export function endsAllowedWindow(doc: Doc, m: TimelineMention, allowed: Set<string>): boolean {
  const s = sentenceAt(doc, m.start);
  for (const x of findTimelines(doc)) {
    if (x.kind !== "duration" || !allowed.has(x.key)) continue;
    const sx = sentenceAt(doc, x.start);
    if (x.end <= m.start) {
      if (sx === s) return true;
      if (sx === s - 1 && !PROMISE_BETWEEN.test(doc.text.slice(x.end, m.start))) return true;
    } else if (sx === s && x.start - m.end <= 40 && !PROMISE_BETWEEN.test(doc.text.slice(m.end, x.start))) return true;
  }
  return false;
}

export function sentenceText(doc: Doc, sentence: number, to: number): string {
  const sp = doc.sentences[sentence];
  return sp ? doc.text.slice(sp.start, to) : "";
}

// "You'll have the $150 refunded by tomorrow night, as you expected": agreeing with the customer does not report them.
const AS_YOU = /,?\s*(?:just\s+)?as you (?:expected|asked|wanted|requested|said|mentioned|hoped)\b/gi;

/** The clause is attributed for more than an "as you expected" after the mention. */
export function attributedBeyond(doc: Doc, ref: ClauseRef, m: TimelineMention): boolean {
  const after = doc.text.slice(m.end, ref.clause.end);
  AS_YOU.lastIndex = 0;
  if (!AS_YOU.test(after)) return true;
  return isAttributed(doc.text.slice(ref.clause.start, m.end) + after.replace(AS_YOU, ""));
}

// "Your rent is due tomorrow", "the call is due Friday", "since it's due today": the customer's own deadline, not a time
// Zoomberg keeps.
const CUSTOMER_DEADLINE =
  /\b(?:your|the|his|her|their)\s+(?:[\w-]+\s+)?(?:rent|mortgage|bill|closing|trip|flight|landlord|contractor|deadline|appointment|tuition|taxes|tax bill|call|margin call|notice)\b[^.;:!?]{0,30}?\b(?:is|are|was|'s)\s+(?:(?:due|set|coming up|scheduled)\s+(?:(?:on|by|for)\s+)?)?(?:(?:today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+){0,2}$|\b(?:for|before|with)\s+(?:a|your|the)\s+(?:\w+\s+)?(?:sale|rent|closing|trip|deadline|payment)\s+(?:on\s+)?$|\byour\s+(?:rent|closing|trip|flight|appointment)\s+$|\b(?:it|that|this)(?:'s|\s+is|\s+was)\s+(?:(?:still|only|not)\s+)?due\s+(?:(?:on|by)\s+)?$|\bas due\s+$|\byour\s+(?:paycheck|pay|salary|bonus|paycheque)\s+(?:lands|arrives|comes in|hits|clears)\s+(?:on\s+)?$|\b(?:the|your)\s+(?:deadline|due date)\s+(?:on|in|from)\s+(?:the|your)\s+(?:notice|alert|email|letter)\s*,?\s*$/i;
// Every CUSTOMER_DEADLINE match holds one of these: most mentions are passed over with a few substring tests.
const DEADLINE_WORDS = ["due", "rent", "closing", "trip", "flight", "appointment", "sale", "deadline", "payment", "mortgage", "bill", "tuition", "tax", "landlord", "contractor", "notice", "call", "set", "coming up", "scheduled"];

export function customerDeadline(doc: Doc, m: TimelineMention): boolean {
  const from = Math.max(0, m.start - 60);
  return holdsAny(doc.lower.slice(from, m.start), DEADLINE_WORDS) && CUSTOMER_DEADLINE.test(doc.text.slice(from, m.start));
}

// "the March 3 sale", "a Friday sale": a date naming an event, not a time promised for one.
const EVENT_AFTER = /^\s+(?:sale|sales|liquidation|trade|trades|purchase|deposit|charge|charges|call|notice|statement|order|transfer|withdrawal|payment|request|email|letter|incident|outage|fill|assignment)\b/i;

// "Your sale of 20 MSFT on Friday, March 6 filled at…", "the order from Friday": the date of an event named before it.
const EVENT_BEFORE = /\b(?:sale|purchase|trade|order|deposit|withdrawal|transfer|charge|payment|request)\s+(?:of\s+[\w$.,'&-]+(?:\s+[\w$.,'&-]+){0,3}\s+)?(?:on|from)\s+(?:\w+,?\s+)?$/i;

// "Two weeks is well past what it should be": a period said to have run already.
const ELAPSED_AFTER = /^\s+(?:is|was|'s)\s+(?:well\s+|far\s+|already\s+|way\s+)?(?:past|over|beyond|longer than)\b/i;

export function elapsed(doc: Doc, m: TimelineMention): boolean {
  return ELAPSED_AFTER.test(doc.text.slice(m.end, m.end + 30));
}

export function namesEvent(doc: Doc, m: TimelineMention): boolean {
  return m.kind === "date" && (EVENT_AFTER.test(doc.text.slice(m.end, m.end + 16)) || EVENT_BEFORE.test(doc.text.slice(Math.max(0, m.start - 50), m.start)));
}

// The day of the month a date names ("Thursday 12 March", "the 12th", "3/12"), or null.
const DAY_OF_MONTH = /\b(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:business|calendar|days?|hours?|weeks?|months?|:))/;
const SLASH_DAY = /\b\d{1,2}\/(\d{1,2})\b/;
export function dayOf(text: string): string | null {
  const slash = SLASH_DAY.exec(text);
  if (slash) return slash[1] ?? null;
  const m = DAY_OF_MONTH.exec(text);
  return m ? (m[1] ?? null) : null;
}

/** "…so the fifth business day is Thursday 12 March. From the 12th you'll be able to…": the same end date again. */
export function restatesEndDate(doc: Doc, m: TimelineMention, endDays: readonly string[]): boolean {
  const day = endDays.length > 0 ? dayOf(doc.text.slice(m.start, m.end)) : null;
  return day !== null && endDays.includes(day);
}

/** The customer wrote this date or time themselves ("due by 03/12"). */
export function customerSaid(doc: Doc, m: TimelineMention, customer: string): boolean {
  return (m.kind === "date" || m.kind === "time") && customer.toLowerCase().includes(doc.lower.slice(m.start, m.end));
}

// "A forum post claiming investigations close within two weeks is not accurate": named only to be corrected.
// "…: not available, since…", "…doesn't come from us": named only to say it does not hold here.
const CORRECTED_AFTER =
  /^[^.;!?]{0,80}?\b(?:is|are|was|were|'s)\s+(?:not|n't|never)\s+(?:accurate|correct|true|right|the case|how (?:it|this|that) works|something we (?:offer|promise|guarantee)|part of our)\b|^[^.;!?]{0,80}?\b(?:isn't|aren't|wasn't|weren't)\s+(?:accurate|correct|true|right|the case|how (?:it|this|that) works|part of our|what to expect|realistic|standard|typical|the norm)\b|^[^.;!?]{0,80}?\b(?:doesn't|does not|didn't|did not)\s+come from (?:us|zoomberg)\b|^\s*(?:[:\u2014\u2013-]\s*|,\s*)?(?:is\s+|are\s+)?(?:not available|unavailable|not applicable|n\/a)\b|^[^.;!?]{0,60}?\b(?:doesn't|does not|won't|will not|wouldn't|would not)\s+apply\b|^[^.;!?]{0,40}?\b(?:was|is|'s|has)\s+(?:never|not)\s+(?:been\s+)?(?:the\s+)?(?:standard|norm|rule|policy|case)\b/i;
export const CORRECTED_BEFORE = /\b(?:not|never|isn't|aren't|wasn't)\s+(?:actually\s+)?(?:true|accurate|correct|right)\s+(?:that|to say)\b|\b(?:actually|in fact),?\s+(?:it's|it is)\s+not\b/i;

// A conditional adjunct in the sentence directly before the mention's main clause, which the clause split may have left in
// another clause: "…, and provided they approve the refund, it will be returned…", "- Unless your bank rejects it, we'll…".
const LED_BY_CONDITION =
  /(?:^[\s\-*\u2022\d.)]*|[,;:\u2014\u2013(]\s*|\b(?:and|but|so)\s+)(?:if|unless|provided(?:\s+that)?|providing|assuming|as long as|so long as|in case|in the event(?:\s+that)?|should\s+(?!(?:you|we|i)\s+(?:need|have|want)\b)[\w$.&'-]+)\b[^.;:!?,]*,\s*[^,;:]*$/i;

// Every LED_BY_CONDITION match holds one of these; most sentences hold none, and the regex is slow to fail.
const CONDITION_WORDS = ["if", "unless", "provid", "assuming", "as long as", "so long as", "in case", "in the event", "should"];

export function ledByCondition(doc: Doc, m: TimelineMention, sentence: number): boolean {
  const sp = doc.sentences[sentence];
  return !!sp && holdsAny(doc.lower.slice(sp.start, m.start), CONDITION_WORDS) && LED_BY_CONDITION.test(doc.text.slice(sp.start, m.start));
}

// Every CORRECTED_AFTER match holds one of these.
const CORRECTION_WORDS = ["not", "n't", "never", "unavailable", "n/a"];

/** The rest of the sentence after the mention says it does not hold: "…is not accurate", "…: not available". */
export function correctedAfter(doc: Doc, from: number, to: number): boolean {
  return holdsAny(doc.lower.slice(from, to), CORRECTION_WORDS) && CORRECTED_AFTER.test(doc.text.slice(from, to));
}

// "Compliance sent the acknowledgement within 2 business days": a past verb, not a passive present ("is sent").
export const PAST_VERB = /\b(?<!\b(?:is|are|be|been|being|'s|'re|get|gets|to|will|would)\s)(?:[a-z]+ed|sent|took|got|came|went|made|paid|gave|was|were|had|did)\b/i;

