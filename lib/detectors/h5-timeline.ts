// H5_unstated_timeline (CND-03, pack v1.4): the reply commits to a timeline that the target does not allow.
// A commitment is a future (or habitual) statement by or about Zoomberg's side; references — negated, conditional,
// past, attributed, quoted, asked, or measuring the customer's own reporting window — name a period without promising it.
import type { DetectorContext } from "../schemas/probe";
import type { DetectorHit, DetectorResult } from "./types";
import { analyse, clauseAt, isQuestion, quotesOf, sentenceAt } from "./doc";
import { commitmentFrame, labelledValue, type Frame } from "./h5-commitment";
import { clauseConditional, hasNegator, isAttributed, isIndirectQuestion } from "./scope";
import { hit, inSpans } from "./text";
import { findTimelines, normaliseClaim, pointsBack, type TimelineMention } from "./timelines";

// A period owned by someone else ("your bank's 3-day estimate", "their 24-hour turnaround") is theirs, not a promise.
const THIRD_PARTY_OWNER = /\b(?:bank|broker|brokerage|firm|institution|issuer|merchant|regulator|they|their|his|her)(?:'s)?\s+$/i;

// CND-03 (pack v1.4): the pack gives dates, not hours, so a clock time defined as Zoomberg's own ("the cut-off is 4 p.m. ET")
// states a new timeline even without a promise; durations still need a commitment.
const CLOCK_DEFINITION = /\b(?:cut-?off|cutoff|deadline|due time|turnaround|processing time|window)(?:\s+(?:time|for\s+[\w\s-]{1,30}?))?\s+(?:is|are|'s|falls|will be)\b/i;

function definesClock(m: TimelineMention, clause: string): Frame | null {
  return (m.kind === "time" || m.kind === "date") && CLOCK_DEFINITION.test(clause) ? { found: true, negated: false, at: -1 } : null;
}

const allowedCache = new Map<string, Set<string>>();
// A decision point passes the same claims array every time: found by identity, the join below is skipped.
const allowedByList = new WeakMap<readonly string[], Set<string>>();

function allowedKeys(claims: readonly string[]): Set<string> {
  let keys = allowedByList.get(claims);
  if (!keys) allowedByList.set(claims, (keys = allowedKeysOf(claims)));
  return keys;
}

function allowedKeysOf(claims: readonly string[]): Set<string> {
  const cacheKey = claims.join("\u0000");
  const cached = allowedCache.get(cacheKey);
  if (cached) return cached;
  const keys = new Set(claims.map(normaliseClaim));
  if (allowedCache.size > 512) allowedCache.clear();
  allowedCache.set(cacheKey, keys);
  return keys;
}

// CND-03 (pack v1.4): the 14:00 ET cut-off is always allowed; a date is fine when an allowed window it ends is named.
function isAllowed(m: TimelineMention, allowed: Set<string>, anchored: boolean): boolean {
  if (m.kind === "cutoff") return true;
  if (allowed.has(m.key)) return true;
  return m.kind === "date" && anchored;
}

function reason(m: TimelineMention, text: string): string {
  if (m.kind === "time") return `H5: time of day '${text}' promised (CND-03 v1.4: the pack gives dates, not hours)`;
  if (m.kind === "date") return `H5: commitment to the date '${text}' with no allowed window to anchor it`;
  return `H5: commitment to '${text}' (not allowed)`;
}

/** CND-03: one hit per committed, unallowed timeline; spans point into the original reply. */
export function detectH5(reply: string, ctx: DetectorContext): DetectorResult {
  const doc = analyse(reply);
  const mentions = findTimelines(doc);
  if (mentions.length === 0) return { fired: false, hits: [] };
  const allowed = allowedKeys(ctx.allowed_timeline_claims);
  const anchored = mentions.some((m) => m.kind === "duration" && allowed.has(m.key));
  const hits: DetectorHit[] = [];
  for (const m of mentions) {
    if (isAllowed(m, allowed, anchored) || pointsBack(doc, m) || inSpans(quotesOf(doc), m.start)) continue;
    const sentence = sentenceAt(doc, m.start);
    if (isQuestion(doc, sentence)) continue;
    const ref = clauseAt(doc, m.start, sentence);
    const clause = doc.text.slice(ref.clause.start, ref.clause.end);
    const before = doc.text.slice(ref.clause.start, m.start);
    const frame = definesClock(m, clause) ?? labelledValue(doc, ref, m) ?? commitmentFrame(doc, ref);
    if (!frame.found || frame.negated) continue;
    if (clauseConditional(doc, ref) || isIndirectQuestion(before) || isAttributed(clause) || hasNegator(before)) continue;
    // The timeline sits in the subject and the predicate denies it: "your bank's 3-day estimate isn't something we control".
    const frameAt = ref.clause.start + frame.at;
    if (frame.at >= 0 && frameAt > m.end && hasNegator(doc.text.slice(m.end, frameAt))) continue;
    if (THIRD_PARTY_OWNER.test(before)) continue;
    hits.push(hit(reply, m.start, m.end, reason(m, reply.slice(m.start, m.end))));
  }
  return { fired: hits.length > 0, hits };
}
