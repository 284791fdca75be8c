import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { judgeReportV2Schema } from "../../lib/judge/report-schema";
import { startScriptedJudge, type ScriptedJudge } from "../../scripts/scripted-judge";
import { run } from "./judge";

let dir: string;
let judge: ScriptedJudge | undefined;
let stdout: string[];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "assay-judge-"));
  stdout = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (stdout.push(String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await judge?.close();
  judge = undefined;
});

const line = (o: Record<string, unknown>) => JSON.stringify({ suite: "role", role: "support_desk", case_id: "sup-003", candidate: "The cut-off is 2 p.m. ET.", ...o });
function candidates(...lines: string[]): string {
  const file = path.join(dir, "candidates.jsonl");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

describe("assay judge", () => {
  it("writes a v2 report for the candidate lines, policy lines expanded as policy@<role>, and prints a summary", async () => {
    judge = await startScriptedJudge({ mode: "lenient" });
    const file = candidates(line({}), line({ suite: "policy", role: "retirement_desk", case_id: "pol-006", candidate: '{"reply": "Ask your carrier.", "confidence": 0.8}' }));
    const out = path.join(dir, "report.json");
    const status = await run(["--candidates", file, "--votes", "3", "--out", out], { ASSAY_JUDGE_URL: judge.url, ASSAY_JUDGE_MODEL: "m" });
    expect(status).toBe(0);
    const report = judgeReportV2Schema.parse(JSON.parse(readFileSync(out, "utf8")));
    expect(report.cases.map((c) => `${c.role}/${c.id}`)).toEqual(["policy@retirement_desk/pol-006", "support_desk/sup-003"]);
    expect(report.cases[0]).toMatchObject({ suite: "policy", judged_text: "Ask your carrier.", votes_configured: 3 });
    expect(report.judge).toMatchObject({ model: "m", votes: 3, pass_threshold: 0.7 });
    expect(report.example).toBe(false);
    expect(report.created_at).toMatch(/^\d{4}-/);
    expect(judge.requests).toHaveLength(6);
    expect(stdout.join("")).toContain("pass rate 100.0% (2/2)");
  });

  it("--roles restricts the run: lines for other roles are skipped, not judged", async () => {
    judge = await startScriptedJudge({ mode: "lenient" });
    const file = candidates(line({}), line({ role: "retirement_desk", case_id: "ret-001" }));
    const out = path.join(dir, "report.json");
    await run(["--candidates", file, "--votes", "1", "--roles", "retirement_desk", "--out", out], { ASSAY_JUDGE_URL: judge.url });
    const report = judgeReportV2Schema.parse(JSON.parse(readFileSync(out, "utf8")));
    expect(report.cases.map((c) => c.id)).toEqual(["ret-001"]);
    expect(report.missing_candidates).toContain("policy@retirement_desk/pol-001");
  });

  it("exits 1 when every case errored (nothing was judged)", async () => {
    judge = await startScriptedJudge({ mode: "fail" });
    const status = await run(["--candidates", candidates(line({})), "--out", path.join(dir, "r.json")], { ASSAY_JUDGE_URL: judge.url, ASSAY_JUDGE_RETRIES: "0" });
    expect(status).toBe(1);
  });

  it.each([
    [line({ role: "ecommerce_ops" }), 2, "role", /unknown role 'ecommerce_ops'/],
    [line({ case_id: "sup-999" }), 2, "case_id", /unknown case 'sup-999' in the role suite 'support_desk'/],
    [line({ suite: "policy", case_id: "sup-003" }), 2, "case_id", /unknown case 'sup-003' in the policy suite/],
    [line({ suite: "role", role: "policy@support_desk" }), 2, "role", /is a policy role but suite is "role"/],
    [line({}), 2, "case_id", /duplicate candidate for support_desk\/sup-003 \(first on line 1\)/],
    [JSON.stringify({ suite: "role", role: "support_desk", case_id: "sup-001" }), 2, "candidate", /./],
  ])("a bad candidate line is an InputError with its line and field: %s", async (bad, lineNo, field, detail) => {
    const file = candidates(line({}), bad);
    const err = await run(["--candidates", file, "--out", path.join(dir, "r.json")], { ASSAY_JUDGE_URL: "http://127.0.0.1:9/v1" }).catch((e) => e);
    expect(err).toMatchObject({ name: "InputError", file, line: lineNo, field });
    expect(err.message).toMatch(detail);
  });

  it("a missing ASSAY_JUDGE_URL is a usage error before any work", async () => {
    const err = await run(["--candidates", candidates(line({})), "--out", path.join(dir, "r.json")], {}).catch((e) => e);
    expect(err).toMatchObject({ name: "UsageError", message: expect.stringMatching(/^ASSAY_JUDGE_URL is not set/) });
  });

  it("an unknown --roles name is a usage error naming the known roles", async () => {
    const err = await run(["--candidates", candidates(line({})), "--roles", "nope", "--out", path.join(dir, "r.json")], { ASSAY_JUDGE_URL: "http://127.0.0.1:9/v1" }).catch((e) => e);
    expect(err).toMatchObject({ name: "UsageError", message: "unknown role 'nope' in --roles (known: retirement_desk, support_desk)" });
  });
});
