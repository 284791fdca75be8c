import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../bin/load/files";
import { runCli } from "../../bin/testing/run-cli";
import { makeTempDb } from "../testing/temp-db";
import { listReportSources, loadComparison, reportRefSchema, runScoreReport, type ReportRef } from "./compare";

/** `assay ARGS`, its main() run in this process (bin/testing/run-cli.ts): four child processes cost ~15 s here. */
async function assay(...args: string[]): Promise<{ code: number | null; stdout: string }> {
  const r = await runCli(args, { cwd: REPO_ROOT });
  return { code: r.code, stdout: r.out };
}

let t: Awaited<ReturnType<typeof makeTempDb>>;
beforeAll(async () => {
  t = await makeTempDb({ seeded: "demo" });
});
afterAll(async () => t.cleanup());

/** The ref of a seeded report by name: "run:<id>" or "judge:<id>". */
const refOf = async (kind: "score" | "judge", name: string): Promise<ReportRef> => (await listReportSources(t.db)).find((s) => s.kind === kind && s.name === name)!.ref;

/** `assay compare --json` without the headline it adds (issue 26), which the page computes apart (lib/compare/headline.ts). */
function cliResult(stdout: string): unknown {
  const { headline, ...result } = JSON.parse(stdout) as { headline: { kind: string } };
  expect(headline.kind).toBe("as reported"); // two reports measured with one ruler
  return result;
}

async function pageResult(baseline: ReportRef, candidate: ReportRef) {
  const data = await loadComparison(t.db, { baseline, candidate });
  if (!data.ok || !data.outcome.ok) throw new Error(data.ok ? (data.outcome as { error: string }).error : data.error);
  return JSON.parse(JSON.stringify(data.outcome.result)) as unknown;
}

describe("the compare page's data agrees with `assay compare --json`", { timeout: 60_000 }, () => {
  it("on two shipped judge reports, as seeded into the database", async () => {
    const cli = await assay("compare", "golden/runs/judge/careful.report.json", "golden/runs/judge/sloppy.report.json", "--json");
    expect(cli.code).toBe(0);
    expect(await pageResult(await refOf("judge", "careful"), await refOf("judge", "sloppy"))).toEqual(cliResult(cli.stdout));
  });

  it("on two imported example runs, their score reports rebuilt from the database", async () => {
    const [careful, leaky] = [await refOf("score", "careful"), await refOf("score", "leaky")];
    const files: string[] = [];
    for (const name of ["careful", "leaky"]) {
      const out = await assay("score", "--run", `golden/runs/${name}.jsonl`, "--json");
      expect(out.code).toBe(0);
      files.push(path.join(t.dir, `${name}.report.json`));
      writeFileSync(files.at(-1)!, out.stdout);
    }
    const cli = await assay("compare", files[0]!, files[1]!, "--json");
    expect(cli.code).toBe(0);
    expect(await pageResult(careful, leaky)).toEqual(cliResult(cli.stdout));
    expect(await runScoreReport(t.db, Number(careful.slice(4)))).toMatchObject({ kind: "score", schema_version: 1 });
  });

  it("refuses to compare a score report with a judge report", async () => {
    const data = await loadComparison(t.db, { baseline: "run:1", candidate: await refOf("judge", "careful") });
    expect(data).toMatchObject({ ok: false });
  });

  it("a ref to a missing run or judge report is not found, never read from golden/", async () => {
    expect(await loadComparison(t.db, { baseline: "judge:999", candidate: await refOf("judge", "careful") })).toEqual({ ok: false, error: "judge report 999 not found" });
    expect(reportRefSchema.safeParse("judge:careful").success).toBe(false);
  });
});
