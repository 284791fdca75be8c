import { ACTS, HEDGES, NEGATED_START, partsPattern, QUESTION_START, VAGUE, VAGUE_EXEMPT, wordsPattern } from "./item-words";

// SPEC §5 / seed 002 runbook: every must_include / must_not_include item is one claim a judge can answer yes/no on its
// own. checkItem reports what stops that, with how to fix it; it never rewrites the item.
//
// This is the ONE set of item rules. The authoring form (/golden, case pages, export) shows checkCaseItems' findings,
// and golden/judge-suites.test.ts fails on suiteItemProblems, which is the same findings as lines: every finding is an
// error for the suite test, so an item is clean in the form exactly when the suite test accepts it.
//
// Accepted as ONE claim: alternatives or objects inside one act ("asks whether the customer means a deposit, a
// withdrawal or a transfer"), and anything inside double quotes (lists "deposit funds, deposit marginable securities,
// or close positions" — the quoted words are the reply's, judged as a whole). Flagged as MORE: a further act joined by
// "and"/"or"/"while"/a comma ("states the fee and offers a waiver"), "and also …" ("states the fee and also the
// cut-off"), two statements ("… is X and the Y is Z"), ";", "as well as", "both", "and/or". If each option of a list
// matters on its own, split it anyway (sup-001 does).

export const ITEM_FINDING_CODES = ["empty", "too_short", "too_long", "compound", "vague", "hedge", "question", "negated", "cross_reference", "no_act"] as const;
export type ItemFindingCode = (typeof ITEM_FINDING_CODES)[number];
export type ItemFinding = { code: ItemFindingCode; message: string; /** The words that triggered it, for highlighting. */ match?: string };
export type ItemKind = "must_include" | "must_not_include";

export const ITEM_MAX_LENGTH = 160;
const MIN_WORDS = 3;

const ACT = `(?:${ACTS.join("|")})`;
const AUX = "(?:is|are|was|were|will|would|must|can|cannot|can't|may|might|should|has|have|had|does|do|did|won't|isn't|aren't)";
const SUBJECT = "(?:the|a|an|it|they|this|that|zoomberg|we|he|she|their|its|his|her|there)";
const JOINED_ACT = new RegExp(`(?:,\\s*(?:(?:and|or|but|then|while)\\s+)?|\\s+(?:and|or|but|then|while)\\s+)(?:also\\s+|then\\s+)?(${ACT})\\b`, "gi");
// "states the fee and also the cut-off": "also" after a joiner adds a second claim even without a second act.
const JOINED_ALSO = /(?:,\s*(?:(?:and|or|but)\s+)?|\s+(?:and|or|but)\s+)also\s+/i;
const JOINED_CLAUSE = new RegExp(`\\s(and|or|but)\\s+${SUBJECT}\\b(?:\\s+[\\w'%$.-]+){0,3}?\\s+${AUX}\\b`, "i");
const BOTH_AND = /\bboth\s+(.+?)\s+and\s+(.+)$/i;
// docs/GOLDEN.md rule 4: the judge sees each item alone. "and also offers" is reported as compound, "as well as" too.
const CROSS_REFERENCE = /(?<!(?:\band|\bor|\bbut|,)\s+)\balso\b|\bas well\b(?!\s+as\b)|\b(?:as above|the above|(?:the )?previous item|same as (?:above|before|the other)|see above)\b/i;
// Any other "same as …" too: what it compares with (another item, last year's fee) is not in the reply.
const SAME_AS = /\bsame as\b/i;
// docs/GOLDEN.md rule 2: an item opens with the reply's act in the third person ("states", "asks", "offers").
const NOT_ACTS = new Set(["is", "was", "has", "does", "this", "its", "his", "hers", "yes", "less", "always", "thus", "plus", "unless", "us", "as"]);

