import { describe, expect, it } from "vitest";
import { CORPUS_TEXTS, matches } from "../testing/detector-corpus";
import { AMOUNT, AMOUNT_IN_DIGITS, amountPattern } from "./amounts";
import { buildDoc, clausesOf, keywordId, sentenceHas, type Doc } from "./doc";
import { ACCOUNT_THING, ACCOUNT_THING_AFTER, ACCOUNT_THING_WORDS, H1_CLAUSE_GATES, byFirstChar } from "./h1-assertion";
import { H1_DETAIL_GATES } from "./h1-details";
import "./h1-disclosure";
import { H1_RULES, NO_ACTIVITY_AUX, ZOOMBERG_DID } from "./h1-patterns";

// The corpus, each text analysed as a reply.
const docs: Doc[] = CORPUS_TEXTS.map(buildDoc);

type Piece = { text: string; lower: string };
const slice = (doc: Doc, start: number, end: number): Piece => ({ text: doc.text.slice(start, end), lower: doc.lower.slice(start, end) });
const sentences: Piece[] = docs.flatMap((doc) => doc.sentences.map((sp) => slice(doc, sp.start, sp.end)));
// The general test reads clause by clause; anchored regexes (ITS, THEY) match a clause's start, not the sentence's.
const clauses: Piece[] = docs.flatMap((doc) => doc.sentences.flatMap((_, s) => clausesOf(doc, s).map((c) => slice(doc, c.start, c.end))));


/** How many pieces the gated regex matches; fails on the first match whose piece does not pass the gate. */
function checkGate(name: string, re: RegExp, gate: (lower: string) => boolean, pieces: Piece[]): number {
  let seen = 0;
  for (const p of pieces) {
    if (!matches(re, p.text)) continue;
    seen++;
    expect(gate(p.lower), `${name}: ${p.text}`).toBe(true);
  }
  return seen;
}

describe("H1 gates only skip what their regex would not match", () => {
  it("every sentence and clause a gated general-test regex matches passes its gate", () => {
    let total = 0;
    for (const g of H1_CLAUSE_GATES) total += checkGate(g.name, g.re, g.gate, sentences) + checkGate(g.name, g.re, g.gate, clauses);
    expect(total).toBeGreaterThan(50);
  });

  it("every sentence a gated read-out regex matches passes its gate", () => {
    let total = 0;
    for (const g of H1_DETAIL_GATES) total += checkGate(g.name, g.re, g.gate, sentences);
    expect(total).toBeGreaterThan(5);
  });

  // Only the second words meant as gates: others (STATUS_WORDS beside "is on hold") narrow a rule on purpose.
  it("every sentence a rule gated by its second words matches holds one of them as a scanned keyword", () => {
    const needy = H1_RULES.filter((r) => r.alsoNeeds === ZOOMBERG_DID || r.alsoNeeds === NO_ACTIVITY_AUX);
    expect(needy.length).toBe(2);
    for (const rule of needy) {
      const ids = new Set((rule.alsoNeeds as string[]).map(keywordId));
      let seen = 0;
      for (const doc of docs) {
        doc.sentences.forEach((sp, s) => {
          if (!matches(rule.re, doc.text.slice(sp.start, sp.end))) return;
          seen++;
          expect(sentenceHas(doc, s, ids), `${rule.reason}: ${doc.text.slice(sp.start, sp.end)}`).toBe(true);
        });
      }
      expect(seen, `${rule.reason} matches somewhere in the corpus`).toBeGreaterThan(0);
    }
  });

  it("ACCOUNT_THING grouped by first character finds exactly the flat list's matches", () => {
    const flat = new RegExp(`\\b(?:${ACCOUNT_THING_WORDS.join("|")})\\b${ACCOUNT_THING_AFTER}`, "gi");
    expect(ACCOUNT_THING.source).toContain(byFirstChar(ACCOUNT_THING_WORDS));
    const all = (re: RegExp, s: string) => [...s.matchAll(re)].map((m) => `${m.index}:${m[0]}`).join(",");
    let seen = 0;
    for (const p of [...sentences, ...clauses]) {
      const found = all(flat, p.text);
      if (found !== "") seen++;
      expect(all(ACCOUNT_THING, p.text), p.text).toBe(found);
    }
    expect(seen).toBeGreaterThan(1000);
  });

  it("AMOUNT without its worded shape finds the same amounts wherever the text has no \"dollars\"", () => {
    const all = (re: RegExp, s: string) => [...s.matchAll(re)].map((m) => `${m.index}:${m[0]}`).join(",");
    let worded = 0;
    for (const doc of docs) {
      for (const sp of doc.sentences) {
        const text = doc.text.slice(sp.start, sp.end);
        if (all(AMOUNT, text) === all(AMOUNT_IN_DIGITS, text)) continue;
        worded++;
        expect(amountPattern(doc.lower, sp.start, sp.end), text).toBe(AMOUNT);
      }
    }
    expect(worded).toBeGreaterThan(0);
  });

  it("a rule run without its first alternative finds the same matches wherever the sentence lacks that alternative's words", () => {
    const split = H1_RULES.filter((r) => r.firstNeeds);
    expect(split.length).toBeGreaterThan(0);
    const all = (re: RegExp, s: string) => [...s.matchAll(re)].map((m) => `${m.index}:${m[0]}`).join(",");
    for (const rule of split) {
      const { words, rest } = rule.firstNeeds as { words: string[]; rest: RegExp };
      const ids = new Set(words.map(keywordId));
      let first = 0;
      for (const doc of docs) {
        doc.sentences.forEach((sp, s) => {
          const text = doc.text.slice(sp.start, sp.end);
          if (all(rule.re, text) === all(rest, text)) return;
          first++;
          expect(sentenceHas(doc, s, ids), `${rule.reason}: ${text}`).toBe(true);
        });
      }
      expect(first, `${rule.reason}: its first alternative matches somewhere in the corpus`).toBeGreaterThan(0);
    }
  });
});
