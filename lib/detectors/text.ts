// Segmentation shared by the text detectors. Every span is an offset into the original reply, so hits can be highlighted.
import type { DetectorHit } from "./types";

export type Span = { start: number; end: number };

/** A clause: a stretch of one sentence that carries its own predicate, with how it was split from its neighbour. */
export type Clause = Span & {
  sentence: number;
  /** The break before this clause was a comma or dash (the previous clause may govern it), not "but", ";" or a new sentence. */
  joined: boolean;
};

const CURLY = /[\u2018\u2019\u02bc\u201c\u201d\u00a0]/;

const SINGLE_CURLY = /[\u2018\u2019\u02bc]/g;
const DOUBLE_CURLY = /[\u201c\u201d]/g;
const NBSP = /\u00a0/g;
const QUOTED = /"[^"\n]{1,200}"|(?<![\w])'(?=\S)[^'\n]{1,120}?(?<=\S)'(?![\w])/g;

/** Curly quotes become straight ones; every replacement is one code unit for one, so offsets are unchanged. */
export function normalise(reply: string): string {
  if (!CURLY.test(reply)) return reply;
  return reply.replace(SINGLE_CURLY, "'").replace(DOUBLE_CURLY, '"').replace(NBSP, " ");
}

// A period after these does not end a sentence ("5 p.m. Thursday", "e.g. funds", a list number "1. Deposit").
const ABBREVIATIONS = new Set(["a.m", "p.m", "e.g", "i.e", "vs", "approx", "est", "mr", "mrs", "ms", "dr", "st", "no", "jr", "sr", "inc", "corp", "u.s"]);

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function isAsciiDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function pushTrimmed(out: Span[], s: string, start: number, end: number): void {
  while (start < end && isSpace(s.charCodeAt(start))) start++;
  while (end > start && isSpace(s.charCodeAt(end - 1))) end--;
  if (end > start) out.push({ start, end });
}

/** One letter, one or two digits, or a listed abbreviation (checked per period, so without a regex). */
function isAbbreviation(s: string, k: number, dot: number): boolean {
  const n = dot - k;
  if (n === 1) {
    const c = s.charCodeAt(k) | 32;
    if (c >= 97 && c <= 122) return true;
  }
  if ((n === 1 || n === 2) && isAsciiDigit(s.charCodeAt(k)) && isAsciiDigit(s.charCodeAt(dot - 1))) return true;
  return n >= 2 && n <= 6 && ABBREVIATIONS.has(s.slice(k, dot).toLowerCase());
}

function endsAbbreviation(s: string, dot: number): boolean {
  let k = dot;
  while (k > 0 && !isSpace(s.charCodeAt(k - 1)) && s[k - 1] !== "(") k--;
  if (!isAbbreviation(s, k, dot)) return false;
  // A bare number ends a sentence ("…within 10.") unless it numbers a list item at the start of a line.
  if (isAsciiDigit(s.charCodeAt(k))) return k === 0 || s.charCodeAt(k - 1) === 10;
  return true;
}

