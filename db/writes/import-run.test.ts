import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InputError } from "../../lib/io/input-error";
import { countRecordLines } from "../../lib/io/upload-limits";
import { createRunScorer } from "../../lib/scoring/score-run";
import { loadDbScoringContext, type DbScoringContext } from "../queries/scoring-context";
import { auditLog, decisionScores, runLines, runs } from "../schema";
import { makeRunText } from "../testing/runs";
import { processDialect } from "../env";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { importRunText, scoreRunText, scoreRunTextAsync, storedRows, storeScoredRun } from "./import-run";

let t: TempDb;
let ctx: DbScoringContext;
beforeAll(async () => {
  t = await makeTempDb({ seeded: "pack" });
  ctx = await loadDbScoringContext(t.db);
});
afterAll(async () => t.cleanup());

const counts = async () => ({
  runs: (await t.db.select({ n: count() }).from(runs))[0]!.n,
  lines: (await t.db.select({ n: count() }).from(runLines))[0]!.n,
  scores: (await t.db.select({ n: count() }).from(decisionScores))[0]!.n,
  audit: (await t.db.select({ n: count() }).from(auditLog))[0]!.n,
});

async function expectInputError(fn: () => unknown, line: number, field: string) {
  try {
    await fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).line).toBe(line);
    expect((e as InputError).field).toBe(field);
    return;
  }
  throw new Error("expected an InputError");
}

