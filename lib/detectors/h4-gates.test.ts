import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { sentenceSpans } from "./text";
import { anyTrigger, triggerGate } from "./h4-general";
import { H4_RULES } from "./h4-patterns";

// Every reply and customer message the repository holds, split into sentences: the corpus the gates are checked on.
const texts = [
  ...readdirSync("probes").filter((f) => f.endsWith(".jsonl")).flatMap((f) => readFileSync(`probes/${f}`, "utf8").split("\n").filter(Boolean).flatMap((l) => {
    const p = JSON.parse(l) as { reply: string; context: { customer_message: string } };
    return [p.reply, p.context.customer_message];
  })),
  ...readdirSync("golden/runs").filter((f) => f.endsWith(".jsonl")).flatMap((f) => readFileSync(`golden/runs/${f}`, "utf8").split("\n").filter(Boolean).map((l) => (JSON.parse(l) as { raw: string }).raw)),
];
const sentences = texts.flatMap((t) => sentenceSpans(t).map((s) => t.slice(s.start, s.end)));

const matches = (re: RegExp, s: string) => {
  re.lastIndex = 0;
  const hit = re.test(s);
  re.lastIndex = 0;
  return hit;
};

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
