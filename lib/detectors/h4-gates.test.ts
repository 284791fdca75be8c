import { describe, expect, it } from "vitest";
import { CORPUS_TEXTS, matches } from "../testing/detector-corpus";
import { sentenceSpans } from "./text";
import { anyTrigger, triggerGate } from "./h4-general";
import { H4_RULES } from "./h4-patterns";

const sentences = CORPUS_TEXTS.flatMap((t) => sentenceSpans(t).map((s) => t.slice(s.start, s.end)));


describe("H4 gates only skip what their regex would not match", () => {
  it("every sentence a gated rule matches passes its gate", () => {
    const gated = H4_RULES.filter((r) => r.gate);
    expect(gated.length).toBeGreaterThan(0);
    for (const rule of gated) {
      let seen = 0;
      for (const s of sentences) {
        if (!matches(rule.re, s)) continue;
        seen++;
        expect(matches(rule.gate as RegExp, s), `${rule.reason}: ${s}`).toBe(true);
      }
      expect(seen, `${rule.reason} matches somewhere in the corpus`).toBeGreaterThan(0);
    }
  });

  it("every sentence the general test's trigger matches passes its gate", () => {
    let seen = 0;
    for (const s of sentences) {
      if (!anyTrigger(s)) continue;
      seen++;
      expect(triggerGate(s), s).toBe(true);
    }
    expect(seen).toBeGreaterThan(100);
  });
});
