import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoPath } from "../../bin/load/files";
import { toSeedShape } from "../../lib/compare/test-factories";
import type { JudgeReportV2 } from "../../lib/judge/report-schema";
import { makeTempDb } from "../testing/temp-db";
import { OLD_PACK, seedOldPack } from "../testing/old-pack";
import { importJudgeReportText } from "../writes/import-judge-report";
import { decisionsWithSameTargets, listReportSources, loadComparisonDetail } from "./compare";
import { judgeCase, judgeCaseBrief } from "./compare-case";
import { currentPackVersion } from "./scoring-context";

// Issue 20 (9, 10): the compare page's extra data — seed-shaped judge reports stored and read back, and the decisions a
// pack change left alone.

let t: Awaited<ReturnType<typeof makeTempDb>>;
let oldDecision: string;
beforeAll(async () => {
  t = await makeTempDb({ seeded: "pack" });
  oldDecision = (await seedOldPack(t.db, "2026-01-01T00:00:00.000Z")).decisionId;
});
afterAll(async () => t.cleanup());

const report = (name: string) => JSON.parse(readFileSync(repoPath("golden", "runs", "judge", `${name}.report.json`), "utf8")) as JudgeReportV2;

describe("a seed-shaped judge report in the workbench", () => {
  it("imports (it was refused for its missing judge block), stored as read with nothing made up", async () => {
    const out = await importJudgeReportText(t.db, { name: "seed-careful", fileName: "seed.json", text: JSON.stringify(toSeedShape(report("careful"))), actor: "analyst@example.org" });
    expect(out.cases).toBe(43);
    const side = (await judgeCase(t.db, out.id, "support_desk/sup-001"))!;
    expect(side).toMatchObject({ name: "seed-careful", passThreshold: null, votes: null });
    expect(side.case).toMatchObject({ role: "support_desk", id: "sup-001", verdict: "pass" });
    expect(side.case!.candidate).toBeUndefined();
    expect(side.case!.votes_valid).toBeUndefined();
  });

  it("also without a schema_version, recognised by its items", async () => {
    const out = await importJudgeReportText(t.db, { name: "seed-sloppy", fileName: "seed2.json", text: JSON.stringify(toSeedShape(report("sloppy"), { schemaVersion: false, bareItems: true })), actor: "lead@example.org" });
    expect(out.cases).toBe(43);
  });

  it("compares with a full report: the unknowns are said, and Δ is the files' own", async () => {
    for (const name of ["careful", "sloppy"]) await importJudgeReportText(t.db, { name, fileName: `${name}.report.json`, text: JSON.stringify(report(name)), actor: "lead@example.org" });
    const sources = await listReportSources(t.db);
    const ref = (name: string) => sources.find((s) => s.name === name)!.ref;
    const d = await loadComparisonDetail(t.db, { baseline: ref("seed-careful"), candidate: ref("sloppy") });
    expect(d.ok).toBe(true);
    if (!d.ok || !d.outcome.ok) return;
    expect(d.baseline.unknown).toEqual(["judge model", "judge votes (K)", "pass threshold", "valid votes per case", "replies", "suite"]);
    expect(d.outcome.result.warnings.filter((w) => w.includes("unknown: the baseline's report does not say"))).toHaveLength(3);
    const same = await loadComparisonDetail(t.db, { baseline: ref("careful"), candidate: ref("sloppy") });
    expect(same.ok && same.outcome.ok && same.outcome.result.mean_delta).toBe(d.outcome.result.mean_delta);
  });

  it("a v1 report (no items) is still refused, naming schema_version", async () => {
    const { schema_version: _, ...v1 } = { schema_version: 1, cases: report("careful").cases.map(({ role, id, correctness, verdict, missing_required, forbidden_present, error }) => ({ role, id, correctness, verdict, missing_required, forbidden_present, error })) };
    await expect(importJudgeReportText(t.db, { name: "v1", fileName: "v1.json", text: JSON.stringify(v1), actor: "lead@example.org" })).rejects.toThrow(/v1\.json: schema_version: expected 2/);
  });
});

describe("the case page's customer message for a judged case", () => {
  it("is the golden case's brief, for a role case and for a policy case expanded against a role", async () => {
    expect((await judgeCaseBrief(t.db, "sup-001"))!.brief.length).toBeGreaterThan(20);
    expect(await judgeCaseBrief(t.db, "pol-003")).toMatchObject({ version: 1 });
    expect(await judgeCaseBrief(t.db, "zzz-999")).toBeNull();
  });
});

describe("decisions whose targets a pack change left alone", () => {
  it("every decision but the one whose target changed", async () => {
    const current = (await currentPackVersion(t.db))!;
    const same = await decisionsWithSameTargets(t.db, OLD_PACK, current);
    expect(same.has(oldDecision)).toBe(false);
    expect(same.size).toBe(155);
    expect((await decisionsWithSameTargets(t.db, current, current)).size).toBe(156);
  });
});
