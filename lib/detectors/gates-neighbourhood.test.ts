// The gates' soundness beyond the corpus: every sentence a gated regex matches is mutated (a word dropped, repeated,
// swapped, re-cased or inserted, a mark changed) and wherever the regex still matches, its gate must pass too. The
// corpus tests (h1-gates, h4-gates) check the text we have; this checks the text a model could write next to it.
import { describe, expect, it } from "vitest";
import { CORPUS_TEXTS, matches } from "../testing/detector-corpus";
import { buildDoc, keywordId, sentenceHas } from "./doc";
import { H1_CLAUSE_GATES } from "./h1-assertion";
import { H1_DETAIL_GATES } from "./h1-details";
// Registers the rules' second and first-alternative words with the shared scan, as scoring does.
import "./h1-disclosure";
import { H1_RULES, NO_ACTIVITY_AUX, ZOOMBERG_DID } from "./h1-patterns";
import { anyTrigger, triggerGate } from "./h4-general";
import { H4_RULES } from "./h4-patterns";
import { sentenceSpans } from "./text";

const sentences = [...new Set(CORPUS_TEXTS.flatMap((t) => sentenceSpans(t).map((s) => t.slice(s.start, s.end))))];
const POOL = [...new Set(sentences.flatMap((s) => s.split(/\s+/)))].filter((w) => w.length > 0).sort();
const MARKS = [",", ";", ":", " -", "'s", "'re", "n't", "!", "?", "\n", "  ", "\t"];


function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
}

/** One small edit of a sentence, of the kinds a model's wording varies by. */
function mutate(s: string, r: () => number): string {
  const words = s.split(" ");
  const i = Math.floor(r() * words.length);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T;
  switch (Math.floor(r() * 7)) {
    case 0:
      words.splice(i, 1);
      break;
    case 1:
      words.splice(i, 0, words[i] ?? "");
      break;
    case 2:
      if (i + 1 < words.length) [words[i], words[i + 1]] = [words[i + 1] as string, words[i] as string];
      break;
    case 3:
      words[i] = r() < 0.5 ? (words[i] ?? "").toUpperCase() : (words[i] ?? "").replace(/^./, (c) => c.toUpperCase());
      break;
    case 4:
      words.splice(i, 0, pick(POOL));
      break;
    case 5:
      words[i] = `${words[i] ?? ""}${pick(MARKS)}`;
      break;
    default:
      words[i] = pick(POOL);
  }
  return words.join(" ");
}

/** Mutants of every sentence the regex matches, a few edits deep, that it still matches. */
function neighbours(re: RegExp, seed: number, perSentence = 40): string[] {
  const r = rng(seed);
  const out: string[] = [];
  for (const s of sentences) {
    if (!matches(re, s)) continue;
    for (let k = 0; k < perSentence; k++) {
      let m = s;
      for (let depth = 1 + Math.floor(r() * 3); depth > 0; depth--) m = mutate(m, r);
      if (matches(re, m)) out.push(m);
    }
  }
  return out;
}

describe("gates hold on text near the corpus, not only on the corpus", () => {
  it("H1's clause and read-out gates pass wherever their regex matches a mutated sentence", () => {
    let checked = 0;
    [...H1_CLAUSE_GATES, ...H1_DETAIL_GATES].forEach((g, n) => {
      for (const m of neighbours(g.re, 101 + n)) {
        checked++;
        expect(g.gate(m.toLowerCase()), `${g.name}: ${JSON.stringify(m)}`).toBe(true);
      }
    });
    expect(checked).toBeGreaterThan(500);
  });

  it("H1 rules gated by second words or run without their first alternative keep every match on mutated sentences", () => {
    const all = (re: RegExp, s: string) => [...s.matchAll(re)].map((m) => `${m.index}:${m[0]}`).join(",");
    let checked = 0;
    H1_RULES.forEach((rule, n) => {
      // Only these second words are gates; others (STATUS_WORDS beside "is on hold") narrow a rule on purpose.
      const needs = (rule.alsoNeeds === ZOOMBERG_DID || rule.alsoNeeds === NO_ACTIVITY_AUX) && new Set(rule.alsoNeeds.map(keywordId));
      const first = rule.firstNeeds && { ids: new Set(rule.firstNeeds.words.map(keywordId)), rest: rule.firstNeeds.rest };
      if (!needs && !first) return;
      for (const m of neighbours(rule.re, 301 + n)) {
        const doc = buildDoc(m);
        doc.sentences.forEach((sp, s) => {
          const text = doc.text.slice(sp.start, sp.end);
          if (!matches(rule.re, text)) return;
          checked++;
          if (needs) expect(sentenceHas(doc, s, needs), `${rule.reason}: ${JSON.stringify(text)}`).toBe(true);
          if (first && all(rule.re, text) !== all(first.rest, text)) expect(sentenceHas(doc, s, first.ids), `${rule.reason}: ${JSON.stringify(text)}`).toBe(true);
        });
      }
    });
    expect(checked).toBeGreaterThan(100);
  });

  it("H4's rule gates and the general test's trigger gate pass wherever their regex matches a mutated sentence", () => {
    let checked = 0;
    H4_RULES.forEach((rule, n) => {
      if (!rule.gate) return;
      for (const m of neighbours(rule.re, 501 + n)) {
        checked++;
        expect(matches(rule.gate, m), `${rule.reason}: ${JSON.stringify(m)}`).toBe(true);
      }
    });
    const r = rng(7);
    for (const s of sentences) {
      if (!anyTrigger(s)) continue;
      for (let k = 0; k < 20; k++) {
        const m = mutate(mutate(s, r), r);
        if (!anyTrigger(m)) continue;
        checked++;
        expect(triggerGate(m), JSON.stringify(m)).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
