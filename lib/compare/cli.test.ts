import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../../bin/testing/run-cli";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const fx = (name: string) => path.join("lib/compare/fixtures", name);

// One test runs the real entry point (bin/assay.mjs in a child process); the rest run main() in-process (issue 29).
function spawnedAssay(...args: string[]) {
  const r = spawnSync(process.execPath, ["bin/assay.mjs", ...args], { cwd: ROOT, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
async function assay(...args: string[]) {
  const r = await runCli(args, { cwd: ROOT });
  return { code: r.code, stdout: r.out, stderr: r.err };
}

// Each case spawns real processes (tsx start-up ~1 s each); a loaded machine should not turn that into a failure.
describe("assay compare (CLI)", { timeout: 60_000 }, () => {
  it("refuses a report whose declared K disagrees with its cases' votes, naming judge.votes (issue 26), exit 2", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "assay-k-"));
    const report = JSON.parse(readFileSync(path.join(ROOT, fx("judge-improved.json")), "utf8")) as { judge: { votes: number } };
    const file = path.join(dir, "k-wrong.json");
    writeFileSync(file, JSON.stringify({ ...report, judge: { ...report.judge, votes: report.judge.votes + 2 } }));
    const r = await assay("compare", fx("judge-baseline.json"), file);
    rmSync(dir, { recursive: true, force: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`k-wrong.json: judge.votes: says K=${report.judge.votes + 2} votes per case, but every case holds ${report.judge.votes} (votes_configured)`);
  });

  it("--json prints the contract fields; an improvement exits 0 under --fail-on-regression", async () => {
    const r = await assay("compare", fx("judge-baseline.json"), fx("judge-improved.json"), "--json", "--fail-on-regression");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const k of ["verdict", "mean_delta", "ci", "n_pairs", "improved", "regressed", "tied", "gate_flips", "blockers", "warnings", "resampling", "mde", "rows"]) expect(out).toHaveProperty(k);
    expect(out).toMatchObject({ verdict: "IMPROVED", n_pairs: 12, blockers: [], gate_flips: { pass_to_fail: [] }, resampling: "unclustered (12 pairs)" });
  });

  it("--fail-on-regression exits 1 on REGRESSED; without it the exit is 0", async () => {
    expect((await assay("compare", fx("judge-baseline.json"), fx("judge-regressed.json"), "--fail-on-regression")).code).toBe(1);
    const plain = await assay("compare", fx("judge-baseline.json"), fx("judge-regressed.json"));
    expect(plain.code).toBe(0);
    expect(plain.stdout.split("\n")[0]).toMatch(/^\*\*Verdict: REGRESSED\*\*/);
  });

  it("--fail-on-regression exits 1 on a blocker even when the mean improves", async () => {
    const r = await assay("compare", fx("judge-baseline.json"), fx("judge-blocker.json"), "--json", "--fail-on-regression");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: "IMPROVED", blockers: [{ key: "general_desk/gd-008" }] });
  });

  it("reads a v1 baseline against a v2 candidate and prints warnings to stderr too (spawned binary)", () => {
    const r = spawnedAssay("compare", fx("judge-baseline.v1.json"), fx("judge-improved.json"), "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).warnings[0]).toMatch(/judge-v1/);
    expect(r.stderr).toMatch(/^assay compare: warning: not comparable: protocol judge-v1 vs judge-v2/);
  });

  it("an empty intersection exits 2 with a message on stderr", async () => {
    const r = await assay("compare", fx("judge-baseline.json"), fx("judge-disjoint.json"), "--json");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/assay compare: no cases in common/);
  });

  it("bad input exits 2 naming the file and field; mixing report kinds exits 2", async () => {
    const bad = await assay("compare", fx("judge-baseline.json"), fx("not-a-report.json"));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("not-a-report.json: cases: expected a judge report");
    expect((await assay("compare", fx("judge-baseline.json"), fx("score-baseline.json"))).code).toBe(2);
    expect((await assay("compare", fx("judge-baseline.json"))).code).toBe(2);
    expect((await assay("compare", fx("judge-baseline.json"), fx("judge-improved.json"), "--seed", "x")).code).toBe(2);
  });

  it("--seed is recorded in the result; --role keeps that role's cases", async () => {
    const r = await assay("compare", fx("judge-baseline.json"), fx("judge-improved.json"), "--json", "--seed", "7", "--role", "general_desk");
    expect(JSON.parse(r.stdout)).toMatchObject({ seed: 7, verdict: "IMPROVED", n_pairs: 12 });
  });
});

describe("assay noise (CLI)", { timeout: 60_000 }, () => {
  it("reports the spread of run means against the band", async () => {
    const r = await assay("noise", fx("judge-baseline.json"), fx("judge-improved.json"), "--json", "--band", "0.1");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ band: 0.1, within_band: true });
    expect(out.spread).toBeCloseTo(0.05, 6);
    expect((await assay("noise", fx("judge-baseline.json"))).code).toBe(2);
  });
});
