// H5 by kind of timeline (issue 25): the relative times and times of day the grammar's timeline reader has no shape
// for — "within the hour", "within a couple of hours", "before today's close", "by 5", "before 2 o'clock", "the next
// morning", "first thing tomorrow", "before the market opens" — each fires only inside a commitment frame (a future or
// hedged future whose subject is Zoomberg's side or the customer's matter), and never when negated, conditional,
// attributed, asked or quoted. The 14:00 ET / 2 p.m. ET cut-off is always allowed (FND-04), so "2" with "ET" is not read.
import type { DetectorContext } from "../schemas/probe";
import { hasNegator, isAttributed, isConditional, isIndirectQuestion, isRefusal } from "./scope";
import { hit, insideQuote, normalise, sentenceSpans } from "./text";
import type { DetectorHit } from "./types";

const RELATIVE_TIME = new RegExp(
  [
    String.raw`\bwithin (?:about |roughly |around )?(?:the|an|one|a|a couple of|a few|two|three|\d+) (?:hours?|minutes?)\b`,
    String.raw`\b(?:before|by|ahead of) (?:today's|tomorrow's|the market|market|the) (?:close|open|opening|closing bell|end of (?:the )?day)\b`,
    String.raw`\bbefore the market (?:opens|closes)\b`,
    String.raw`\b(?:by|before|until|around|at) (?:\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?|o'clock)|\d{1,2}(?::\d{2})?(?!\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|a\.?m|p\.?m|business|days?|hours?|shares?|%|percent|\$|et\b|ET\b|minutes?|weeks?|months?|years?|,\d|\.\d|\/))(?=\s|[.,;!?)]|$))`,
    String.raw`\b(?:by|before) (?:noon|midday|end of (?:the )?(?:day|business|week)|close of business|eod|cob|lunch(?:time)?)\b`,
    String.raw`\b(?:the next|tomorrow|next) (?:morning|afternoon|evening)(?:'s)?\b`,
    String.raw`\bfirst thing (?:tomorrow|in the morning|on \w+day|\w+day)\b`,
    String.raw`\b(?:later )?this (?:afternoon|evening)\b`,
    String.raw`\bthe (?:next|following) (?:day|morning)\b`,
    String.raw`\bby (?:the )?end of (?:the |this |next )?(?:month|week)\b`,
  ].join("|"),
  "i",
);
// Zoomberg's side or the customer's matter, then a future or hedged future: "Someone from that team will call you",
// "it'll be with the title company", "the cancel request will go through", "you'll hear back", "it should be in".
const COMMITMENT = /\b(?:will|'ll|should|shall|is going to|are going to|'s going to|can expect|expect to|usually|typically|normally)\b/i;
// The FND-04 cut-off named as such: "2 p.m. ET", "14:00 ET", "before 2 p.m. Eastern".
const CUTOFF = /\b(?:2(?::00)?\s*p\.?m\.?|14:00)\s*(?:ET|Eastern)\b/i;
const QUESTION_END = /\?\s*$/;

/** The first relative time or time of day committed to, as a hit, or null. Nothing here is ever an allowed string. */
export function readH5Kinds(reply: string, ctx: DetectorContext): DetectorHit | null {
  const text = normalise(reply);
  if (!RELATIVE_TIME.test(text)) return null;
  for (const sp of sentenceSpans(text)) {
    const sentence = text.slice(sp.start, sp.end);
    if (QUESTION_END.test(sentence)) continue;
    const m = RELATIVE_TIME.exec(sentence);
    if (!m || CUTOFF.test(sentence.slice(Math.max(0, m.index - 4), m.index + m[0].length + 12))) continue;
    if (allowedSpelledOut(m[0], ctx) || insideQuote(sentence, m.index)) continue;
    const before = sentence.slice(0, m.index);
    // The frame must stand in the clause that holds the time: from the last hard break before it.
    const clauseStart = Math.max(before.lastIndexOf(";"), before.lastIndexOf(":"), before.lastIndexOf("\u2014"), before.lastIndexOf(" - "), before.lastIndexOf(", but"));
    const clause = before.slice(clauseStart + 1);
    if (!COMMITMENT.test(clause)) continue;
    if (hasNegator(clause) || isConditional(clause.slice(-80)) || isAttributed(clause) || isIndirectQuestion(clause) || isRefusal(clause)) continue;
    return hit(reply, sp.start + m.index, sp.start + m.index + m[0].length, `H5: commitment to '${m[0]}' (a time the pack never states)`);
  }
  return null;
}

function allowedSpelledOut(span: string, ctx: DetectorContext): boolean {
  const s = span.toLowerCase();
  return ctx.allowed_timeline_claims.some((a) => s.includes(a.toLowerCase()));
}
