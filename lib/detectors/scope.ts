// Scope tests shared by the detectors: negation, condition, attribution, refusal, indirect questions.
// Each takes a piece of normalised text (usually a clause, or the part of it before a hit) and asks one grammatical question.
import type { ClauseRef, Doc } from "./doc";
import type { Clause } from "./text";

// A negator, except in bounds that promise rather than deny ("no later than Friday", "won't take more than 3 days").
const NEGATOR = /\b(?:not|never|no|none|nothing|nobody|no one|neither|nor|without|cannot|unable|rather than|instead of)\b|n't\b/gi;
export const BOUND_AFTER = /^[\s,]*(?:(?:[\w-]+\s+){0,2}(?:more|longer|later) than\b|(?:[\w-]+\s+)?exceed)/i;
const NOT_A_NEGATOR_AFTER = /^(?:\s*,|\s+(?:problem|worries|worry|matter)\b|\s+later than|\s+more than|\s+longer than)/i;

/** True when `piece` contains a negator that denies something (a bound like "no later than" is a promise, not a denial). */
export function hasNegator(piece: string): boolean {
  NEGATOR.lastIndex = 0;
  for (let m = NEGATOR.exec(piece); m !== null; m = NEGATOR.exec(piece)) {
    const rest = piece.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (BOUND_AFTER.test(rest) || NOT_A_NEGATOR_AFTER.test(rest)) continue;
    return true;
  }
  return false;
}

