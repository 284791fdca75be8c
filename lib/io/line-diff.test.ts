import { describe, expect, it } from "vitest";
import { diffLines } from "./line-diff";
import { exportVersion, previewExport } from "./export-preview";

const lines = (n: number, f = (i: number) => `line ${i}`) => `${Array.from({ length: n }, (_, i) => f(i + 1)).join("\n")}\n`;

describe("the export preview's line diff", () => {
  it("equal texts have no hunks", () => {
    expect(diffLines(lines(5), lines(5))).toEqual({ added: 0, removed: 0, hunks: "" });
  });

  it("a relabel is a one-line change with three lines of context, numbered as git numbers them", () => {
    const after = lines(20, (i) => (i === 10 ? "line 10 relabelled" : `line ${i}`));
    const d = diffLines(lines(20), after);
    expect([d.added, d.removed]).toEqual([1, 1]);
    expect(d.hunks.split("\n")).toEqual(["@@ -7,7 +7,7 @@", " line 7", " line 8", " line 9", "-line 10", "+line 10 relabelled", " line 11", " line 12", " line 13"]);
  });

  it("appended lines (a probe added in the workbench) and two distant changes as two hunks", () => {
    expect(diffLines(lines(3), lines(4)).hunks).toBe("@@ -1,3 +1,4 @@\n line 1\n line 2\n line 3\n+line 4");
    const after = lines(30, (i) => (i === 2 || i === 28 ? `changed ${i}` : `line ${i}`));
    expect(diffLines(lines(30), after).hunks.split("\n").filter((l) => l.startsWith("@@"))).toEqual(["@@ -1,5 +1,5 @@", "@@ -25,6 +25,6 @@"]);
  });

  it("a new file is all additions; the preview marks new, changed and unchanged files against the seeded text", () => {
    const files = [
      { path: "probes/h1.jsonl", text: lines(3), records: 3 },
      { path: "probes/h4.jsonl", text: lines(2), records: 2 },
      { path: "probes/h9.jsonl", text: lines(1), records: 1 },
    ];
    const seeded: Record<string, string> = { "probes/h1.jsonl": lines(3), "probes/h4.jsonl": lines(1) };
    expect(previewExport(files, (p) => seeded[p] ?? null).map((f) => [f.path, f.status, f.added, f.removed])).toEqual([
      ["probes/h1.jsonl", "unchanged", 0, 0],
      ["probes/h4.jsonl", "changed", 1, 0],
      ["probes/h9.jsonl", "new", 1, 0],
    ]);
    expect(exportVersion(files)).toMatch(/^[0-9a-f]{16}$/);
    expect(exportVersion(files)).not.toBe(exportVersion([{ ...files[0]!, text: lines(4) }, ...files.slice(1)]));
  });
});
