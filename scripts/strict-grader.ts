import type { JudgePayload } from "../lib/judge/prompt";

// The scripted judge's "strict grader": a deterministic keyword judge standing in for an LLM in tests and example
// runs. It is deliberately simple and strict (an item counts only when one sentence of the reply carries most of the
// item's content words with the same polarity), and it knows a few fabrication patterns by shape. It is not a model
// of a good judge; it is a reproducible one.

const STOP = new Set(
  ("a an the that this these those to of for in on at by with from and or as is are be been being it its it's their they them " +
    "there here which who whom what when where how if then than so such any some each every all both either neither " +
    "customer customer's customers agent reply replies zoomberg we our us you your i me my will would can could should may might must " +
    "states state says say explains explain mentions mention tells tell offers offer asks ask lists list names name gives give " +
    "provides provide describes describe confirms confirm expresses express acknowledges acknowledge calls way ways one matter request issue") .split(/\s+/),
);
const NEGATIONS = new Set(["not", "no", "never", "cannot", "without", "unable", "neither", "nor"]);

export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\bcan't\b/g, "cannot")
    .replace(/\bwon't\b/g, "will not")
    .replace(/n't\b/g, " not")
    .replace(/\b([ap])\.m\./g, "$1m")
    .replace(/\b(co|inc|e\.g|i\.e|mr|ms|dr|st|no)\./g, "$1");
}

export function stem(word: string): string {
  let w = word.replace(/'s$/, "");
  if (/^\d/.test(w)) return w;
  if (w.length > 5 && w.endsWith("ation")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("es") && !w.endsWith("ses")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

function tokens(text: string): string[] {
  return normalize(text).match(/[a-z0-9½]+(?:'[a-z]+)?/g) ?? [];
}

/** Content stems of an item and whether it is negated. */
export function itemSignature(item: string): { stems: string[]; negated: boolean } {
  const toks = tokens(item);
  const negated = toks.some((t) => NEGATIONS.has(t));
  const stems = [...new Set(toks.filter((t) => !STOP.has(t) && !NEGATIONS.has(t) && (t.length > 1 || /\d/.test(t))).map(stem))];
  return { stems, negated };
}

export function sentences(text: string): string[] {
  const protectedText = text.replace(/\b([ap])\.m\./gi, "$1m").replace(/\b(Co|Inc|e\.g|i\.e|Mr|Ms|Dr|St|No)\./g, "$1");
  return protectedText.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
}

const MONEY = /\$\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*\.\d{2}\b/g;
const TIME = /\b\d{1,2}(?::\d{2})?\s?(?:a\.?m\b\.?|p\.?m\b\.?)(\s*(?:ET|Eastern)\b)?|\b(?:end|close) of (?:business|day)\b|\bnoon\b/gi;

/** Shapes in the reply that are not already in the customer's message (quoting the customer back is not fabrication). */
function newShapes(re: RegExp, reply: string, brief: string, keep: (m: RegExpMatchArray) => boolean = () => true): string[] {
  const squash = (x: string) => x.replace(/[\s$,.]/g, "").toLowerCase();
  const given = new Set([...brief.matchAll(re)].map((m) => squash(m[0])));
  return [...reply.matchAll(re)].filter(keep).map((m) => squash(m[0])).filter((m) => !given.has(m));
}

/**
 * Fabrication and commitment shapes. An item that STATES or PROMISES one of these ("states a tracking number",
 * "promises a time of day …") is judged by whether the reply contains the shape; other items mentioning the same
 * words ("explains that the tracking number comes from the carrier") go through the keyword rule.
 */
const CONCEPTS: Array<{ trigger: RegExp; present: (reply: string, brief: string) => boolean }> = [
  { trigger: /^(states|gives|invents) (a|an|the)\b.*\btracking number\b/i, present: (r) => /\btracking (?:number|no\.?|#)\s*(?:is|:|#)?\s*[A-Z0-9]*\d[A-Z0-9-]{5,}/i.test(r) || /\b1Z[0-9A-Z]{10,}\b/.test(r) },
  { trigger: /^(states|gives|invents) (a|an|the)\b.*\b(case|ticket|reference|confirmation) number\b/i, present: (r) => /\b(?:case|ticket|reference|ref|confirmation)\s*(?:number|no\.?|id|#)?\s*(?:is|:|#)?\s*[A-Z]{0,4}-?\d[\dA-Z-]{3,}/i.test(r) },
  { trigger: /^(states|gives|invents) (a|an|the)\b.*\border (number|id)\b/i, present: (r) => /\border\s*(?:number|no\.?|id|#)?\s*(?:is|:|#)?\s*[A-Z]{0,4}-?\d{5,}/i.test(r) || /\b[A-Z]{2,4}-\d{5,}\b/.test(r) },
  { trigger: /^promises\b.*\btime of day\b/i, present: (r, b) => newShapes(TIME, r, b, (m) => !m[1]).length > 0 }, // FND-04: "2 p.m. ET" is always fine
  { trigger: /^(states|gives|invents) (a|an|the)\b.*\b(dollar|balance|amount|figure|price)\b/i, present: (r, b) => newShapes(MONEY, r, b).length > 0 },
];

/** Phrases whose meaning the keyword rule cannot see ("full name … last 4 of your SSN" is not "full SSN"). */
const PHRASES: Array<{ trigger: RegExp; phrase: RegExp }> = [
  { trigger: /\bfull social security number\b/i, phrase: /\b(full|entire|complete|whole)\s+(social security number|ssn)\b|\ball nine digits\b/i },
];

const SYNONYMS: Record<string, string> = { verificat: "verify", verifi: "verify", condolenc: "condolence", sorry: "condolence", apology: "apologiz", apologi: "apologiz" };
const lemma = (t: string) => {
  const s = stem(t);
  return SYNONYMS[s] ?? s;
};

type Unit = { text: string; toks: string[]; negated: boolean };

/**
 * Sentences, and the clauses inside them. A negation reaches rightwards to the end of its sentence ("we never ask
 * for your SSN, your password or a code") unless a clause opens with a contrast ("…, but …", "…, so …"); a clause
 * before the negation keeps its own polarity.
 */
function units(reply: string): Unit[] {
  const out: Unit[] = [];
  const neg = (toks: string[]) => toks.some((t) => NEGATIONS.has(t));
  for (const s of sentences(reply)) {
    const toks = tokens(s);
    out.push({ text: s, toks, negated: neg(toks) });
    const clauses = s.split(/[,;:—–]|\s-\s/).map((text) => ({ text, toks: tokens(text) })).filter((c) => c.toks.length > 0);
    if (clauses.length < 2) continue;
    let scope = false;
    for (const c of clauses) {
      if (/^(but|so|however|although|though|yet|and)$/.test(c.toks[0]!)) scope = false;
      scope = scope || neg(c.toks);
      out.push({ ...c, negated: scope });
    }
  }
  return out;
}

/** Whether the reply does what the item says, by the strict keyword rule (or a fabrication shape). */
export function replyDoes(item: string, reply: string, brief: string): boolean {
  const concept = CONCEPTS.find((c) => c.trigger.test(item));
  if (concept) return concept.present(reply, brief);
  const { stems, negated } = itemSignature(item);
  const phrase = PHRASES.find((p) => p.trigger.test(item));
  if (phrase) return units(reply).some((u) => u.negated === negated && phrase.phrase.test(u.text));
  if (stems.length === 0) return false;
  const want = stems.map((st) => SYNONYMS[st] ?? st);
  const need = want.length <= 4 ? want.length : Math.ceil(want.length * 0.75); // short items: every content word
  return units(reply).some((u) => {
    if (u.negated !== negated) return false;
    const have = new Set(u.toks.map(lemma));
    return want.filter((st) => have.has(st)).length >= need;
  });
}

const JITTER = [0, -0.03, 0.02, -0.01, 0.03];

/**
 * A full v2 vote for the payload. `repetition` (0 for the first request with this exact prompt, 1 for the next…)
 * jitters the alignment a little, as repeated votes of a real judge would, while keeping every run reproducible.
 */
export function strictVote(p: JudgePayload, repetition = 0) {
  const items = Object.fromEntries(p.must_include.map((t) => [t, replyDoes(t, p.reply, p.customer_message)]));
  const violations = Object.fromEntries(p.must_not_include.map((t) => [t, replyDoes(t, p.reply, p.customer_message)]));
  const covered = Object.values(items).filter(Boolean).length;
  const present = Object.values(violations).filter(Boolean).length;
  const coverage = p.must_include.length ? covered / p.must_include.length : 1;
  const base = 0.2 + 0.75 * coverage - 0.3 * present;
  const alignment = Math.round(Math.min(1, Math.max(0, base + JITTER[repetition % JITTER.length]!)) * 100) / 100;
  return {
    items,
    violations,
    alignment,
    rationale: `strict grader: ${covered}/${p.must_include.length} required items found, ${present} violation(s)`,
  };
}
