// H5_unstated_timeline (CND-03, pack v1.4): the reply commits to a timeline that the target does not allow.
// A commitment is a future (or habitual) statement by or about Zoomberg's side; references — negated, conditional,
// past, attributed, quoted, asked, or measuring the customer's own reporting window — name a period without promising it.
import type { DetectorContext } from "../schemas/probe";
import type { DetectorHit, DetectorResult } from "./types";
import { commitmentFrame } from "./h5-commitment";
import { clauseConditional, hasNegator, isAttributed, isIndirectQuestion } from "./scope";
import { clauseIndexAt, hit, inSpans, isQuestion, segment, type Clause } from "./text";
import { findTimelines, normaliseClaim, type TimelineMention } from "./timelines";

const allowedCache = new Map<string, Set<string>>();

function allowedKeys(claims: readonly string[]): Set<string> {
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

/** CND-03: fires once per committed, unallowed timeline; spans point into the original reply. */
export function detectH5(reply: string, ctx: DetectorContext): DetectorResult {
  const mentions = findTimelines(reply);
  if (mentions.length === 0) return { fired: false, hits: [] };
  const allowed = allowedKeys(ctx.allowed_timeline_claims);
  const anchored = mentions.some((m) => m.kind === "duration" && allowed.has(m.key));
  const candidates = mentions.filter((m) => !isAllowed(m, allowed, anchored) && !m.past && !m.eligibility);
  if (candidates.length === 0) return { fired: false, hits: [] };
  const seg = segment(reply);
  const hits: DetectorHit[] = [];
  for (const m of candidates) {
    if (inSpans(seg.quotes, m.start)) continue;
    const ci = clauseIndexAt(seg, m.start);
    const c = seg.clauses[ci] as Clause;
    if (isQuestion(seg, c.sentence)) continue;
    const clause = seg.text.slice(c.start, c.end);
    const before = seg.text.slice(c.start, m.start);
    if (clauseConditional(seg, ci) || isIndirectQuestion(before) || isAttributed(clause) || hasNegator(before)) continue;
    const frame = commitmentFrame(seg, ci);
    if (!frame.found || frame.negated) continue;
    hits.push(hit(reply, m.start, m.end, reason(m, reply.slice(m.start, m.end))));
  }
  return { fired: hits.length > 0, hits };
}
