import { describe, expect, it } from "vitest";
import { tokenize, wordDiff } from "./word-diff";

const cut = (text: string, ranges: Array<{ start: number; end: number }>) => ranges.map((r) => text.slice(r.start, r.end));

describe("word diff of two replies", () => {
  it("identical replies (whitespace aside) have no changes", () => {
    const d = wordDiff("We will call you back.", "We  will call\nyou back.");
    expect(d.removed).toEqual([]);
    expect(d.added).toEqual([]);
    expect(d.ops).toEqual([{ op: "equal", text: "We will call you back ." }]);
  });

  it("marks a replaced phrase as removed in the baseline and added in the candidate, with offsets into each text", () => {
    const base = "Your refund arrives within 2 business days.";
    const cand = "Your refund arrives within 24 hours, guaranteed.";
    const d = wordDiff(base, cand);
    expect(cut(base, d.removed)).toEqual(["2 business days"]);
    expect(cut(cand, d.added)).toEqual(["24 hours, guaranteed"]); // neighbouring words merge, the comma with them
    expect(d.ops).toEqual([
      { op: "equal", text: "Your refund arrives within" },
      { op: "delete", text: "2 business days" },
      { op: "insert", text: "24 hours , guaranteed" },
      { op: "equal", text: "." },
    ]);
    expect(d.gaveUp).toBe(false);
  });

  it("an insertion only adds; a deletion only removes", () => {
    const d1 = wordDiff("Please verify your identity.", "Please first verify your identity.");
    expect(cut("Please first verify your identity.", d1.added)).toEqual(["first"]);
    expect(d1.removed).toEqual([]);
    const d2 = wordDiff("I recommend selling now, then call us.", "Then call us.");
    expect(cut("I recommend selling now, then call us.", d2.removed)).toEqual(["I recommend selling now, then"]);
    expect(cut("Then call us.", d2.added)).toEqual(["Then"]); // case counts: "then" ≠ "Then"
  });

  it("empty sides: everything added or everything removed", () => {
    expect(cut("All new text", wordDiff("", "All new text").added)).toEqual(["All new text"]);
    expect(cut("Gone", wordDiff("Gone", "").removed)).toEqual(["Gone"]);
  });

  it("is a shortest script: the kept words are a longest common subsequence", () => {
    const a = "a b c a b b a";
    const b = "c b a b a c";
    const d = wordDiff(a, b);
    const kept = d.ops.filter((o) => o.op === "equal").flatMap((o) => o.text.split(" "));
    expect(kept).toHaveLength(4); // LCS of ABCABBA and CBABAC has length 4
    const deleted = d.ops.filter((o) => o.op === "delete").flatMap((o) => o.text.split(" ")).length;
    const inserted = d.ops.filter((o) => o.op === "insert").flatMap((o) => o.text.split(" ")).length;
    expect(deleted + inserted).toBe(5);
  });

  it("past the edit limit it gives up and marks both replies whole rather than align badly", () => {
    const a = Array.from({ length: 50 }, (_, i) => `x${i}`).join(" ");
    const b = Array.from({ length: 50 }, (_, i) => `y${i}`).join(" ");
    const d = wordDiff(a, b, 10);
    expect(d.gaveUp).toBe(true);
    expect(cut(a, d.removed)).toEqual([a]);
    expect(cut(b, d.added)).toEqual([b]);
  });

  it("tokens are words (apostrophes inside) and single punctuation marks", () => {
    expect(tokenize("We'll send it, 2 days.").map((t) => t.text)).toEqual(["We'll", "send", "it", ",", "2", "days", "."]);
  });
});