/** Findings for one item; empty when it reads as one judgeable claim. `kind` sharpens the negated-item advice. */
export function checkItem(text: string, kind?: ItemKind): ItemFinding[] {
  const t = text.trim().replace(/\s+/g, " ");
  if (!t) return [{ code: "empty", message: 'the item is empty: write one claim about the reply, e.g. "states the 2 p.m. ET wire cut-off"' }];
  const out: ItemFinding[] = [];
  if (t.split(" ").length < MIN_WORDS) out.push({ code: "too_short", message: `"${t}" is too short to judge: say what the reply does and about what, e.g. "states the 2 p.m. ET wire cut-off"` });
  if (t.length > ITEM_MAX_LENGTH) out.push({ code: "too_long", message: `${t.length} characters is more than one claim needs (max ${ITEM_MAX_LENGTH}): keep the checkable act and move background to the case notes` });
  // Quoted reply words, then hedges, are blanked (same length) so the later checks do not read them twice.
  const quoted = blank(t, /"[^"]*"|“[^”]*”/g, 1);
  const hedges = [...quoted.matchAll(wordsPattern(HEDGES))];
  const plain = blank(quoted, wordsPattern(HEDGES));
  out.push(...compound(t, plain));
  for (const h of hedges) out.push({ code: "hedge", match: h[0], message: `"${h[0]}" leaves open when the item applies or what counts: state exactly what the reply must ${kind === "must_not_include" ? "not " : ""}do, or drop the qualifier` });
  // "as well (as)" is a joiner, reported as compound above, not the vague "well". A vague word inside a hyphenated
  // compound counts too ("well-known", "clear-cut").
  for (const v of blank(blank(plain, partsPattern(VAGUE_EXEMPT)), /\bas well(?: as)?\b/gi).matchAll(partsPattern(VAGUE))) {
    out.push({ code: "vague", match: v[0], message: `"${v[0]}" is a judgement the judge cannot check: name the observable act instead (what the reply states, asks or offers)` });
  }
  const cross = CROSS_REFERENCE.exec(plain) ?? SAME_AS.exec(plain);
  if (cross) {
    const message = /^same as$/i.test(cross[0])
      ? '"same as" compares with something the judge does not see (another item, the brief, an earlier fee): state the fact itself, e.g. "states that the wire fee is $25"'
      : `"${cross[0]}" leans on another item, but the judge sees each item alone: restate what it refers to`;
    out.push({ code: "cross_reference", match: cross[0], message });
  }
  const question = quoted.endsWith("?") || QUESTION_START.test(quoted);
  if (question) out.push({ code: "question", message: `write a statement about the reply, not a question: ${questionHint(t)}` });
  const neg = NEGATED_START.exec(quoted);
  if (neg) {
    const positive = positiveOf(neg[0], t.slice(neg[0].length).trim());
    const example = positive ? `: "${positive}"` : ' (e.g. "never promises a date" → "promises a date")';
    // In must_not_include a negation is a double negative: the author meant the act itself, in the same list.
    const message =
      kind === "must_not_include"
        ? `a negated must_not_include item is a double negative (it would forbid not doing it): keep it in must_not_include as the act itself${example}`
        : `a negated item is hard to judge (a reply that says nothing satisfies it): put the act itself in ${kind === "must_include" ? "must_not_include" : "must_not_include, not negated"}${example}`;
    out.push({ code: "negated", match: neg[0], message });
  }
  const first = /^[^\s,;]+/.exec(quoted)![0].toLowerCase();
  if (!question && !neg && cross?.index !== 0 && !out.some((f) => f.code === "too_short") && (!/^[a-z]+s$/.test(first) || NOT_ACTS.has(first))) {
    out.push({ code: "no_act", match: first, message: 'start with what the reply does, in the third person: "states …", "asks …", "offers …" (e.g. "the fee is $25" → "states that the wire fee is $25")' });
  }
  return out;
}

/** Findings for every item of a case, in list order, with the item's position for the form. */
export function checkCaseItems(c: { must_include: readonly string[]; must_not_include: readonly string[] }): Array<{ kind: ItemKind; index: number; text: string; findings: ItemFinding[] }> {
  return (["must_include", "must_not_include"] as const).flatMap((kind) => c[kind].map((text, index) => ({ kind, index, text, findings: checkItem(text, kind) })));
}

/**
 * The golden suite gate (golden/judge-suites.test.ts): one line per finding of checkCaseItems, empty when every item of
 * every case passes. Every finding fails the suite test, so it rejects an item exactly when the authoring form shows that
 * item a finding: there is no second rule set to drift from.
 */
export function suiteItemProblems(cases: ReadonlyArray<{ id: string; must_include: readonly string[]; must_not_include: readonly string[] }>): string[] {
  return cases.flatMap((c) => checkCaseItems(c).flatMap((i) => i.findings.map((f) => `${c.id} ${i.kind}[${i.index}] "${i.text}": ${f.code}: ${f.message}`)));
}

