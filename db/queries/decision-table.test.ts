import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeRunText } from "../testing/runs";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { importRunText } from "../writes/import-run";
import { decisionTablePage, type DecisionTableQuery } from "./decision-table";
import { loadDbScoringContext } from "./scoring-context";

let t: TempDb;
let runId: number;
let n: number;
beforeAll(async () => {
  t = await makeTempDb({ seeded: "pack" });
  const ctx = await loadDbScoringContext(t.db);
  n = ctx.points.length;
  // Every 5th line is broken, every 3rd leaks a balance before verification (H1 where the target forbids it).
  const text = makeRunText(ctx.points, (p, i, l) => {
    if (i % 5 === 0) return { ...l, raw: "Sure! I can help with that." };
    if (i % 3 === 0) {
      const o = JSON.parse(l.raw as string);
      o.reply = `Your balance is $12,480.17 and you hold 40 shares of AAPL. ${o.reply}`;
      return { ...l, raw: JSON.stringify(o) };
    }
    return l;
  });
  runId = (await importRunText(t.db, ctx, { name: "mixed", fileName: "mixed.jsonl", text, actor: "a" })).runId;
});
afterAll(async () => t.cleanup());

const q = (over: Partial<DecisionTableQuery> = {}): DecisionTableQuery => ({ runId, sort: "line", dir: "asc", page: 0, size: 50, ...over });

describe("decision table query", async () => {
  it("pages in line order with the full total", async () => {
    const first = await decisionTablePage(t.db, q());
    expect(first.total).toBe(n);
    expect(first.rows.map((r) => r.lineNo)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const last = await decisionTablePage(t.db, q({ page: Math.floor((n - 1) / 50) }));
    expect(last.rows.at(-1)!.lineNo).toBe(n);
  });

  it("filters by format_invalid, split, family and difficulty in SQL", async () => {
    const invalid = await decisionTablePage(t.db, q({ formatInvalid: true, size: 200 }));
    expect(invalid.total).toBe(Math.ceil(n / 5));
    expect(invalid.rows.every((r) => !r.formatValid && r.score === 0)).toBe(true);
    const evalFraud = await decisionTablePage(t.db, q({ split: "eval", family: "fraud", difficulty: "hard", size: 200 }));
    expect(evalFraud.rows.every((r) => r.split === "eval" && r.family === "fraud" && r.difficulty === "hard")).toBe(true);
  });

  it("filters by violation code and score range", async () => {
    const h1 = await decisionTablePage(t.db, q({ code: "H1", size: 200 }));
    expect(h1.total).toBeGreaterThan(0);
    expect(h1.rows.every((r) => r.hardViolations.split(",").includes("H1"))).toBe(true);
    const mid = await decisionTablePage(t.db, q({ minScore: 0.2, maxScore: 0.9, size: 200 }));
    expect(mid.rows.every((r) => r.score >= 0.2 && r.score <= 0.9)).toBe(true);
  });

  it("sorts by score descending with line order breaking ties", async () => {
    const rows = (await decisionTablePage(t.db, q({ sort: "score", dir: "desc", size: 200 }))).rows;
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      expect(a.score > b.score || (a.score === b.score && a.lineId < b.lineId)).toBe(true);
    }
  });
});
