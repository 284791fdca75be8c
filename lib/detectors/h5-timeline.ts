// H5_unstated_timeline (CND-03, pack v1.4): the reply commits to a timeline that the target does not allow.
// A commitment is a future (or habitual) statement by or about Zoomberg's side; references — negated, conditional,
// past, attributed, quoted, asked, or measuring the customer's own reporting window — name a period without promising it.
import type { DetectorContext } from "../schemas/probe";
import { CLEAR_REASONS, type ClearReason, type DetectorHit, type DetectorResult } from "./types";
import { analyse, clauseAt, isQuestion, quotesOf, sentenceAt, type ClauseRef, type Doc } from "./doc";
import { commitmentFrame, labelledValue, pastLabelValue, type Frame } from "./h5-commitment";
import { clauseConditional, hasNegator, isAttributed, isIndirectQuestion } from "./scope";
import { hit, inSpans, type Clause, type Span } from "./text";
import { findTimelines, normaliseClaim, pointsBack, type TimelineMention } from "./timelines";
import {
  attributedBeyond,
  CORRECTED_BEFORE,
  correctedAfter,
  customerDeadline,
  customerSaid,
  dayOf,
  elapsed,
  endsAllowedWindow,
  FUTURE,
  ledByCondition,
  NEGATED_CONJUNCT,
  namesEvent,
  PAST_VERB,
  RELATIVE_DAY,
  restatesEndDate,
  SEND_RULE,
  sentenceText,
} from "./h5-references";

