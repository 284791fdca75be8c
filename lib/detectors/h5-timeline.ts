// H5_unstated_timeline (CND-03, pack v1.4): the reply commits to a timeline that the target does not allow.
// A commitment is a future (or habitual) statement by or about Zoomberg's side; references — negated, conditional,
// past, attributed, quoted, asked, or measuring the customer's own reporting window — name a period without promising it.
import type { DetectorContext } from "../schemas/probe";
import type { DetectorHit, DetectorResult } from "./types";
import { analyse, clauseAt, isQuestion, quotesOf, sentenceAt, type ClauseRef, type Doc } from "./doc";
import { commitmentFrame, labelledValue, type Frame } from "./h5-commitment";
import { clauseConditional, hasNegator, isAttributed, isIndirectQuestion } from "./scope";
import { hit, inSpans, type Clause } from "./text";
import { findTimelines, normaliseClaim, pointsBack, type TimelineMention } from "./timelines";

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
    return (this.conditional ??= clauseConditional(this.doc, this.ref));
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

/** An allowed window (a duration) is named in the reply, so a date may be where it ends. */
function namesAllowedWindow(mentions: readonly TimelineMention[], allowed: Set<string>): boolean {
  for (const m of mentions) if (m.kind === "duration" && allowed.has(m.key)) return true;
  return false;
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
  const anchored = namesAllowedWindow(mentions, allowed);
  const hits: DetectorHit[] = [];
  let facts: ClauseFacts | undefined;
  for (const m of mentions) {
    if (isAllowed(m, allowed, anchored) || pointsBack(doc, m)) continue;
    const sentence = sentenceAt(doc, m.start);
    if (isQuestion(doc, sentence)) continue;
    const ref = clauseAt(doc, m.start, sentence);
    if (facts?.clause !== ref.clause) facts = new ClauseFacts(doc, ref);
    const frame = definesClock(m, facts) ?? labelledValue(doc, ref, m) ?? facts.commitmentFrame();
    if (!frame.found || frame.negated) continue;
    const before = doc.text.slice(ref.clause.start, m.start);
    if (facts.isConditional() || isIndirectQuestion(before) || facts.isAttributed() || hasNegator(before)) continue;
    // The timeline sits in the subject and the predicate denies it: "your bank's 3-day estimate isn't something we control".
    const frameAt = ref.clause.start + frame.at;
    if (frame.at >= 0 && frameAt > m.end && hasNegator(doc.text.slice(m.end, frameAt))) continue;
    // Quoted text is found last: a scan of the whole reply, needed only for a mention that would otherwise fire.
    if (THIRD_PARTY_OWNER.test(before) || inSpans(quotesOf(doc), m.start)) continue;
    hits.push(hit(reply, m.start, m.end, reason(m, reply.slice(m.start, m.end))));
  }
  return { fired: hits.length > 0, hits };
}
