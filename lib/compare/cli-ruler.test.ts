import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { makeScoreReport, scoreDecisions } from "./test-factories";

// Issue 26 (2): `assay compare` treats a different probe-set version as a change of ruler, and its headline verdict is
// the like-for-like one, never the raw one.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dir = mkdtempSync(path.join(tmpdir(), "assay-cli-ruler-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = [0.9, 0.8, 0.75, 0.7, 0.85, 0.6, 0.95, 0.65, 0.8, 0.72, 0.88, 0.91];
const write = (name: string, report: unknown) => {
  const f = path.join(dir, name);
  writeFileSync(f, JSON.stringify(report));
  return f;
};
// The same replies: H5 zeroes a third of them under probe set v1; under v2 (H5 advisory) it does not.
const v1 = write("v1.json", { ...makeScoreReport(scoreDecisions(BASE, 1, (i) => (i % 3 === 0 ? { score: 0, score_strict: 0, hard_violations: ["H5"] } : {}))), probe_set_version: 1 });
const v2 = write("v2.json", { ...makeScoreReport(scoreDecisions(BASE, 1, (i) => (i % 3 === 0 ? { score_strict: 0, hard_violations: ["H5"] } : {})), { advisory: ["H5"] }), probe_set_version: 2 });
const assay = (...args: string[]) => spawnSync(process.execPath, ["bin/assay.mjs", ...args], { cwd: ROOT, encoding: "utf8" });

describe("assay compare across probe-set versions", { timeout: 60_000 }, () => {
  it("headlines the like-for-like verdict, says the raw one is not the agent's change, and names the probe-set change", () => {
    const r = assay("compare", v1, v2);
    expect(r.status).toBe(0);
    const first = r.stdout.split("\n")[0]!;
    expect(first).toMatch(/^\*\*Verdict: INCONCLUSIVE\*\* like for like, with every criterion hard \(mean Δ 0\.000/);
    expect(first).toContain("As reported: IMPROVED, which is not the agent's change alone");
    expect(r.stderr).toContain("not comparable: probe set v1 vs v2");
  });

  it("--json carries the headline beside the raw verdict", () => {
    const out = JSON.parse(assay("compare", v1, v2, "--json").stdout);
    expect(out.verdict).toBe("IMPROVED");
    expect(out.headline).toMatchObject({ kind: "like for like", verdict: "INCONCLUSIVE", label: "with every criterion hard" });
  });

  it("--fail-on-regression fails on a like-for-like REGRESSED hidden under a raw IMPROVED", () => {
    // The candidate's violations grew, but H5 turned advisory: raw IMPROVED, strict scores REGRESSED.
    const worse = write("worse.json", { ...makeScoreReport(scoreDecisions(BASE.map((v) => Math.min(1, v + 0.05)), 1, (i) => ({ score_strict: 0, hard_violations: ["H5"] }))), advisory: ["H5"], probe_set_version: 2 });
    const clean = write("clean.json", { ...makeScoreReport(scoreDecisions(BASE)), probe_set_version: 1 });
    const r = assay("compare", clean, worse, "--json", "--fail-on-regression");
    const out = JSON.parse(r.stdout);
    expect([out.verdict, out.headline.verdict, r.status]).toEqual(["IMPROVED", "REGRESSED", 1]);
  });
});
