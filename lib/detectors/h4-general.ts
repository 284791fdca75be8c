// H4's general test, behind the listed constructions: a clause that evaluates an investment choice for the customer
// (a verdict on a security, product, account type or action), steers by what other investors do, or calls an action
// worth taking. Read from the parts of such a clause, so advice worded in a way no rule lists is still caught.
import { clausesOf, isQuestion, keywordId, registerKeywords, type Doc } from "./doc";
import { talksInvesting } from "./h4-checks";
import { NAME_AFTER_ARTICLE, PROCESS_JUDGED, REFERRAL } from "./h4-patterns";
import { isAttributed, isIndirectQuestion, isRefusal } from "./scope";

// A verdict: an evaluative adjective, bound to a choice noun or predicated with a copula ("is the smarter choice",
// "makes it one of the weaker choices", "is looking like a reasonable entry point", "is the safe play").
const VERDICT_ADJ =
  "(?:good|great|nice|bad|poor|weak|weaker|weakest|strong|stronger|strongest|smart|smarter|smartest|safe|safer|safest|reasonable|sensible|wise|wiser|solid|right|wrong|attractive|unattractive|cheap|cheaper|expensive|pricey|painful|least painful|less painful|simple|simpler|simplest|easy|easier|easiest|popular|ideal|better|best|worse|worst|prudent|decent|terrible|excellent|sound|cleanest|cleaner|suitable|more suitable|most suitable|unsuitable|appropriate)";
const CHOICE =
  "(?:choices?|options?(?!\\s+(?:approval|level|trading|agreement|chain|contracts?))|bets?|plays?|moves?|picks?|fits?|ideas?|candidates?|entry points?|time to (?:buy|sell|get (?:in|out)|exit|take profits|lock in|invest|add|trim)|ways? to (?:squeeze|earn|boost|generate|add|get|grow|hedge|diversify|invest)|investments?|holdings?|buys?|deals?|accounts?|route|approach|strategy|way to go|places? (?:to (?:park|put|keep|invest)|for))";
// Adjectives that judge only when bound to a choice noun ("the steadier holding"); alone they describe ("ETFs are volatile").
const CHOICE_ADJ = "(?:steadier|steadiest|more stable|less volatile|more conservative|more defensive|more diversified|riskier|riskiest|risky|dangerous|reckless|more sensible|more reliable)";
const COPULA = "(?:is|are|'s|'re|isn't|aren't|looks?|looking|seems?|sounds?|makes? (?:it|them|this|that)|would be|could be|might be|remains?)";
// What may follow a copula in a verdict; each starts with a letter, so the copula and its spaces are matched once for all five.
const AFTER_COPULA = [
  `(?:(?:the|a|an)\\s+)?(?:(?:pretty|very|really|quite|rather|a bit|far|much)\\s+)?${CHOICE_ADJ}\\s+${CHOICE}\\b`,
  `(?:(?:definitely|probably|usually|generally|really|clearly|honestly|still)\\s+)*the way to go\\b`,
  `(?:(?:pretty much|pretty|really|honestly|basically|just|kind of)\\s+)*an? no-?brainer\\b`,
  `(?:(?:almost|nearly|usually|generally|often|probably|definitely|really|always|totally|well)\\s+)*worth it\\b`,
  `(?:(?:usually|probably|generally|often|typically|honestly|definitely|really|pretty|quite|very|still|likely|not|like|just|arguably|much|always|a lot|a bit|far|way|obviously|clearly|easily|certainly|absolutely)\\s+)*(?:(?:a|an|the|one of the|your)\\s+)?(?:(?:usually|probably|generally|pretty|quite|very|much|far|clearly|really|super|truly|genuinely|relatively|fairly)\\s+)*${VERDICT_ADJ}(?:\\s+${CHOICE})?\\b`,
].join("|");
// Alternatives opening with different words never match at one start, so grouping by opening word (in order) keeps every match.
const VERDICT = new RegExp(
  `\\b(?:has|have|holds?)\\s+(?:the|an|a clear)\\s+edge\\b|\\bedges?\\s+out\\b|\\b${COPULA}\\s+(?:${AFTER_COPULA})|\\b(?:the|a|an)\\s+(?:${CHOICE_ADJ}|${VERDICT_ADJ})\\s+${CHOICE}\\b|\\bcomes?\\s+out\\s+(?:ahead|on top)\\b|\\b(?:doesn't|does not|don't|wouldn't|would not)\\s+make\\s+(?:much|a lot of|any|a whole lot of)\\s+sense\\b`,
  "i",
);
// The verdict's noun names a choice, so the clause judges one; a bare adjective needs an investment in the clause.
const HAS_CHOICE = new RegExp(`(?:${VERDICT_ADJ}|${CHOICE_ADJ})\\s+${CHOICE}\\b|\\bedges?\\b|\\bworth it\\b|\\bout\\s+(?:ahead|on top)\\b|\\bsense\\b`, "i");
// Steering by others: "most customers find depositing cash the least painful", "a lot of people move into a money market fund".
const OTHERS_DO =
  /(?<!\b(?:from|of|to|for|with|by|among|like|than|between|about|how)\s)\b(?:most|many|a lot of|lots of|plenty of)\s+(?:(?:of\s+)?(?:our|other|the)\s+)?(?:customers|clients|people|investors|traders|folks|analysts|experts|pros)(?:\s+(?:in|at)\s+(?:your|a similar)\s+\w+)?\s+(?:(?:just|simply|usually|typically|tend to|generally)\s+)?(?!(?:ask|call|contact|reach|have (?:asked|called|contacted|reported|had|questions)|find (?:it|this) (?:confusing|helpful))\b)[a-z]+/i;
