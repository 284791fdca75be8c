// CND-03: what makes a clause a commitment — Zoomberg (or the customer's own matter) as subject, future or habitual, not negated.
import { BOUND_AFTER } from "./scope";
import type { ClauseRef, Doc } from "./doc";
import type { Clause } from "./text";

/** `at` is the frame's offset in the clause (its modal or verb); -1 when borrowed from the clause before. */
export type Frame = { found: boolean; negated: boolean; at: number };
const NONE: Frame = { found: false, negated: false, at: -1 };

// Future and modal markers. A verb-like marker (aim, promise, guarantee…; group 1, unnamed so no groups object is built per
// match) counts only with the agent as subject.
const MODAL =
  /\b(?:won't|can't|cannot|shouldn't|couldn't|mightn't|will|shall|can|could|should|may|might|must)\b|'ll\b|(?<=\b(?:I|we)(?:'d|\s+would)\s+)(?:expect|anticipate)\b|\b(?:am|is|are|'m|'re|'s)\s+(?:not\s+)?(?:going|scheduled|expected|set|due|supposed|aiming|planning|committed)\s+to\b|\bgoing to\b|\b(aim|aims|expect|expects|plan|plans|intend|intends|promise|promises|commit|commits|guarantee|guarantees|pledge)\b/gi;
const NEGATED_MODAL = /^(?:won't|can't|cannot|shouldn't|couldn't|mightn't)$|not\s+(?:going|scheduled|expected|set|due)/i;
const NEGATION_AFTER = /^\s+(?:not|never)\b/i;
// "should have arrived", "could have posted": past, counterfactual — a reference, not a promise.
const PERFECT_AFTER = /^\s+(?:not\s+)?have\s+(?:been|[a-z]+(?:ed|en|wn)|sent|got|made|done|paid|left|kept|held|spent|put|set|lost|heard|told|become|come|gone|cleared|arrived)\b/i;
// "I can see the fee charged on June 1": the agent's "can" of perception or telling reports; "we'll confirm by noon" promises.
const PERCEPTION_AFTER = /^\s+(?:(?:also|only|just|now)\s+)?(?:see|tell|confirm|check|verify|look|find|show|explain|understand|share|assure|help|imagine|appreciate|hear|sense)\b/i;
// "It may help to set aside a moment today": what might help the customer, not something Zoomberg will do.
const HELPS_AFTER = /^\s+(?:\w+ly\s+)?(?:help|be (?:worth|wise|best|easier|helpful))\b/i;
const COUNTERFACTUAL_MODAL = /^(?:should|could|may|might|must|shouldn't|couldn't)$/i;
// What the customer is promised to receive; "you'll need to report within 60 days" is the customer's deadline, not a promise.
const RECEIPT_AFTER = /^\s+(?:(?:\w+ly|also|then|still|just|definitely|hopefully)\s+)*(?:be\b|receive|get|have\b(?!\s+to\b)|see|hear|expect|start|notice|find|gain|regain|obtain|wait|need to wait|have to wait)/i;
const SKIP = new Set(["also", "then", "usually", "typically", "normally", "generally", "likely", "probably", "definitely", "certainly", "only", "just", "still", "now", "all", "both", "automatically", "again", "personally", "hopefully", "always", "really", "ultimately", "then", "who", "that", "which"]);
const THIRD_PARTY = /\b(?:bank|banks|broker|brokerage|firm|firm's|institution|issuer|merchant|regulator|finra|sec|irs|employer|carrier|usps|post office|custodian|government|court|card company|credit union|he|she)\b/i;
// A named firm or person as subject ("Vanguard may quote 2 weeks on their end") speaks for itself, not for Zoomberg.
// Zoomberg's own desks ("Compliance will call you by Friday") are first person.
const NAMED_OTHER =
  /^(?!(?:I|We|Zoomberg|It|This|That|They|You|He|She|There|Someone|Somebody|Who|Our|Your|The|A|An|If|When|Once|So|And|But|Compliance|Fraud|Operations|Ops|Support|Trading|Desk|Team|Billing|Legal|Transfers|Tax|Margin|Escalations|Specialist|Specialists)$)[A-Z][a-z]+$/;
const FIRST_PERSON = /^(?:i|we|zoomberg|someone|somebody|who|team|desk|specialist|specialists|agent|department|staff)$/i;

const RELATIVE_PRONOUN = /^(?:who|that|which)$/i;
const CAN = /^(?:can|could)$/i;
// "…, and call you within 24 hours": a conjunct with no subject of its own shares the one before it.
const SUBJECTLESS_CONJUNCT = /^(?:and|or|then|but|so)\s+(?!(?:I|we|you|it|they|your|the|our)\b)/i;

// A word is a run of [\w'-]; the subject scan walks back over words without splitting the text.
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 39 || c === 45;
}

/** `word`: the subject, lower-cased; `np`: it and up to three words before it, space-joined; `last`: the subject as written. */
type Subject = { word: string; np: string; last: string };
const NO_SUBJECT: Subject = { word: "", np: "", last: "" };

/** The subject before a modal: the last word of clause[from, to) that is not a filler (SKIP), with its noun phrase. */
function subjectOf(clause: string, from: number, to: number): Subject {
  let end = to;
  let last = "";
  for (;;) {
    while (end > from && !isWordChar(clause.charCodeAt(end - 1))) end--;
    if (end === from) return NO_SUBJECT;
    let start = end;
    while (start > from && isWordChar(clause.charCodeAt(start - 1))) start--;
    const w = clause.slice(start, end);
    end = start;
    if (SKIP.has(w.toLowerCase()) && !RELATIVE_PRONOUN.test(w)) continue;
    last = w;
    break;
  }
  let np = last;
  for (let n = 0; n < 3; n++) {
    while (end > from && !isWordChar(clause.charCodeAt(end - 1))) end--;
    if (end === from) break;
    let start = end;
    while (start > from && isWordChar(clause.charCodeAt(start - 1))) start--;
    np = `${clause.slice(start, end)} ${np}`;
    end = start;
  }
  return { word: last.toLowerCase(), np, last };
}

function modalFrame(doc: Doc, c: Clause, clause: string): Frame {
  let best: Frame = NONE;
  MODAL.lastIndex = 0;
  for (let m = MODAL.exec(clause); m !== null; m = MODAL.exec(clause)) {
    const after = clause.slice(m.index + m[0].length, m.index + m[0].length + 60);
    if (COUNTERFACTUAL_MODAL.test(m[0]) && PERFECT_AFTER.test(after)) continue;
    const { word, np, last } = subjectOf(clause, Math.max(0, m.index - 60), m.index);
    if (m[1] && !FIRST_PERSON.test(word)) continue;
    if (word === "you" && !RECEIPT_AFTER.test(after)) continue;
    if ((word === "it" || word === "this" || word === "that") && HELPS_AFTER.test(after)) continue;
    if ((word === "i" || word === "we") && CAN.test(m[0]) && PERCEPTION_AFTER.test(after)) continue;
    if (THIRD_PARTY.test(np) || NAMED_OTHER.test(last)) continue;
    if (word === "they" && THIRD_PARTY.test(sentenceBefore(doc, c))) continue;
    const negated = (NEGATED_MODAL.test(m[0]) || NEGATION_AFTER.test(after)) && !BOUND_AFTER.test(after.replace(NEGATION_AFTER, ""));
    if (!negated) return { found: true, negated: false, at: m.index };
    best = { found: true, negated: true, at: m.index };
  }
  return best;
}

// "Please allow 3 business days", "to be safe, expect a call within the hour": an instruction to wait is a promise of when.
const IMPERATIVE_WAIT = /^(?:(?:and|so|then|but)\s+)?(?:[\w' -]{1,30},\s*)?(?:please\s+|just\s+|kindly\s+)?(?:expect|allow|give (?:us|it|them|the \w+)|wait|plan (?:on|for)|count on|look (?:out )?for|watch for)\b/i;
// "Your funds are available in 3 days", "it takes 24 hours": present tense about the customer's own matter states when.
// A pronoun after a preposition ("after that are sent") is an object, not the subject.
const PRESENT_MATTER =
  /\b(?:your\s+(?:[\w-]+\s+){0,3}?|(?<!\b(?:after|before|of|for|with|by|from|to|than|on|in|at|about|like|into|upon|past)\s)(?:it|this|that)(?:\s+|(?='s\s))|the\s+(?:[\w-]+\s+)?(?:funds|money|credit|refund|transfer|deposit|withdrawal|wire|payment|reversal|correction|card|check|form|documents|review|investigation|acknowledgement|letter|callback|proceeds|call|change|update|hold)\s+)(?:usually\s+|typically\s+|normally\s+|generally\s+|only\s+)?(?:takes|arrives|arrive|posts|post|clears|clear|settles|settle|completes|complete|lands|land|goes out|go out|drops off|comes off|gets? (?:sorted(?: out)?|fixed|resolved|processed|reversed|credited|cleared|updated)|(?:is|are|'s|'re)\s+(?:usually\s+|typically\s+|normally\s+)?(?:available|processed|credited|done|completed?|sent|ready|due|expected|scheduled|reviewed|resolved|released|returned|refunded|reversed|handled|issued|mailed|acknowledged|reflected|updated|recorded|applied|posted|cleared))\b/i;
// "We respond within 24 hours", "our team is reviewing it": the agent's side, present or progressive.
const FIRST_PERSON_PRESENT =
  /(?:\bwe(?:'re\s+[a-z]+ing\b|\s+(?:(?:usually|typically|always|normally|generally)\s+)?(?:are\s+[a-z]+ing\b|(?!(?:were|was|had|did|didn't|don't|do|have|are|understand|know|see|hope|appreciate|apologi[sz]e|recommend|want|think|believe|sent|got|made|said|told|took|gave|found|paid|heard|held|kept|received|can|could|will|would|should|may|might|must|need|also|still|just|only)\b)[a-z]+(?<!ed)\b))|\b(?:zoomberg|(?:our|the)\s+(?:[\w-]+\s+)?(?:team|desk|department))\s+(?:(?:usually|typically|always|normally|generally)\s+)?(?:is\s+[a-z]+ing\b|(?!(?:was|has|does|is|needs|wants|knows|sees|hopes|thinks|believes)\b)[a-z]+s\b))/i;

// The sentence up to the clause, asked for only when the subject is "they".
function sentenceBefore(doc: Doc, c: Clause): string {
  const sentence = doc.sentences[c.sentence];
  return sentence ? doc.text.slice(sentence.start, c.start) : "";
}

// "Wires like this usually post within two to three hours", "most wires land by midday Monday": a habit of the kind of
// thing the customer is waiting for, stated as when it will happen.
const HABIT_OF_KIND =
  /\b(?:(?:most|many)\s+)?(?:wires|transfers|deposits|withdrawals|refunds|checks|requests|credits|reversals|returned deposits|acats transfers|rollovers|distributions)\s+(?:like (?:this|these|yours)\s+)?(?:(?:usually|typically|normally|generally|often)\s+)?(?:post|arrive|land|clear|settle|complete|go through|get (?:sorted|fixed|resolved|processed|credited)|are (?:processed|credited|completed|posted|sorted|resolved))\b/i;

function plainFrame(clause: string): Frame {
  if (IMPERATIVE_WAIT.test(clause)) return { found: true, negated: false, at: 0 };
  const habit = HABIT_OF_KIND.exec(clause);
  if (habit && !THIRD_PARTY.test(habit[0])) return { found: true, negated: false, at: habit.index };
  const m = PRESENT_MATTER.exec(clause) ?? FIRST_PERSON_PRESENT.exec(clause);
  if (m && !THIRD_PARTY.test(m[0])) return { found: true, negated: false, at: m.index };
  return NONE;
}

const LABEL_BREAK = /^\s*:\s*$/;
// A short label ("- Provisional credit") whose whole value is the period ("within 45 days"): a status line, no verb needed.
const LABEL = /^[\s\-*\u2022\d.)]*[A-Za-z][\w '\u2019/&()-]{0,48}$/;
const VALUE_LEAD = /^(?:(?:usually|typically|generally|normally|expected|estimated|approximately|about|around|roughly)\s+)?(?:(?:within|in|by|on|up to|no later than)\s+)?$/i;
const VALUE_TAIL = /^\s*(?:(?:of|from|after)\s+(?:your|the|our)\s+[\w -]{1,30})?[.!]?\s*$/i;

// The clause before the ref's; index -1 would be a slow named-property lookup ("-1"), so the first clause is tested first.
function clauseBefore(ref: ClauseRef): Clause | undefined {
  return ref.i > 0 ? ref.list[ref.i - 1] : undefined;
}

// Every LABEL_BREAK match holds a colon: most clause breaks are commas and need no slice.
function holdsColon(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (s.charCodeAt(i) === 58) return true;
  return false;
}

// "- Form received: Tuesday 6 May": a label naming a past event dates it; its value is a reference.
const PAST_LABEL = /\b(?:received|submitted|placed|sent|filed|opened|requested|deposited|made|reported|initiated|started|logged|dated|charged|posted|sold|bought|filled)\s*$/i;

/** The mention is the value of a labelled line whose label names a past event. */
export function pastLabelValue(doc: Doc, ref: ClauseRef): boolean {
  const prev = clauseBefore(ref);
  return !!prev && holdsColon(doc.text, prev.end, ref.clause.start) && LABEL.test(doc.text.slice(prev.start, prev.end)) && PAST_LABEL.test(doc.text.slice(prev.start, prev.end));
}

/** "Final decision on the dispute: within 45 days": the mention is the value of a labelled line, stated as what will happen. */
export function labelledValue(doc: Doc, ref: ClauseRef, mention: { start: number; end: number }): Frame | null {
  const prev = clauseBefore(ref);
  const c = ref.clause;
  if (!prev || !holdsColon(doc.text, prev.end, c.start) || !LABEL_BREAK.test(doc.text.slice(prev.end, c.start)) || !LABEL.test(doc.text.slice(prev.start, prev.end))) return null;
  if (!VALUE_LEAD.test(doc.text.slice(c.start, mention.start)) || !VALUE_TAIL.test(doc.text.slice(mention.end, c.end))) return null;
  return { found: true, negated: false, at: 0 };
}

/** The commitment frame of a clause (`clause` is its text, when the caller has it); a subject-less "and …" clause borrows the frame of the clause before it. */
export function commitmentFrame(doc: Doc, ref: ClauseRef, clause = doc.text.slice(ref.clause.start, ref.clause.end)): Frame {
  const c = ref.clause;
  const modal = modalFrame(doc, c, clause);
  if (modal.found && !modal.negated) return modal;
  const plain = plainFrame(clause);
  if (plain.found) return modal.negated ? modal : plain;
  if (modal.negated) return modal;
  const prev = clauseBefore(ref);
  if (prev && SUBJECTLESS_CONJUNCT.test(clause)) {
    return { ...commitmentFrame(doc, { list: ref.list, i: ref.i - 1, clause: prev as Clause }), at: -1 };
  }
  return NONE;
}