describe("importing a run", async () => {
  it("stores the report and per-decision scores the lib/ scorer computes on the same text", async () => {
    const text = makeRunText(ctx.points, (p, i, l) => (i % 7 === 0 ? { ...l, raw: "not json" } : l));
    const { runId } = await importRunText(t.db, ctx, { name: "reference", fileName: "reference.jsonl", text, actor: "alice" });
    const lib = createRunScorer({ file: "reference.jsonl", points: ctx.points, pack: ctx.pack, detectors: ctx.detectors, evalHash: ctx.evalHash });
    text.split("\n").forEach((l, i) => lib.addLine(l, i + 1));
    const { decisions, ...expected } = lib.finish();
    const [row] = await t.db.select().from(runs).where(eq(runs.id, runId));
    expect(row!.report).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(row!.createdBy).toBe("alice");
    const stored = await t.db.select({ decisionId: decisionScores.decisionId, score: decisionScores.score, strict: decisionScores.scoreStrict, valid: decisionScores.formatValid }).from(decisionScores).where(eq(decisionScores.runId, runId)).orderBy(decisionScores.lineId);
    expect(stored).toEqual(decisions.map((d) => ({ decisionId: d.decision_id, score: d.score, strict: d.score_strict, valid: d.format_valid })));
    expect(stored.filter((s) => !s.valid)).toHaveLength(Math.ceil(ctx.points.length / 7));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "run.import"));
    expect(audit.map((a) => [a.actor, a.entityId])).toEqual([["alice", String(runId)]]);
  });

  it("per-split breakdowns add up to the split summaries", async () => {
    const row = (await t.db.select().from(runs).where(eq(runs.name, "reference")))[0]!;
    for (const split of ["dev", "eval"] as const) {
      const fams = Object.values(row.splitBreakdowns[split].by_family);
      expect(fams.reduce((s, f) => s + f.n_decisions, 0)).toBe(row.report.splits[split].n_decisions);
      expect(fams.reduce((s, f) => s + (f.composite ?? 0) * f.n_decisions, 0)).toBeCloseTo((row.report.splits[split].composite ?? 0) * row.report.splits[split].n_decisions, 9);
    }
  });

  it("a bad line changes nothing and names its line and field", async () => {
    const before = await counts();
    const text = makeRunText(ctx.points, (p, i, l) => (i === 2 ? { ...l, thinking: "yes" } : l));
    await expectInputError(() => importRunText(t.db, ctx, { name: "broken", fileName: "broken.jsonl", text, actor: "alice" }), 3, "thinking");
    expect(await counts()).toEqual(before);
  });

  it("malformed JSON, an unknown decision id and a missing decision point are refused the same way", async () => {
    const before = await counts();
    await expectInputError(() => importRunText(t.db, ctx, { name: "x", fileName: "x.jsonl", text: makeRunText(ctx.points, (p, i, l) => (i === 4 ? "{oops" : l)), actor: "a" }), 5, "");
    await expectInputError(() => importRunText(t.db, ctx, { name: "x", fileName: "x.jsonl", text: makeRunText(ctx.points, (p, i, l) => (i === 0 ? { ...l, decision_id: "zzz-999-d1" } : l)), actor: "a" }), 1, "decision_id");
    await expectInputError(() => importRunText(t.db, ctx, { name: "x", fileName: "x.jsonl", text: makeRunText(ctx.points.slice(1)), actor: "a" }), 0, "decision_id");
    expect(await counts()).toEqual(before);
  });

  it("a duplicate run name is refused, even when it reaches the store step", async () => {
    const before = await counts();
    const scored = scoreRunText(makeRunText(ctx.points), "again.jsonl", ctx);
    await expect(storeScoredRun(t.db, { name: " reference ", fileName: "again.jsonl", actor: "bob" }, scored)).rejects.toThrow(/already exists/);
    expect(await counts()).toEqual(before);
  });

  it("keeps raw model text verbatim, markup included", async () => {
    const evil = '{"reply": "<script>alert(1)</script><img src=x onerror=alert(2)>", "action": {}}';
    const { runId } = await importRunText(t.db, ctx, { name: "markup", fileName: "markup.jsonl", text: makeRunText(ctx.points, (p, i, l) => (i === 0 ? { ...l, raw: evil } : l)), actor: "a" });
    expect((await t.db.select({ raw: runLines.raw }).from(runLines).where(eq(runLines.runId, runId)).orderBy(runLines.lineNo).limit(1))[0]!.raw).toBe(evil);
  });

  // PostgreSQL stores a run's rows with COPY's text format, where a backslash, tab, newline and "\\N" (NULL) mean
  // something: every stored field must read back as scored, on both dialects.
  it("stores every line and score field exactly as scored, COPY's special characters included", async () => {
    const tricky = (p: { decision_id: string }, i: number, l: Record<string, unknown>) => {
      // Backslashes and "\\N" as text (a JSON reply's escapes), and real control characters in a reply that is not JSON.
      if (i === 0) return { ...l, model: "\\N", sample: 3, raw: JSON.stringify({ reply: "C:\\tmp\\new \\N tab\there é 😀", action: {} }) };
      if (i === 1) return { decision_id: l.decision_id, thinking: l.thinking, raw: "not json:\ttab\nnew line\r\n\\N back\\slash\\" };
      // A reply a detector flags, so the JSON columns hold spans, not only empty records.
      if (i === 2) return { ...l, raw: JSON.stringify({ ...JSON.parse(l.raw as string), reply: "Your password is hunter2. I guarantee this fund returns 12% a year with no risk, so move everything into it today." }) };
      return l;
    };
    const text = makeRunText(ctx.points, tricky);
    const scored = scoreRunText(text, "tricky.jsonl", ctx);
    const runId = await storeScoredRun(t.db, { name: "tricky", fileName: "tricky.jsonl", actor: "a" }, scored);
    const lines = await t.db.select().from(runLines).where(eq(runLines.runId, runId)).orderBy(runLines.lineNo);
    // The rows the store meant to write, with the ids it gave; JSON columns read back as JSON text parses.
    const intended = scored.lines.map((l, i) => storedRows(runId, lines[i]!.id, l));
    expect(lines).toEqual(intended.map((r) => r.line));
    expect(lines[0]!.model).toBe("\\N");
    expect(lines[0]!.raw).toContain("\\\\N tab");
    expect(lines[1]!.model).toBeNull();
    expect(lines[1]!.raw).toBe("not json:\ttab\nnew line\r\n\\N back\\slash\\");
    const scores = await t.db.select().from(decisionScores).where(eq(decisionScores.runId, runId)).orderBy(decisionScores.lineId);
    expect(scores).toEqual(intended.map((r) => ({ ...r.score, hits: JSON.parse(JSON.stringify(r.score.hits)), cleared: JSON.parse(JSON.stringify(r.score.cleared)) })));
    // Some scores are fractions and some replies hit a detector, so the float and JSON columns are exercised too.
    expect(scores.some((s) => s.score !== null && !Number.isInteger(s.score))).toBe(true);
    expect(scores.some((s) => JSON.stringify(s.hits) !== "[]" && JSON.stringify(s.hits) !== "{}")).toBe(true);
  });

  it("a reply holding U+0000: SQLite keeps it verbatim; PostgreSQL, whose text cannot, refuses the run by line and field", async () => {
    const raw = "a reply with a NUL (\u0000) in it"; // a real U+0000 in the model's text, as a JSONL line escapes it
    const text = makeRunText(ctx.points, (p, i, l) => (i === 4 ? { ...l, raw } : l));
    const before = await counts();
    if (processDialect() === "postgres") {
      await expectInputError(() => importRunText(t.db, ctx, { name: "nul", fileName: "nul.jsonl", text, actor: "a" }), 5, "raw");
      expect(await counts()).toEqual(before);
    } else {
      const { runId } = await importRunText(t.db, ctx, { name: "nul", fileName: "nul.jsonl", text, actor: "a" });
      const [line] = await t.db.select({ raw: runLines.raw }).from(runLines).where(and(eq(runLines.runId, runId), eq(runLines.lineNo, 5)));
      expect(line!.raw).toBe(raw);
    }
  });

  it("the async scorer used by the upload route reports progress and gives the same result", async () => {
    const text = makeRunText(ctx.points);
    const seen: number[] = [];
    const a = await scoreRunTextAsync(text, "r.jsonl", ctx, (n) => seen.push(n), 50);
    const b = scoreRunText(text, "r.jsonl", ctx);
    expect(seen).toEqual([50, 100, 150, ctx.points.length]);
    expect(a.report).toEqual(b.report);
    expect(a.lines.length).toBe(b.lines.length);
  });

  it("a store that would hold fewer lines than the file is refused whole (issue 26)", async () => {
    const before = await counts();
    const text = makeRunText(ctx.points);
    const scored = scoreRunText(text, "short.jsonl", ctx);
    const file = countRecordLines(text);
    expect(file).toBe(ctx.points.length);
    // The file held one more record line than reached the store (a body cut on its way): nothing is written.
    await expect(storeScoredRun(t.db, { name: "short", fileName: "short.jsonl", actor: "a", expectedLines: file + 1 }, scored)).rejects.toThrow(
      `short.jsonl: the file holds ${file + 1} lines but ${file} were stored (${file} scored); nothing was imported`,
    );
    expect(await counts()).toEqual(before);
    // A scored run that lost a line after scoring is refused the same way.
    await expect(storeScoredRun(t.db, { name: "short", fileName: "short.jsonl", actor: "a", expectedLines: file }, { ...scored, lines: scored.lines.slice(1) })).rejects.toThrow(/holds 156 lines but 155 were stored/);
    expect(await counts()).toEqual(before);
    await storeScoredRun(t.db, { name: "short", fileName: "short.jsonl", actor: "a", expectedLines: file }, scored);
    expect((await counts()).lines).toBe(before.lines + file);
  });

  it("counts a file's record lines as the scorer does: blank lines hold no record", async () => {
    expect(countRecordLines("a\n\n  \nb\nc")).toBe(3);
    expect(countRecordLines("a\nb\n")).toBe(2);
    expect(countRecordLines("")).toBe(0);
  });
});