const COND_ANYWHERE = /\b(?:if|unless|once|provided|providing|assuming|as long as|so long as|in case|in the event|depending on|subject to|contingent on|only after|only when|whether)\b/gi;
// A clause opened by a time word ("when", "after", "as soon as") or an inverted condition ("should it qualify", "had you
// reported"). "After that, the funds are yours" sequences rather than conditions: "after that/this" before a new subject
// is an adverb, and "after the reinvestment" with no verb of its own is a prepositional phrase.
const TEMPORAL_LEAD =
  /^(?:(?:and|but|so|or|then)\s+)?(?:when|whenever|after(?!\s+(?:that|this)\b(?:\s*,|\s+(?:the|your|our|we|you|it|they|i|he|she)\b))(?=\s+(?:[\w'-]+\s+){0,4}?(?:is|are|was|were|has|have|had|did|does|do|gets?|got|goes|went|clears?|posts?|settles?|comes?|came|\w+ed)\b)|as soon as)\b/i;
const INVERTED_LEAD = /^(?:and\s+|but\s+)?(?:should|were|had)\s+(?:it|you|we|they|the|your|this|that|there|a|an)\b|,\s*(?:should|were|had)\s+(?:it|you|we|they|the|your|this|that|there)\b/i;
const LEADING_IF = /^(?:(?:and|but|so)\s+)?(?:if|unless|provided|assuming|as long as|in case|in the event)\b/i;
const LEADING_ONCE = /^(?:(?:and|but|so)\s+)?once\b/i;
// With `temporal` false the time words do not condition: "once you submit it, we'll process it within 2 business days"
// sequences a promise after an event the customer controls; it still promises (CND-03).
const TEMPORAL = /^(?:once|only after|only when)$/i;

function conditionLead(text: string, temporal: boolean): boolean {
  return INVERTED_LEAD.test(text) || (temporal && TEMPORAL_LEAD.test(text));
}

function leadingIf(text: string, temporal: boolean): boolean {
  return LEADING_IF.test(text) || (temporal && LEADING_ONCE.test(text));
}
const INDIRECT_BEFORE_IF = /\b(?:know|tell you|inform you|update you|confirm|check|see|find out|determine|ask|asking|wonder|notify you|sure)\b[^,;]{0,40}$/i;

// "Even if" concedes rather than conditions.
const EVEN_BEFORE = /\beven\s+$/i;
const INDIRECT_QUESTION = /\bwhether\b|\b(?:know|tell you|see|check|confirm|say|ask|look into|find out|determine|verify)\s+(?:\w+\s+)?if\b/i;
const NOT_WORD = /[^\w']+/;
// A relevance conditional ("in case it helps", "if you're curious") conditions the telling, not what is told.
const RELEVANT = "(?:(?:it|that) (?:helps|is helpful|'s helpful|puts your mind at rest)|you(?:'re| are) (?:wondering|curious|interested))\\b";
const RELEVANCE_LEAD = new RegExp(`^(?:(?:and|but|so)\\s+)?(?:if|in case)\\s+${RELEVANT}`, "i");
const RELEVANCE = new RegExp(`^\\s+${RELEVANT}`, "i");
const BELIEF = /^(?:think|believe)$/i;

/** A conditional marker that really conditions (not "even if", not "let you know if" = whether); `temporal`: once/when/after count. */
export function isConditional(piece: string, temporal = true): boolean {
  if (conditionLead(piece, temporal)) return true;
  COND_ANYWHERE.lastIndex = 0;
  for (let m = COND_ANYWHERE.exec(piece); m !== null; m = COND_ANYWHERE.exec(piece)) {
    const word = m[0].toLowerCase();
    if (word === "whether" || (!temporal && TEMPORAL.test(word))) continue;
    if (RELEVANCE.test(piece.slice(m.index + m[0].length))) continue;
    if (word === "if") {
      const before = piece.slice(0, m.index);
      if (EVEN_BEFORE.test(before) || INDIRECT_BEFORE_IF.test(before)) continue;
    }
    return true;
  }
  return false;
}

/** True when a clause is conditional itself or is the main clause of a leading "If …," that was split from it by a comma. */
export function clauseConditional(doc: Doc, ref: ClauseRef, temporal = true): boolean {
  if (isConditional(doc.text.slice(ref.clause.start, ref.clause.end), temporal)) return true;
  for (let k = ref.i; k > 0; k--) {
    const cur = ref.list[k] as Clause;
    const prev = ref.list[k - 1] as Clause;
    if (!cur.joined) return false;
    const prevText = doc.text.slice(prev.start, prev.end);
    if ((conditionLead(prevText, temporal) || leadingIf(prevText, temporal)) && !RELEVANCE_LEAD.test(prevText)) return true;
  }
  return false;
}

/** Indirect question: the thing is asked about, not asserted ("whether to sell", "whether you have an account"). */
export function isIndirectQuestion(before: string): boolean {
  return INDIRECT_QUESTION.test(before);
}

// Reported speech: a verb of saying or believing whose subject is not the agent ("your bank said", "you were told").
const ATTR_VERB =
  /\b(?:said|says|saying|told|tells|mentioned|mentions|noted|quoted|claimed|claims|claiming|stated|states|estimated|indicated|suggested|heard|gave|expected|thought|assumed|believed|believe|think|wrote|described|reported|promised|asked|understood|remembered|recalled)\b/gi;
const ATTR_FIXED = /\b(?:(?:claim|rumou?r|story|post|article|video|ad|suggestion|impression|notion)s?\s+that\b|according to (?!our\b|zoomberg\b|the pack\b|(?:the\s+)?policy\b)|per your\b|as you\b|your understanding\b|sounds like\b|the customer's\b|you're asking\b|you are asking\b|you're referring\b|you asked\b|you(?:'d| would) like\b|you(?:'re| are| were) hoping\b|you (?:may|might) have (?:read|seen|heard)\b|you(?:'ve| have) (?:read|seen|heard) that\b)/i;
const AUX = new Set(["was", "were", "had", "have", "has", "been", "also", "just", "previously", "earlier", "already", "originally", "initially", "then", "were", "being", "recently"]);

// "You may be right that it was rejected", "for example, where there were no sales", "for a few reasons: it completed, …".
const POSSIBILITY = /\b(?:may|might|could)\s+(?:well\s+)?be\s+(?:right|correct)\s+(?:that|about)\b|\b(?:it's|it is|it may be|it might be)\s+possible\s+that\b|\b(?:for example|for instance|e\.g\.)|\b(?:few|several|couple of|number of|common|possible|usual)\s+(?:reasons|causes|possibilities|explanations)\b[^.]*:[^.]*$/i;

/** True when the sentence up to a statement makes it a possibility or an illustration, not a fact asserted. */
export function isPossibility(sentenceBefore: string): boolean {
  return POSSIBILITY.test(sentenceBefore);
}

/** True when `piece` reports someone else's words or belief: a reference, not the agent's own assertion. */
export function isAttributed(piece: string): boolean {
  if (ATTR_FIXED.test(piece)) return true;
  ATTR_VERB.lastIndex = 0;
  for (let m = ATTR_VERB.exec(piece); m !== null; m = ATTR_VERB.exec(piece)) {
    const words = piece.slice(Math.max(0, m.index - 40), m.index).split(NOT_WORD).filter(Boolean);
    let k = words.length - 1;
    while (k >= 0 && AUX.has((words[k] as string).toLowerCase())) k--;
    const subj = k >= 0 ? (words[k] as string).toLowerCase() : "";
    if (subj === "i" || subj === "we" || subj === "zoomberg" || subj === "i've" || subj === "we've") continue;
    if (BELIEF.test(m[0]) && subj !== "you" && subj !== "they") continue;
    return true;
  }
  return false;
}

// The agent declining: a first-person inability or prohibition before a verb of telling, checking or advising.
const REFUSAL =
  /\b(?:I|we|zoomberg)\s+(?:\w+\s+)?(?:can't|cannot|can not|won't|will not|couldn't|am not able|'m not able|are not able|'re not able|aren't able|am unable|'m unable|are unable|'re unable|am not allowed|'m not allowed|are not allowed|'re not allowed|aren't allowed|am not permitted|'m not permitted|are not permitted|'re not permitted|aren't permitted|am not in a position|'m not in a position|are not in a position|'re not in a position|(?:don't|do not|doesn't|does not|never)\s+(?:give|provide|offer|make|share|disclose|discuss|have access|comment|weigh in|advise|pick|rank))\b|\b(?:not|never)\s+(?:able|allowed|permitted|licensed|authori[sz]ed|in a position)\s+to\b|\bunable to\b/i;

/** True when `before` (the text of a clause up to a hit) has the agent declining to say or do it. */
export function isRefusal(before: string): boolean {
  return REFUSAL.test(before);
}
