import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../bin/load/files";
import { makeTempDb } from "../testing/temp-db";
import { seedFromRepo } from "../writes/seed-repo";
import { listReportSources, loadComparison, runScoreReport, type ReportRef } from "./compare";

function assay(...args: string[]): { code: number | null; stdout: string } {
  const r = spawnSync(process.execPath, ["bin/assay.mjs", ...args], { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout };
}

let t: ReturnType<typeof makeTempDb>;
beforeAll(() => {
  t = makeTempDb();
  seedFromRepo(t.db);
});
afterAll(() => t.cleanup());

function pageResult(baseline: ReportRef, candidate: ReportRef) {
  const data = loadComparison(t.db, { baseline, candidate });
  if (!data.ok || !data.outcome.ok) throw new Error(data.ok ? (data.outcome as { error: string }).error : data.error);
  return JSON.parse(JSON.stringify(data.outcome.result)) as unknown;
}

describe("the compare page's data agrees with `assay compare --json`", { timeout: 60_000 }, () => {
  it("on two shipped judge reports", () => {
    const cli = assay("compare", "golden/runs/judge/careful.report.json", "golden/runs/judge/sloppy.report.json", "--json");
    expect(cli.code).toBe(0);
    expect(pageResult("judge:careful", "judge:sloppy")).toEqual(JSON.parse(cli.stdout));
  });

  it("on two imported example runs, their score reports rebuilt from the database", () => {
    const sources = listReportSources(t.db);
    const id = (name: string) => sources.find((s) => s.label.startsWith(`${name} (run`))!.runId!;
    const [careful, leaky] = [id("careful"), id("leaky")];
    const files = ["careful", "leaky"].map((name) => {
      const out = assay("score", "--run", `golden/runs/${name}.jsonl`, "--json");
      expect(out.code).toBe(0);
      const file = path.join(t.dir, `${name}.report.json`);
      writeFileSync(file, out.stdout);
      return file;
    });
    const cli = assay("compare", files[0]!, files[1]!, "--json");
    expect(cli.code).toBe(0);
    expect(pageResult(`run:${careful}`, `run:${leaky}`)).toEqual(JSON.parse(cli.stdout));
    expect(runScoreReport(t.db, careful)).toMatchObject({ kind: "score", schema_version: 1 });
  });

  it("refuses to compare a score report with a judge report", () => {
    const data = loadComparison(t.db, { baseline: "run:1", candidate: "judge:careful" });
    expect(data).toMatchObject({ ok: false });
  });
});