// Candidate sentence ends: a run of . ! ? (with closing quotes or brackets) before whitespace or the end, or a line break.
const TERMINAL = /[.!?]+["')\]]*(?=\s|$)|\n/g;

/** Sentences end at . ! ? followed by whitespace (not after an abbreviation) and at every line break (bullets, lists). */
export function sentenceSpans(s: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  TERMINAL.lastIndex = 0;
  for (let m = TERMINAL.exec(s); m !== null; m = TERMINAL.exec(s)) {
    const end = m.index + m[0].length;
    if (m[0] === "\n") {
      pushTrimmed(out, s, start, m.index);
      start = end;
      continue;
    }
    if (m[0] === "." && endsAbbreviation(s, m.index)) continue;
    pushTrimmed(out, s, start, end);
    start = end;
  }
  pushTrimmed(out, s, start, s.length);
  return out;
}

// Clause breaks inside a sentence. A hard break (";", a dash, "but", "because", ", which") ends a clause and nothing
// carries across it; a soft break (a comma or "and" before a new subject and its verb) lets a leading "if …," govern
// what follows. Candidates are found by one cheap scan; the subject test runs only at commas and conjunctions.
const SUBJECT_VERB =
  "(?:I|we|you|they|it|this|that|there|he|she|Zoomberg|(?:our|your|the|this|that|his|her|their) (?:[\\w'-]+ ){0,2}[\\w-]+|someone|a specialist|an agent)(?:'ll|'d|'re|'m|'ve|'s|\\s+(?:will|would|can|could|should|may|might|must|shall|are|is|am|was|were|have|has|had|do|does|did|need|needs|want|wants|aim|expect|plan|usually|typically|normally|also|then|just|always|won't|can't|cannot|don't|doesn't|didn't|isn't|aren't|wasn't)\\b)";
const BREAK_CANDIDATE = /(\s*;\s*|:\s+|\s+[\u2014\u2013]\s*|\s*[\u2014\u2013]\s+|\s+--?\s+)|(,\s*)|(\s+)(?=(?:but|however|although|though|whereas|because|except that|yet|and|or)\b)/gi;
const HARD_AFTER = /(?:but|however|although|though|whereas|because|except that|yet|since|so|and so|which|who)\b/iy;
const AND_OR = /^(?:and|or)\b/i;
const NEW_SUBJECT = new RegExp(`(?:(?:and|or|then|so) )?${SUBJECT_VERB}`, "iy");

/** Clauses of one sentence; empty pieces are dropped. */
export function clauseSpans(s: string, sent: Span, index: number, out: Clause[]): void {
  const piece = s.slice(sent.start, sent.end);
  BREAK_CANDIDATE.lastIndex = 0;
  let from = 0;
  let joined = false;
  for (let m = BREAK_CANDIDATE.exec(piece); m !== null; m = BREAK_CANDIDATE.exec(piece)) {
    const next = m.index + m[0].length;
    let soft = false;
    if (m[1] === undefined) {
      HARD_AFTER.lastIndex = next;
      const isHard = HARD_AFTER.test(piece) && (m[2] !== undefined || !AND_OR.test(piece.slice(next, next + 4)));
      if (!isHard) {
        NEW_SUBJECT.lastIndex = next;
        if (!NEW_SUBJECT.test(piece)) continue;
        soft = true;
      }
    }
    if (m.index > from) out.push({ start: sent.start + from, end: sent.start + m.index, sentence: index, joined });
    joined = soft;
    from = next;
  }
  if (from < piece.length) out.push({ start: sent.start + from, end: sent.end, sentence: index, joined });
}

/** Quoted stretches: "…" always; '…' only when the marks sit at word edges, so apostrophes are never taken as quotes. */
export function quoteSpans(s: string): Span[] {
  const out: Span[] = [];
  QUOTED.lastIndex = 0;
  for (let m = QUOTED.exec(s); m !== null; m = QUOTED.exec(s)) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

/**
 * Whether a quotation is open at `at` in a sentence ("if I said 'yes, that's about right'…", "The line 'your account
 * will be locked within 2 hours' is a pressure tactic"): an odd number of double quotes before it, or more single quotes
 * opening a word than closing one. The kind rules read a match there as mentioned, not said.
 */
export function insideQuote(sentence: string, at: number): boolean {
  const before = sentence.slice(0, at);
  return (before.match(/"/g) ?? []).length % 2 === 1 || (before.match(/(?:^|[\s(])'/g) ?? []).length > (before.match(/'(?=[\s.,;:!?)]|$)/g) ?? []).length;
}

export function inSpans(spans: readonly Span[], at: number): boolean {
  for (const sp of spans) if (at >= sp.start && at < sp.end) return true;
  return false;
}

/** A detector hit: a span of the original reply with the rule that fired. */
export function hit(reply: string, start: number, end: number, reason: string): DetectorHit {
  return { start, end, text: reply.slice(start, end), reason };
}

// An ASCII digit (no u flag); on short sliced strings the regex engine scans about 3x faster than a charCodeAt loop.
const DIGIT = /\d/;

/** The text holds a digit: a cheap test before a regex that needs one. */
export function hasDigit(s: string): boolean {
  return DIGIT.test(s);
}

/** True when `lower` holds one of `words`: each is one `includes`, so a gate before a regex lists only a few. */
export function holdsAny(lower: string, words: readonly string[]): boolean {
  for (const w of words) if (lower.includes(w)) return true;
  return false;
}
