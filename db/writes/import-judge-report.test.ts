import { readFileSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoPath } from "../../bin/load/files";
import { InputError } from "../../lib/io/input-error";
import { listReportSources, loadComparison } from "../queries/compare";
import { makeTempDb } from "../testing/temp-db";
import { auditLog, judgeReports } from "../schema";
import { importJudgeReportText } from "./import-judge-report";
import { seedFromRepo } from "./seed-repo";

const careful = readFileSync(repoPath("golden", "runs", "judge", "careful.report.json"), "utf8");

let t: Awaited<ReturnType<typeof makeTempDb>>;
beforeAll(async () => {
  t = await makeTempDb();
});
afterAll(async () => t.cleanup());

/** Rows in judge_reports and judge-report audit rows: both unchanged after a refused import. */
const written = async () => ({
  reports: (await t.db.select({ n: count() }).from(judgeReports))[0]!.n,
  audit: (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "judge_report.import")))[0]!.n,
});

async function refused(text: string, name = "bad", fileName = "bad.report.json"): Promise<InputError> {
  const before = await written();
  let error: unknown = null;
  try {
    await importJudgeReportText(t.db, { name, fileName, text, actor: "analyst@example.org" });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(InputError);
  expect(await written()).toEqual(before);
  return error as InputError;
}

const withReport = (edit: (r: Record<string, unknown>) => void) => {
  const r = JSON.parse(careful) as Record<string, unknown>;
  edit(r);
  return JSON.stringify(r, null, 2);
};

describe("judge report import", () => {
  it("a v2 judge report is stored whole with an audit row, and compares exactly like its file", async () => {
    const out = await importJudgeReportText(t.db, { name: "careful-copy", fileName: "careful.report.json", text: careful, actor: "analyst@example.org" });
    expect(out).toMatchObject({ name: "careful-copy", cases: 43 });
    const [row] = await t.db.select().from(judgeReports).where(eq(judgeReports.id, out.id)).limit(1);
    expect(row!).toMatchObject({ name: "careful-copy", fileName: "careful.report.json", example: false, createdBy: "analyst@example.org" });
    expect(row!.report.cases[0]).toMatchObject({ role: "retirement_desk", id: "ret-001", candidate: expect.any(String), items: expect.any(Object) });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "judge_report.import"))).toMatchObject([{ actor: "analyst@example.org", entity: "judge_report", entityId: String(out.id) }]);
    const self = await loadComparison(t.db, { baseline: `judge:${out.id}`, candidate: `judge:${out.id}` });
    expect(self.ok && self.outcome.ok && self.outcome.result).toMatchObject({ n_pairs: 43, mean_delta: 0, ci: [0, 0] });
  });

  it("malformed JSON is refused with the file and line, and nothing is written", async () => {
    const e = await refused('{\n  "schema_version": 2,\n  "cases": [],\n}\n'); // a trailing comma
    expect(e.file).toBe("bad.report.json");
    expect(e.line).toBe(4);
    expect(e.message).toMatch(/^bad\.report\.json:4: malformed JSON/);
  });

  it("a JSON error V8 gives no position for still names its line and column, without quoting the file back (issue 26)", async () => {
    const e = await refused('{\n  "schema_version": 2,\n  "cases": [oops]\n}\n');
    expect(e.line).toBe(3);
    expect(e.message).toBe("bad.report.json:3: malformed JSON at line 3, column 13: expected a value, found 'o'");
  });

  it("a report that is not schema version 2 is refused on schema_version, and nothing is written", async () => {
    const e = await refused(withReport((r) => (r.schema_version = 1)));
    expect(e.field).toBe("schema_version");
    expect(e.message).toContain("expected 2");
    // Without schema_version a report is v2 only by its items block (seed 002, issue 20): without items it is v1, refused.
    const v1 = withReport((r) => {
      delete r.schema_version;
      for (const c of r.cases as Array<Record<string, unknown>>) delete c.items;
    });
    expect((await refused(v1)).field).toBe("schema_version");
  });

  it("a schema error names the field at fault, and nothing is written", async () => {
    const e = await refused(withReport((r) => ((r.cases as Array<Record<string, unknown>>)[3]!.verdict = "maybe")));
    expect(e.field).toBe("cases[3].verdict");
    expect(e.message).toMatch(/^bad\.report\.json: cases\[3\]\.verdict: /);
    expect((await refused(withReport((r) => (r.kind = "score")))).field).toBe("kind");
  });

  it("a report with one (role, id) twice is refused, and nothing is written", async () => {
    const e = await refused(withReport((r) => (r.cases as unknown[]).push((r.cases as unknown[])[0])));
    expect(e.message).toContain("duplicate (role, id)");
  });

  it("a duplicate name is refused on the name, and nothing is written", async () => {
    const e = await refused(careful, "careful-copy", "careful.report.json");
    expect(e.field).toBe("name");
    expect(e.message).toBe("careful.report.json: name: a judge report named 'careful-copy' already exists");
    expect((await refused(careful, "   ")).field).toBe("name");
  });
});

describe("seeding example judge reports", { timeout: 120_000 }, () => {
  it("db:setup seeds golden/runs/judge/*.report.json as example judge reports, once", async () => {
    const s = await makeTempDb();
    try {
      expect((await seedFromRepo(s.db)).judgeReportsAdded).toEqual(["careful", "envelope", "sloppy"]);
      expect((await seedFromRepo(s.db)).judgeReportsAdded).toEqual([]);
      const judge = (await listReportSources(s.db)).filter((r) => r.kind === "judge");
      expect(judge.map((r) => [r.name, r.example]).sort()).toEqual([["careful", true], ["envelope", true], ["sloppy", true]]);
      expect(judge.every((r) => r.ref === `judge:${r.id}`)).toBe(true);
    } finally {
      await s.cleanup();
    }
  });
});
