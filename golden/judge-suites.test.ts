import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadGoldenSuites } from "../bin/load/golden-suites";
import { repoPath } from "../bin/load/files";
import { suiteItemProblems } from "../lib/golden/item-check";
import { expandSuites } from "../lib/judge/expand";
import { buildJudgeMessages } from "../lib/judge/prompt";
import { judgeReportV2Schema } from "../lib/judge/report-schema";
import { checkSuitesLock, keyedSuiteCases, readSuitesLock, suitesLockOf } from "../bin/load/suites-lock";
import { suiteCaseSplit } from "../lib/schemas/golden-suite";

const { roles, policy } = loadGoldenSuites();

describe("shipped judge suites", () => {
  it("has at least two roles with seven or more domain cases each, ids <prefix>-001…", () => {
    expect(roles.length).toBeGreaterThanOrEqual(2);
    for (const r of roles) {
      expect(r.cases.length, r.role).toBeGreaterThanOrEqual(7);
      const prefix = r.cases[0]!.id.slice(0, 3);
      expect(r.cases.map((c) => c.id)).toEqual(r.cases.map((_, i) => `${prefix}-${String(i + 1).padStart(3, "0")}`));
    }
  });

  it("has eleven or more policy cases pol-001… covering clarify, fabrication, escalation, advice and timelines", () => {
    expect(policy.cases.length).toBeGreaterThanOrEqual(11);
    expect(policy.cases.map((c) => c.id)).toEqual(policy.cases.map((_, i) => `pol-${String(i + 1).padStart(3, "0")}`));
    const behaviors = new Set(policy.cases.map((c) => c.behavior));
    for (const b of ["clarify_vs_proceed", "no_fabrication", "escalation", "no_advice", "no_timeline_promise"] as const) expect(behaviors).toContain(b);
  });

  it("every item is one independently judgeable yes/no claim: no item has a finding from lib/golden/item-check.ts, the check the authoring form shows", () => {
    expect(suiteItemProblems([...roles.flatMap((r) => r.cases), ...policy.cases])).toEqual([]);
  });
});

describe("the judge suites' eval split (issue 5)", () => {
  const cases = keyedSuiteCases({ roles, policy });
  const evalCases = cases.filter((c) => suiteCaseSplit(c.case) === "eval");

  it("about a third of the suite cases are in the frozen eval split, in every suite file, each with a dev sibling", () => {
    const share = evalCases.length / cases.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.4);
    for (const r of roles) expect(r.cases.some((c) => suiteCaseSplit(c) === "eval"), r.role).toBe(true);
    // a behaviour frozen in eval still has a dev case to iterate on
    const evalBehaviors = new Set(policy.cases.filter((c) => suiteCaseSplit(c) === "eval").map((c) => c.behavior));
    for (const b of evalBehaviors) expect(policy.cases.some((c) => c.behavior === b && suiteCaseSplit(c) === "dev"), b).toBe(true);
  });

  it("every eval case matches golden/suites.lock.json: change eval cases only on purpose, then run scripts/freeze-suites.ts", () => {
    const lock = readSuitesLock();
    expect(checkSuitesLock(lock, cases)).toEqual({ changed: [], removed: [], unlocked: [] });
    expect(suitesLockOf({ roles, policy }).hash).toBe(lock.hash);
  });

  it("an edit to an eval case, or moving it back to dev, is caught by the lock", () => {
    const lock = readSuitesLock();
    const [first, second] = evalCases;
    const edited = cases.map((c) => (c === first ? { ...c, case: { ...c.case, brief: `${c.case.brief} (edited)` } } : c === second ? { ...c, case: { ...c.case, split: "dev" as const } } : c));
    expect(checkSuitesLock(lock, edited)).toEqual({ changed: [first!.key, second!.key].sort(), removed: [], unlocked: [] });
  });

  it("the judge is never told a case's split: it is not in the expanded cases nor in the messages sent to the model", () => {
    const expanded = expandSuites(roles, policy);
    expect(expanded.ok).toBe(true);
    if (!expanded.ok) return;
    for (const c of expanded.cases) {
      expect(Object.keys(c)).not.toContain("split");
      const messages = buildJudgeMessages({ role: c.role_title, role_context: c.role_context, suite: c.suite, customer_message: c.brief, must_include: c.must_include, must_not_include: c.must_not_include, reply: "ok" });
      for (const m of messages) expect(m.content).not.toMatch(/"split"|\beval split\b/);
    }
  });
});

describe("shipped judge example runs (golden/runs/judge)", () => {
  const expanded = expandSuites(roles, policy);
  const keys = expanded.ok ? expanded.cases.map((c) => `${c.role}/${c.id}`) : [];

  it.each(["careful", "sloppy", "envelope"])("%s: a v2 example report judging every suite case, including every policy@<role> expansion", (name) => {
    const report = judgeReportV2Schema.parse(JSON.parse(readFileSync(repoPath("golden", "runs", "judge", `${name}.report.json`), "utf8")));
    expect(report.example).toBe(true);
    expect(report.judge.votes).toBe(3);
    expect(report.cases.map((c) => `${c.role}/${c.id}`)).toEqual(keys);
    expect(report.summary.errors).toBe(0);
    const lines = readFileSync(repoPath("golden", "runs", "judge", `${name}.jsonl`), "utf8").trim().split("\n");
    expect(lines).toHaveLength(keys.length);
  });

  it("the envelope example was judged on the extracted reply, with the raw envelope kept", () => {
    const report = judgeReportV2Schema.parse(JSON.parse(readFileSync(repoPath("golden", "runs", "judge", "envelope.report.json"), "utf8")));
    for (const c of report.cases) {
      expect(c.enveloped).toBe(true);
      expect(JSON.parse(c.candidate).reply).toBe(c.judged_text);
    }
  });

  it("the careful agent outscores the envelope agent, which outscores the sloppy agent", () => {
    const mean = (n: string) => judgeReportV2Schema.parse(JSON.parse(readFileSync(repoPath("golden", "runs", "judge", `${n}.report.json`), "utf8"))).summary.mean_correctness!;
    expect(mean("careful")).toBeGreaterThan(mean("envelope"));
    expect(mean("envelope")).toBeGreaterThan(mean("sloppy"));
  });
});