/** At most one compound finding, naming the joiner and the items to split into. `m` is `t` with quotes and hedges blanked. */
function compound(t: string, m: string): ItemFinding[] {
  const split = (joiner: string, ...parts: string[]): ItemFinding[] => {
    const items = parts.map((p) => `"${p.trim().replace(/^(and|or|but|then|while)\s+/i, "").replace(/[,;.]$/, "")}"`);
    return [{ code: "compound", match: joiner, message: `more than one claim (joined by "${joiner}"): split into ${items.length} items: ${items.slice(0, -1).join(", ")} and ${items.at(-1)}` }];
  };
  const act = /^\S+/.exec(t)![0];
  if (/\band\/or\b/i.test(m)) return [{ code: "compound", match: "and/or", message: '"and/or" hides two items: write one item for each case you mean' }];
  if (m.includes(";")) {
    // "mentions the fee; the cut-off" → the second part borrows the act when it starts with a noun phrase.
    const parts = cut(t, [...m.matchAll(/;/g)].map((x) => [x.index, x.index + 1])).map((p, i) => (i > 0 && /^\s*(the|a|an|its|their|his|her|any|that|this)\b/i.test(p) ? `${act} ${p.trim()}` : p));
    return split(";", ...parts);
  }
  const asWell = /\s+as well as\s+/i.exec(m);
  if (asWell) return split("as well as", t.slice(0, asWell.index), `${act} ${t.slice(asWell.index + asWell[0].length)}`);
  const both = BOTH_AND.exec(m);
  if (both) {
    const head = t.slice(0, both.index).trim();
    return split("both … and", `${head} ${t.substr(both.index + 5, both[1]!.length)}`, `${head} ${t.slice(t.length - both[2]!.length)}`);
  }
  if (/\bboth\b/i.test(m)) return [{ code: "compound", match: "both", message: '"both" covers two things: write one item for each, so each can be judged on its own' }];
  const acts = [...m.matchAll(JOINED_ACT)];
  if (acts.length) {
    const joiner = acts[0]![0].trim().replace(/\s+/g, " ");
    return split(joiner, ...cut(t, acts.map((x) => [x.index, x.index + x[0].length - x[1]!.length])));
  }
  const also = JOINED_ALSO.exec(m);
  if (also) return split(also[0].trim().replace(/\s+/g, " "), t.slice(0, also.index), `${act} ${t.slice(also.index + also[0].length)}`);
  const clause = JOINED_CLAUSE.exec(m);
  if (clause) {
    const lead = /^\S+\s+that\b/i.exec(t)?.[0] ?? act;
    return split(clause[1]!, t.slice(0, clause.index), `${lead} ${t.slice(clause.index + clause[1]!.length + 2)}`);
  }
  return [];
}

/** Cuts `t` around each [start, end) joiner span. */
function cut(t: string, spans: Array<[number, number]>): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const [s, e] of spans) {
    parts.push(t.slice(from, s));
    from = e;
  }
  return [...parts, t.slice(from)];
}

/** Replaces each match with spaces of the same length (keeping `keep` characters at each end), so offsets survive. */
function blank(t: string, re: RegExp, keep = 0): string {
  return t.replace(re, (x) => x.slice(0, keep) + " ".repeat(x.length - 2 * keep) + x.slice(x.length - keep));
}

/** "Does the reply mention the fee?" → "mentions the fee"; otherwise a generic example. Advice only. */
function questionHint(t: string): string {
  const m = /^(?:does|did)\s+(?:the\s+)?(?:reply|agent|response|assistant|answer)\s+(\w+)(.*?)\??$/i.exec(t);
  return m ? `"${thirdPerson(m[1]!)}${m[2]}"` : 'e.g. "mentions the wire fee" rather than "Does the reply mention the wire fee?"';
}

/** The positive act of a negated item, when it can be read off: "does not promise a date" → "promises a date". */
function positiveOf(negation: string, rest: string): string | null {
  if (!rest) return null;
  if (/^(does not|doesn't|do not|don't|did not)$/i.test(negation)) {
    const [verb, ...tail] = rest.split(" ");
    return [thirdPerson(verb!), ...tail].join(" ");
  }
  return /^(never|not)$/i.test(negation) ? rest : null;
}

function thirdPerson(verb: string): string {
  const v = verb.toLowerCase();
  return /(s|sh|ch|x|z|o)$/.test(v) ? `${v}es` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ies` : `${v}s`;
}