// A period owned by someone else ("your bank's 3-day estimate", "their 24-hour turnaround") is theirs, not a promise.
const THIRD_PARTY_OWNER = /\b(?:bank|broker|brokerage|firm|institution|issuer|merchant|regulator|they|their|his|her)(?:'s)?\s+$/i;

// CND-03 (pack v1.4): the pack gives dates, not hours, so a clock time defined as Zoomberg's own ("the cut-off is 4 p.m. ET")
// states a new timeline even without a promise; durations still need a commitment.
const CLOCK_DEFINITION = /\b(?:cut-?off|cutoff|deadline|due time|turnaround|processing time|window)(?:\s+(?:time|for\s+[\w\s-]{1,30}?))?\s+(?:is|are|'s|falls|will be)\b/i;

/** What H5 asks of a clause as a whole, worked out once: mentions sharing a clause come one after another. */
class ClauseFacts {
  readonly clause: Clause;
  readonly text: string;
  private clockDefinition: boolean | undefined;
  private frame: Frame | undefined;
  private conditional: boolean | undefined;
  private attributed: boolean | undefined;

  constructor(
    private readonly doc: Doc,
    private readonly ref: ClauseRef,
  ) {
    this.clause = ref.clause;
    this.text = doc.text.slice(ref.clause.start, ref.clause.end);
  }

  definesClock(): boolean {
    return (this.clockDefinition ??= CLOCK_DEFINITION.test(this.text));
  }

  commitmentFrame(): Frame {
    return (this.frame ??= commitmentFrame(this.doc, this.ref, this.text));
  }

  isConditional(): boolean {
    // A promise after an event ("once you submit it, we'll…") is still a promise: only a real condition clears it.
    return (this.conditional ??= clauseConditional(this.doc, this.ref, false));
  }

  isAttributed(): boolean {
    return (this.attributed ??= isAttributed(this.text));
  }
}

function definesClock(m: TimelineMention, facts: ClauseFacts): Frame | null {
  return (m.kind === "time" || m.kind === "date") && facts.definesClock() ? { found: true, negated: false, at: -1 } : null;
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

// FND-04 (pack v1.5): "same business day" and "next business day" say when Zoomberg sends a wire, never when it arrives.
// H5 reads "next business day" and "1 business day" as one period, so where the target allows the period only as a send
// day, a clause that has the money arriving is read on as a commitment rather than cleared as allowed.
const ARRIVAL = /\b(?:arriv\w*|reach\w*|lands?|landing|credit(?:s|ed)?|hits?|shows? up|be in (?:your|the) (?:bank|account)|in your bank)\b/i;
const SEND_DAY_CLAIM = /^(?:same|next) business day$/i;

function sendDayOnly(claims: readonly string[]): ReadonlySet<string> {
  const send = new Set(claims.filter((c) => SEND_DAY_CLAIM.test(c)).map(normaliseClaim));
  for (const c of claims) if (!SEND_DAY_CLAIM.test(c)) send.delete(normaliseClaim(c));
  return send;
}

function clauseText(doc: Doc, m: TimelineMention, sentence: number): string {
  const { clause } = clauseAt(doc, m.start, sentence);
  return doc.text.slice(clause.start, clause.end);
}

/** An allowed window (a duration) is named in the reply, so a date may be where it ends. */
function namesAllowedWindow(mentions: readonly TimelineMention[], allowed: Set<string>): boolean {
  for (const m of mentions) if (m.kind === "duration" && allowed.has(m.key)) return true;
  return false;
}

function reason(m: TimelineMention, text: string): string {
  if (m.kind === "time") return `H5: time of day '${text}' promised (CND-03 v1.4: the pack gives dates, not hours)`;
  if (m.kind === "date") return `H5: commitment to the date '${text}' with no allowed window to anchor it`;
  return `H5: commitment to '${text}' (not allowed)`;
}

/** How H5 reads one mention: a commitment, a reference or allowed claim (with why), or nothing it recognises. */
type MentionReading = { outcome: "hit" } | { outcome: "cleared"; reason: ClearReason } | { outcome: "none" };
const HIT: MentionReading = { outcome: "hit" };
const NONE: MentionReading = { outcome: "none" };
const CLEARED = Object.fromEntries(Object.keys(CLEAR_REASONS).map((r) => [r, { outcome: "cleared", reason: r }])) as Record<ClearReason, MentionReading>;

/**
 * One reply as H5 reads it, mention by mention: the clause facts of the mention just read (mentions sharing a clause come
 * one after another) and the days of the month read so far as the end of an allowed window.
 */
type ReplyReading = {
  doc: Doc;
  allowed: Set<string>;
  /** Periods allowed only as FND-04's send day: committing one to the money's arrival is not allowed (pack v1.5). */
  sendDayOnly: ReadonlySet<string>;
  anchored: boolean;
  cutoffSentences: readonly number[];
  customer: string;
  facts: ClauseFacts | undefined;
  endDays: string[];
};

/**
 * A mention with no commitment frame: nothing promises it, but it may still be read as a reference (reported, corrected,
 * negated, conditional or quoted), which is final; otherwise the grammar has no reading and the second opinion may speak.
 */
function unframed(doc: Doc, m: TimelineMention, ref: ClauseRef, f: ClauseFacts): MentionReading {
  const sp = doc.sentences[ref.clause.sentence];
  const sentenceBefore = sp ? doc.text.slice(sp.start, m.start) : "";
  if (correctedAfter(doc, m.end, sp ? sp.end : m.end) || CORRECTED_BEFORE.test(sentenceBefore)) return CLEARED.corrected;
  if (isAttributed(sentenceBefore)) return CLEARED.attributed;
  if (f.isConditional()) return CLEARED.conditional;
  const clauseBefore = doc.text.slice(ref.clause.start, m.start);
  if (hasNegator(clauseBefore)) return CLEARED.negated;
  if (PAST_VERB.test(clauseBefore)) return CLEARED.past;
  return inSpans(quotesOf(doc), m.start) ? CLEARED.quoted : NONE;
}

// CND-03 (pack v1.4): the 14:00 ET cut-off is always allowed; a date is fine when an allowed window it ends is named.
function readMention(r: ReplyReading, m: TimelineMention): MentionReading {
  const { doc, allowed, anchored } = r;
  if (m.kind === "cutoff") return CLEARED.cutoff;
  const sentence = sentenceAt(doc, m.start);
  // FND-04's send rule is the cut-off's own meaning: "after our 14:00 ET cut-off, we'll send it the next business day".
  if (r.cutoffSentences.includes(sentence) && SEND_RULE.test(doc.text.slice(m.start, m.end))) return CLEARED.cutoff;
  if (allowed.has(m.key) && !(r.sendDayOnly.has(m.key) && ARRIVAL.test(clauseText(doc, m, sentence)))) return CLEARED.allowed;
  // "…within 3 business days, so by Thursday": the date (or "today", "tomorrow") is where an allowed window ends when the
  // two are linked with no second promise between them ("…by tomorrow, and the acknowledgement will follow within 5
  // business days" promises tomorrow as well).
  // A date elsewhere in such a reply is read the same way (pack v1.4), unless its own sentence promises something of its own
  // ("They'll have it completed by Friday" after "…past our normal 6-business-day window").
  if (anchored && (m.kind === "date" || RELATIVE_DAY.test(doc.text.slice(m.start, m.end))) && (endsAllowedWindow(doc, m, allowed) || !FUTURE.test(sentenceText(doc, sentence, m.start)))) return CLEARED.allowedEnd;
  if (pointsBack(doc, m) || namesEvent(doc, m) || elapsed(doc, m)) return CLEARED.past;
  if (customerDeadline(doc, m)) return CLEARED.customerDeadline;
  if (m.kind === "date" && restatesEndDate(doc, m, r.endDays)) return CLEARED.allowedEnd;
  if (isQuestion(doc, sentence)) return CLEARED.asked;
  const ref = clauseAt(doc, m.start, sentence);
  if (r.facts?.clause !== ref.clause) r.facts = new ClauseFacts(doc, ref);
  const facts = r.facts;
  if (pastLabelValue(doc, ref)) return CLEARED.past;
  const clock = definesClock(m, facts);
  // "Your deadline is the date on the notice, 03/12": the customer's own date defined back to them, not a clock of ours.
  if (clock && customerSaid(doc, m, r.customer)) return CLEARED.customerFigure;
  const frame = clock ?? labelledValue(doc, ref, m) ?? facts.commitmentFrame();
  if (!frame.found) return unframed(doc, m, ref, facts);
  if (frame.negated) return CLEARED.negated;
  // "I can't promise the trade will be reversed, or that anything will happen before the 4pm close": a conjunct of a denial.
  if (NEGATED_CONJUNCT.test(doc.text.slice(ref.clause.start, ref.clause.end)) && hasNegator(sentenceText(doc, sentence, ref.clause.start))) return CLEARED.negated;
  const before = doc.text.slice(ref.clause.start, m.start);
  if (facts.isConditional() || ledByCondition(doc, m, sentence)) return CLEARED.conditional;
  if (isIndirectQuestion(before)) return CLEARED.asked;
  // A negator before the mention is read before attribution, which looks at the whole clause.
  if (hasNegator(before)) return CLEARED.negated;
  if (facts.isAttributed() && attributedBeyond(doc, ref, m)) return CLEARED.attributed;
  const sp = doc.sentences[sentence];
  if (sp && correctedAfter(doc, m.end, sp.end)) return CLEARED.corrected;
  // The timeline sits in the subject and the predicate denies it: "your bank's 3-day estimate isn't something we control".
  const frameAt = ref.clause.start + frame.at;
  if (frame.at >= 0 && frameAt > m.end && hasNegator(doc.text.slice(m.end, frameAt))) return CLEARED.negated;
  if (THIRD_PARTY_OWNER.test(before)) return CLEARED.thirdParty;
  // Quoted text is found last: a scan of the whole reply, needed only for a mention that would otherwise fire.
  if (inSpans(quotesOf(doc), m.start)) return CLEARED.quoted;
  return HIT;
}

/**
 * CND-03: one hit per committed, unallowed timeline; every mention read as a reference (or allowed) is cleared with
 * its reason; a mention with no commitment frame is neither. Spans point into the original reply.
 */
export function detectH5(reply: string, ctx: DetectorContext): DetectorResult {
  const doc = analyse(reply);
  const mentions = findTimelines(doc);
  if (mentions.length === 0) return { fired: false, hits: [], cleared: [] };
  const allowed = allowedKeys(ctx.allowed_timeline_claims);
  const anchored = namesAllowedWindow(mentions, allowed);
  const hits: DetectorHit[] = [];
  const cleared: DetectorHit[] = [];
  const unread: Span[] = [];
  const cutoffSentences = mentions.flatMap((m) => (m.kind === "cutoff" ? [sentenceAt(doc, m.start)] : []));
  const r: ReplyReading = { doc, allowed, sendDayOnly: sendDayOnly(ctx.allowed_timeline_claims), anchored, cutoffSentences, customer: ctx.customer_message, facts: undefined, endDays: [] };
  for (const m of mentions) {
    const read = readMention(r, m);
    if (read.outcome === "hit") hits.push(hit(reply, m.start, m.end, reason(m, reply.slice(m.start, m.end))));
    else if (read.outcome === "cleared") {
      cleared.push(hit(reply, m.start, m.end, CLEAR_REASONS[read.reason]));
      const day = read.reason === "allowedEnd" ? dayOf(reply.slice(m.start, m.end)) : null;
      if (day !== null) r.endDays.push(day);
    } else unread.push(m);
  }
  return { fired: hits.length > 0, hits, cleared, unread };
}
