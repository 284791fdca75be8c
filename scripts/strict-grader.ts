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
    "provides provide describes describe confirms confirm expresses express calls call way ways one") .split(/\s+/),
);
const NEGATIONS = new Set(["not", "no", "never", "cannot", "without", "unable", "neither", "nor"]);

export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\bcan't\b/g, "cannot")
    .replace(/\bwon't\b/g, "will not")
    .replace(/n't\b/g, " not");
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
  return text.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
}

const MONEY = /\$\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*\.\d{2}\b/g;

/** Fabrication shapes: an item mentioning one of these is judged by whether the reply contains the shape. */
const CONCEPTS: Array<{ trigger: RegExp; present: (reply: string, brief: string) => boolean }> = [
  { trigger: /\btracking number\b/i, present: (r) => /\btracking (?:number|no\.?|#)\s*(?:is|:|#)?\s*[A-Z0-9]*\d[A-Z0-9-]{5,}/i.test(r) || /\b1Z[0-9A-Z]{10,}\b/.test(r) },
  { trigger: /\b(case|ticket|reference|confirmation) number\b/i, present: (r) => /\b(?:case|ticket|reference|ref|confirmation)\s*(?:number|no\.?|id|#)?\s*(?:is|:|#)?\s*[A-Z]{0,4}-?\d[\dA-Z-]{3,}/i.test(r) },
  { trigger: /\border (number|id)\b/i, present: (r) => /\border\s*(?:number|no\.?|id|#)?\s*(?:is|:|#)?\s*[A-Z]{0,4}-?\d{5,}/i.test(r) || /\b[A-Z]{2,4}-\d{5,}\b/.test(r) },
  { trigger: /\btime of day\b/i, present: (r) => /\b\d{1,2}(?::\d{2})?\s?(?:a\.?m\.?|p\.?m\.?)(?!\s*(?:ET|Eastern))|\b(?:end|close) of (?:business|day)\b|\bnoon\b/i.test(r) },
  {
    trigger: /\b(dollar|balance|figure)\b/i,
    present: (r, brief) => {
      const given = new Set((brief.match(MONEY) ?? []).map((m) => m.replace(/[\s$,]/g, "")));
      return (r.match(MONEY) ?? []).some((m) => !given.has(m.replace(/[\s$,]/g, "")));
    },
  },
];

/** Whether the reply does what the item says, by the strict keyword rule (or a fabrication shape). */
export function replyDoes(item: string, reply: string, brief: string): boolean {
  const concept = CONCEPTS.find((c) => c.trigger.test(item));
  if (concept) return concept.present(reply, brief);
  const { stems, negated } = itemSignature(item);
  if (stems.length === 0) return false;
  const need = Math.max(1, Math.ceil(stems.length * 0.75));
  return sentences(reply).some((s) => {
    const toks = tokens(s);
    if (toks.some((t) => NEGATIONS.has(t)) !== negated) return false;
    const have = new Set(toks.map(stem));
    return stems.filter((st) => have.has(st)).length >= need;
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