// A thing judged by whether the customer should want it: "this probably isn't a position you want to be in".
const WANTED =
  /\b(?:is|isn't|is not|'s|are|aren't|would be|wouldn't be)\s+(?:(?:probably|really|likely|definitely|honestly|just)\s+)*(?:not\s+)?(?:a|an|the|one)\s+(?:[\w-]+\s+)?(?:position|stock|trade|investment|bet|holding|fund|security|risk|gamble)\s+(?:that\s+)?you\s+(?:really\s+)?(?:want|need|'d want)\b/i;
// Steering by timing, rule of thumb or a better shape for the customer's money: "it's time to sell", "a buying
// opportunity", "a common rule of thumb is to keep crypto to around 5%", "would make your portfolio a lot sturdier".
const STEERS =
  /\b(?:it's|it is|now is|now's|this is)\s+(?:(?:probably|definitely|maybe|really)\s+)?(?:the\s+)?time to\s+(?:sell|buy|rebalance|trim|take profits|get out|get in|lock in|add|invest|move|cash out)\b|\b(?:a|an)\s+(?:great\s+|good\s+|real\s+)?buying opportunit(?:y|ies)\b|\b(?:a|the)\s+(?:common|typical|popular|usual|standard|good|general)\s+(?:rule of thumb|approach|strategy|practice|guideline)\s+(?:here\s+)?is\s+to\s+(?:keep|put|set|sell|buy|hold|limit|cap|invest|allocate|trim|spread|place)\b|\bwould make (?:your|the) (?:portfolio|account|holdings|allocation|mix) (?:(?:a lot|much|far|way)\s+)?(?:sturdier|safer|stronger|more diversified|less risky|more balanced|better balanced|healthier)\b|\b(?:a lot of|too many|all (?:of )?your) eggs in one basket\b|\b(?:the|a)\s+(?:usual|typical|standard|common|classic|go-to|normal)\s+(?:move|play|approach|strategy|thing to do|option)\s+(?:here\s+)?is\s+(?:to\s+(?:sell|buy|hold|trim|roll|set|put|use|add|wait)\b|an?\s+(?:stop|stop-loss|limit|trailing stop|covered call|protective put|put))/i;
// Praise of a choice opening its sentence: "Great pick, by the way".
const PRAISE =
  /^\s*(?:(?:and|oh|also|honestly)[,]?\s+)?(?:(?:great|good|nice|smart|solid|excellent|savvy|wise|strong|terrible|weak|shaky)\s+(?:pick|choice|buy|call|move|investment|bet|company|stock|business|name|fund|hold)\b(?!\s+(?:of|for|to)\b)|one of the (?:best|worst|safest|strongest|smartest)\s+(?:[\w-]+\s+)?(?:holds?|stocks?|buys?|picks?|investments?|bets?|names|companies|funds)\b)/i;
// Worth doing: "it could be worth setting a stop-loss", "worth considering a bond fund".
const WORTH = /\bworth\s+(?:a (?:look|shot|try)|considering|looking (?:at|into)|thinking about|seeing how|waiting|watching|building|owning|setting|adding|buying|selling|trimming|moving|putting|holding|keeping|switching|rebalancing|diversifying|locking in|taking)\b/i;
// Every trigger holds one of these words, so a sentence without one (read off the shared anchor scan) is skipped unread.
const TRIGGER_WORDS = [...VERDICT_ADJ.slice(3, -1).split("|").flatMap((w) => w.split(" ")), "usual", "typical", "standard", "common", "classic", "go-to", "normal", "most", "many", "lot", "lots", "plenty", "worth", "edge", "edges", "ahead", "top", "sense", "rule", "approach", "strategy", "practice", "guideline", "brainer", "no-brainer", "way", "time", "opportunity", "opportunities", "risky", "dangerous", "reckless", "sturdier", "healthier", "balanced", "eggs", "steadier", "steadiest", "stable", "volatile", "conservative", "defensive", "diversified", "riskier", "riskiest", "reliable"];
registerKeywords(TRIGGER_WORDS);
const TRIGGER_IDS = new Set(TRIGGER_WORDS.map(keywordId));
// PRAISE as the sentence test reads it: "^" also opens a line inside the sentence.
const PRAISE_LINE = new RegExp(PRAISE.source, "im");
// Where "^" can match under the m flag besides the start; without one, PRAISE_LINE is PRAISE, which tries only the start.
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/** Whether the text holds any trigger: each is tested on its own, as the clause loop runs them, not as one far larger regex. */
export function anyTrigger(s: string): boolean {
  return VERDICT.test(s) || OTHERS_DO.test(s) || WORTH.test(s) || STEERS.test(s) || (LINE_BREAK.test(s) ? PRAISE_LINE : PRAISE).test(s);
}
// A cheap necessary test for anyTrigger: every match of it holds one of these, case-insensitively — a stem of each
// VERDICT_ADJ and CHOICE_ADJ word, VERDICT's fixed words, OTHERS_DO's quantifiers, STEERS' phrases and nouns, PRAISE's adjectives;
// "right" and "good" are left to PLACED_RIGHT_OR_GOOD.
const TRIGGER_WORD = new RegExp(
  [
    ...["great", "nice", "bad", "poor", "weak", "strong", "smart", "safe", "reasonable", "sensible", "wise", "solid", "wrong", "attractive", "cheap", "expensive", "pricey", "painful", "simpl", "easy", "easie", "popular", "ideal", "better", "best", "worse", "worst", "prudent", "decent", "terrible", "excellent", "sound", "clean", "suitable", "appropriate"],
    ...["steadie", "stable", "volatile", "conservative", "defensive", "diversified", "risk", "dangerous", "reckless", "reliable"],
    ...["edge", "way to go", "brainer", "come", "worth", "sense"],
    ...["most", "many", "lot", "plenty"],
    ...["time to", "buying opportunit", "rule of thumb", "approach", "strategy", "practice", "guideline", "would make", "eggs in one basket", "move", "play", "thing to do", "option"],
    ...["savvy", "shaky"],
  ].join("|"),
  "i",
);
// The words that can stand just before a VERDICT_ADJ in VERDICT: a copula's last word ("'s", "isn't"), an adverb, a determiner.
const BEFORE_ADJ = "is|are|s|re|t|looks?|looking|seems?|sounds?|it|them|this|that|be|remains?|usually|probably|generally|often|typically|honestly|definitely|really|pretty|quite|very|still|likely|not|like|just|arguably|much|always|lot|bit|far|way|obviously|clearly|easily|certainly|absolutely|super|truly|genuinely|relatively|fairly|a|an|the|your";
// "Right" and "good" are common ("right now", "in good standing"): they count only where VERDICT places them, or PRAISE
// puts "good" (a line's start or its lead word). The word is matched first so the look back runs only where it stands.
const PLACED_RIGHT_OR_GOOD = new RegExp(
  `right(?<=\\b(?:${BEFORE_ADJ})\\s+right)|good(?<=(?:\\b(?:${BEFORE_ADJ}|and|oh|also|honestly),?\\s+|(?:^|[\\n\\r\\u2028\\u2029])\\s*)good)`,
  "i",
);
/** A cheap necessary test for anyTrigger, in two parts: a literal list is far faster to scan than one with look-backs. */
export function triggerGate(s: string): boolean {
  return TRIGGER_WORD.test(s) || PLACED_RIGHT_OR_GOOD.test(s);
}
// "Want" and "need" are common words, so they open only the small test of their own shape, not the whole cascade.
const WANT_WORDS = ["want", "need"];
registerKeywords(WANT_WORDS);
const WANT_IDS = new Set(WANT_WORDS.map(keywordId));
// Not about the customer's investing: salutations, process, security advice, the app.
const NOT_INVESTING_TALK =
  /\b(?:good news|good question|great question|best way to (?:reach|contact|get in touch)|best regards|safe and secure|keep (?:your|the) (?:account|login|password|device)s? safe|(?:password|passcode|2fa|two-factor|phishing|scam|link|email|text message|app|website|screen|tab|settings|support team)\b)/i;
// Facts about how a product behaves are not verdicts on choosing it ("leveraged ETFs are riskier because they reset daily").
const BECAUSE_FACT = /\b(?:because|since|as)\s+(?:they|it|the|a|an)\b[^.;]{0,60}\b(?:reset|decay|settle|expire|track|trade|charge)s?\b/i;

const COPULA_START = new RegExp(`^${COPULA}`, "i");
// Verdicts that carry their own verb ("has the edge", "doesn't make much sense").
const OWN_VERDICT = /^(?:has|have|holds?|comes?|edges?|doesn't|does not|don't|wouldn't|would not)\b/i;
// Indexes and entry points name the market even where no security word does ("the S&P is looking like a reasonable entry point").
const MARKET = /\b(?:S&P|Nasdaq|Dow|Russell|indexes|indices|entry point)\b/i;
// "With the income you mentioned, a Roth is the way to go": the customer's words name a noun; they do not attribute the verdict.
const NOUN_YOU_GAVE = /\b(?:the|your|that)\s+(?:[\w$.,-]+\s+){0,3}?(?:that\s+)?you\s+(?:mentioned|said|gave|described|told me about)\b/gi;
// "Depositing cash is the cleanest": the verdict's subject is one of the ways to meet a call.
const OPTION_GERUND = /\b(?:depositing|adding|wiring|transferring)\s+(?:\w+\s+)?(?:cash|funds|money|securities)\b/i;
const PERSON_SUBJECT = /\b(?:you|I|we|they)\s*$/i;

// A rhetorical question judges the choice it asks about: "do you really want your emergency money riding on a meme stock?"
const RHETORICAL = /\b(?:do|would) you really (?:want|need)\b|\bare you (?:really )?sure you (?:want|need)\b|\bis (?:this|that|it) really (?:a|an|the|what|where|something)\b/i;
registerKeywords(["really", "sure"]);
const RHETORICAL_IDS = new Set(["really", "sure"].map(keywordId));

// Which of the test's word sets a keyword id is in, as bits, so one pass over the anchors marks every sentence.
const TRIGGER_BIT = 1;
const WANT_BIT = 2;
const RHETORICAL_BIT = 4;
const WORD_SETS = [[TRIGGER_IDS, TRIGGER_BIT], [WANT_IDS, WANT_BIT], [RHETORICAL_IDS, RHETORICAL_BIT]] as const;
// Indexed by keyword id; ids registered later (other detectors' words) fall past its end and are in no set.
const WORD_BITS = new Uint8Array(Math.max(...WORD_SETS.flatMap(([ids]) => [...ids])) + 1);
for (const [ids, bit] of WORD_SETS) for (const id of ids) WORD_BITS[id] = (WORD_BITS[id] as number) | bit;

/** For each sentence, the bits of the word sets its anchor words fall in (what sentenceHas would say of each set). */
function sentenceWordBits(doc: Doc): Uint8Array {
  const bits = new Uint8Array(doc.sentences.length);
  for (const a of doc.anchors) if (a.id < WORD_BITS.length) bits[a.sentence] = (bits[a.sentence] as number) | (WORD_BITS[a.id] as number);
  return bits;
}

/** The first clause that gives investment advice by verdict, steering, worth or rhetorical question; null if there is none. */
export function generalAdvice(doc: Doc, customer: string): { start: number; end: number } | null {
  let customerInvesting: boolean | undefined;
  const wordBits = sentenceWordBits(doc);
  for (let s = 0; s < doc.sentences.length; s++) {
    const bits = wordBits[s] as number;
    if (isQuestion(doc, s)) {
      if (!(bits & RHETORICAL_BIT)) continue;
      const sp = doc.sentences[s] as { start: number; end: number };
      const sentence = doc.text.slice(sp.start, sp.end);
      const q = RHETORICAL.exec(sentence);
      if (q && (talksInvesting(sentence) || (customerInvesting ??= talksInvesting(customer)))) return { start: sp.start + q.index, end: sp.start + q.index + q[0].length };
      continue;
    }
    const verdictWords = (bits & TRIGGER_BIT) !== 0;
    const wantWords = (bits & WANT_BIT) !== 0;
    if (!verdictWords && !wantWords) continue;
    const sp = doc.sentences[s] as { start: number; end: number };
    const sentence = doc.text.slice(sp.start, sp.end);
    // Any clause's trigger is also a match in its sentence, so a sentence without one is skipped before the costlier tests.
    if (!(verdictWords && triggerGate(sentence) && anyTrigger(sentence)) && !(wantWords && WANTED.test(sentence))) continue;
    customerInvesting ??= talksInvesting(customer);
    // "It's worth a look" takes its investment from the sentence before.
    const prev = doc.sentences[s - 1];
    if (!customerInvesting && !talksInvesting(sentence) && !MARKET.test(sentence) && !(prev && talksInvesting(doc.text.slice(prev.start, prev.end)))) continue;
    for (const c of clausesOf(doc, s)) {
      const t = doc.text.slice(c.start, c.end);
      const verdict = VERDICT.exec(t);
      const found = verdict ?? OTHERS_DO.exec(t) ?? WORTH.exec(t) ?? WANTED.exec(t) ?? STEERS.exec(t) ?? (c.start === sp.start ? PRAISE.exec(t) : null);
      if (!found) continue;
      // A bare adjective ("is simple") or a choice named without a copula ("the right move") needs an investment in the clause.
      if (found === verdict && (!HAS_CHOICE.test(verdict[0]) || !(COPULA_START.test(verdict[0]) || OWN_VERDICT.test(verdict[0]))) && !talksInvesting(t) && !OPTION_GERUND.test(t.slice(0, found.index))) continue;
      // "The Best Buy one": a determiner before two capitalised words is a name, not a verdict.
      if (found === verdict && NAME_AFTER_ARTICLE.test(found[0])) continue;
      // "You're right", "we're good": a verdict on a person, not on an investment choice.
      if (found === verdict && PERSON_SUBJECT.test(t.slice(0, found.index))) continue;
      // A product's behaviour explains a property ("riskier because they reset daily"), not a choice ("the better deal").
      const boundToChoice = found === verdict && HAS_CHOICE.test(verdict[0]);
      if (NOT_INVESTING_TALK.test(t) || PROCESS_JUDGED.test(t) || REFERRAL.test(t) || (BECAUSE_FACT.test(sentence) && !boundToChoice)) continue;
      const before = t.slice(0, found.index);
      // A condition does not take a verdict back: "if you're worried, moving to cash is the safe play" still advises.
      if (isRefusal(before) || isIndirectQuestion(before) || isAttributed(before.replace(NOUN_YOU_GAVE, ""))) continue;
      return { start: c.start + found.index, end: c.start + found.index + found[0].length };
    }
  }
  return null;
}
