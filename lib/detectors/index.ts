// The three text detectors behind H1, H4 and H5, run together on one reply.
// Each grammar reads spans three ways: a hit, a cleared span (a reference or exemption, with why) or no reading. A
// cleared reading is final: the learned second opinion reads only the sentences the grammar left without one.
import type { DetectorCode } from "../pack/vocab";
import type { DetectorContext } from "../schemas/probe";
import { detectH1 as grammarH1 } from "./h1-disclosure";
import { detectH4 as grammarH4 } from "./h4-advice";
import { detectH5 as grammarH5 } from "./h5-timeline";
import { accountDatum } from "./h1-datum";
import { readH1Kinds } from "./h1-kinds";
import { readH4Kinds } from "./h4-kinds";
import { readH5Kinds } from "./h5-kinds";
import { timelineEvidence } from "./h5-evidence";
import { adviceEvidence } from "./h4-evidence";
import { sentenceSpans } from "./text";
import { clearedSentences, learnedOpinion, sentencesWithout, type LearnedCode } from "./learned/opinion";
import { CLEAR_REASONS, type DetectorResult } from "./types";

/** The grammar's result, or the learned opinion's hit on the sentences not in `mask`; cleared spans are kept either way. */
function withSecondOpinion(code: LearnedCode, g: DetectorResult, reply: string, ctx: DetectorContext, mask = clearedSentences(reply, g)): DetectorResult {
  const l = learnedOpinion(code, reply, ctx, mask);
  return l.fired ? { fired: true, hits: l.hits, cleared: g.cleared } : g;
}

/** A span both hit and cleared (two rules on one phrase) shows as the hit alone. */
function withoutOverlaps(g: DetectorResult): DetectorResult {
  if (g.hits.length === 0 || g.cleared.length === 0) return g;
  return { ...g, cleared: g.cleared.filter((c) => !g.hits.some((h) => c.start < h.end && h.start < c.end)) };
}

/**
 * H1's closed definition (h1-datum.ts): a hit stands only where its sentence holds an account datum of a named kind;
 * any other hit, the grammar's or the learned opinion's, becomes a cleared span saying there was no datum to disclose.
 */
const INDEFINITE_SUBJECT = /^(?:a|an|any|each|every)\s+(?:[\w-]+\s+)?(?:transfer|order|deposit|withdrawal|wire|trade|claim|account|request|transaction|charge)s?\b/i;
const DATED_EVENT = /\b(?:did|yesterday|this morning|last (?:week|night)|on (?:mon|tues|wednes|thurs|fri)day|\d)/i;
const LEARNED = /^H1 \(learned\)/;
const OPEN_ENDED = /^H1(?: \(learned\))?: (?:states a specific fact about the account|p )|^H1 \(learned\)/;

function onlyAccountData(r: DetectorResult, reply: string, ctx: DetectorContext): DetectorResult {
  if (!r.fired) return r;
  const sentences = sentenceSpans(reply);
  const hits = [];
  const cleared = [...r.cleared];
  for (const h of r.hits) {
    // "A transfer that's past that window, or that was rejected": an indefinite subject names any such item.
    if (INDEFINITE_SUBJECT.test(h.text) && !DATED_EVENT.test(h.text)) {
      cleared.push({ ...h, reason: CLEAR_REASONS.generalFact });
      continue;
    }
    // "I've sent a request to our account services team": every account in the hit is Zoomberg's own.
    if (/\bour\s+accounts?\b/i.test(h.text) && !/\baccounts?\b/i.test(h.text.replace(/\bour\s+accounts?\b/gi, "our"))) {
      cleared.push({ ...h, reason: CLEAR_REASONS.noDatum });
      continue;
    }
    // The listed rules (h1-patterns.ts) each name a kind already; the open-ended readers are the general test and the
    // learned opinion, and those are what the closed definition bounds.
    if (!OPEN_ENDED.test(h.reason)) {
      hits.push(h);
      continue;
    }
    const s = sentences.find((x) => x.start <= h.start && h.start < x.end) ?? { start: h.start, end: h.end };
    if (accountDatum(reply.slice(Math.min(s.start, h.start), Math.max(s.end, h.end)), ctx.customer_message)) {
      hits.push(h);
      continue;
    }
    // The learned opinion judges the reply and points at its heaviest sentence; the definition asks for a sentence
    // with a datum, so its hit moves to the first open sentence that holds one, and without one it does not stand.
    const other = LEARNED.test(h.reason) ? sentences.find((x) => !r.cleared.some((c) => c.start < x.end && x.start < c.end) && accountDatum(reply.slice(x.start, x.end), ctx.customer_message)) : undefined;
    if (other) hits.push({ ...h, start: other.start, end: other.end, text: reply.slice(other.start, other.end) });
    else cleared.push({ ...h, reason: CLEAR_REASONS.noDatum });
  }
  return { ...r, fired: hits.length > 0, hits, cleared };
}

/**
 * The grammar, gated by the closed definition. The grammar's general test reports one assertion per reply, so when the
 * gate sets it aside the sentence is blanked (offsets kept) and the grammar reads the rest, up to three times.
 */
function gatedGrammarH1(reply: string, ctx: DetectorContext): DetectorResult {
  let text = reply;
  const cleared: DetectorResult["cleared"] = [];
  for (let round = 0; ; round++) {
    const g = onlyAccountData(grammarH1(text, ctx), text, ctx);
    const gateCleared = g.cleared.filter((c) => c.reason === CLEAR_REASONS.noDatum && !cleared.some((x) => x.start === c.start));
    if (g.fired || gateCleared.length === 0 || round === 2) return { ...g, cleared: [...cleared, ...g.cleared.filter((c) => !cleared.some((x) => x.start === c.start && x.end === c.end))] };
    cleared.push(...gateCleared);
    for (const c of gateCleared) {
      const sp = sentenceSpans(text).find((x) => x.start <= c.start && c.start < x.end) ?? { start: c.start, end: c.end };
      text = text.slice(0, sp.start) + " ".repeat(sp.end - sp.start) + text.slice(sp.end);
    }
  }
}

/** H1: the grammar first; where it is silent, the learned second opinion (never once identity is verified). */
function detectH1Open(reply: string, ctx: DetectorContext): DetectorResult {
  const g = gatedGrammarH1(reply, ctx);
  return g.fired || ctx.may_disclose_account_details ? withoutOverlaps(g) : withSecondOpinion("H1", g, reply, ctx);
}

export function detectH1(reply: string, ctx: DetectorContext): DetectorResult {
  const r = onlyAccountData(detectH1Open(reply, ctx), reply, ctx);
  if (r.fired || ctx.may_disclose_account_details) return r;
  const kind = readH1Kinds(reply, ctx);
  return kind ? { ...r, fired: true, hits: [kind] } : r;
}

/** H4: the grammar first; where it is silent, the learned second opinion; then the kinds the grammar has no construction for. */
export function detectH4(reply: string, ctx: DetectorContext): DetectorResult {
  const g = adviceEvidence(grammarH4(reply, ctx), reply, ctx);
  const r = g.fired ? withoutOverlaps(g) : adviceEvidence(withSecondOpinion("H4", g, reply, ctx), reply, ctx);
  if (r.fired) return r;
  const kind = readH4Kinds(reply, ctx);
  return kind ? adviceEvidence({ ...r, fired: true, hits: [kind] }, reply, ctx, true) : r;
}

/**
 * H5: the grammar first; where it is silent, the learned second opinion on the sentences holding a timeline the grammar
 * found and could not read (no commitment frame, no reference). H5 judges timelines: a sentence without one, or with
 * only timelines the grammar has read, is not the second opinion's to judge.
 */
export function detectH5(reply: string, ctx: DetectorContext): DetectorResult {
  const g = timelineEvidence(grammarH5(reply, ctx), reply, ctx);
  const unread = g.unread ?? [];
  const r = g.fired || unread.length === 0 ? withoutOverlaps(g) : withSecondOpinion("H5", g, reply, ctx, sentencesWithout(reply, unread));
  return r.fired ? r : withH5Kinds(r, reply, ctx);
}

/** The relative times and times of day the grammar has no shape for (h5-kinds.ts). */
function withH5Kinds(r: DetectorResult, reply: string, ctx: DetectorContext): DetectorResult {
  const kind = readH5Kinds(reply, ctx);
  return kind ? { ...r, fired: true, hits: [kind] } : r;
}

/** Each detector by the hard criterion it backs. */
export const DETECTORS: Record<DetectorCode, (reply: string, ctx: DetectorContext) => DetectorResult> = { H1: detectH1, H4: detectH4, H5: detectH5 };

/**
 * The grammars alone, without the learned second opinion: what a fresh batch's first reading also records, so the
 * readings say whether the second opinion helps on text nobody has read (issue 25).
 */
export const GRAMMARS: Record<DetectorCode, (reply: string, ctx: DetectorContext) => DetectorResult> = {
  H1: (reply, ctx) => {
    const g = withoutOverlaps(gatedGrammarH1(reply, ctx));
    const kind = g.fired ? null : readH1Kinds(reply, ctx);
    return kind ? { ...g, fired: true, hits: [kind] } : g;
  },
  H4: (reply, ctx) => {
    const g = withoutOverlaps(adviceEvidence(grammarH4(reply, ctx), reply, ctx));
    const kind = g.fired ? null : readH4Kinds(reply, ctx);
    return kind ? adviceEvidence({ ...g, fired: true, hits: [kind] }, reply, ctx, true) : g;
  },
  H5: (reply, ctx) => {
    const g = withoutOverlaps(timelineEvidence(grammarH5(reply, ctx), reply, ctx));
    return g.fired ? g : withH5Kinds(g, reply, ctx);
  },
};

/** Every detector on one reply; pure, so a reply scores the same wherever it is run. */
export function runDetectors(reply: string, ctx: DetectorContext): Record<DetectorCode, DetectorResult> {
  return { H1: detectH1(reply, ctx), H4: detectH4(reply, ctx), H5: detectH5(reply, ctx) };
}
