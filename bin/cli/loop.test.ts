import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadComparison } from "../../db/queries/compare";
import { loadDbScoringContext } from "../../db/queries/scoring-context";
import { runs } from "../../db/schema";
import { makeTempDb, type TempDb } from "../../db/testing/temp-db";
import { importRunText } from "../../db/writes/import-run";
import { promptLineSchema } from "../../lib/prompts/prompt-line";
import type { ScoreReport } from "../../lib/scoring/report-schema";
import { startScriptedModel, type Behaviour } from "../../scripts/scripted-model";
import { loadDecisionPoints } from "../load/episodes";
import { spawnCli } from "../testing/cli";
import { runCli } from "../testing/run-cli";

// Issue 19, "the end-to-end path is one test": prompts → generate against a scripted model → import into the
// workbench database → score → compare with the careful example run, everything on 127.0.0.1.

const dir = mkdtempSync(path.join(tmpdir(), "assay-loop-"));
const points = loadDecisionPoints();
const careful = new Map(readFileSync("golden/runs/careful.jsonl", "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as { decision_id: string; thinking: boolean }).map((l) => [l.decision_id, l.thinking]));
// The scripted model leaks a balance at one unverified decision and breaks the JSON at another; the rest is good.
const LEAK = points.find((p) => !p.target.may_disclose_account_details && careful.get(p.decision_id) === true)!.decision_id;
const BROKEN = points.find((p) => p.decision_id !== LEAK && careful.get(p.decision_id) === false)!.decision_id;
const behaviour = (id: string): Behaviour => (id === LEAK ? "leak" : id === BROKEN ? "broken" : "good");
let db: TempDb;
beforeAll(async () => {
  db = await makeTempDb({ seeded: "demo" }); // the pack, the episodes and the shipped example runs, careful among them
});
afterAll(async () => db.cleanup());

describe("prompts → generate → import → score → compare", () => {
  // generate runs the real entry point (bin/assay.mjs in a child process); prompts and score run main() in-process (issue 29).
  it("a scripted model's run goes through the whole loop, and compare names its leak and its broken answer (generate as the spawned binary)", async () => {
    const promptsFile = path.join(dir, "prompts.jsonl");
    const p = await runCli(["prompts", "--out", promptsFile]);
    expect(p.code).toBe(0);
    const prompts = readFileSync(promptsFile, "utf8").trimEnd().split("\n").map((l) => promptLineSchema.parse(JSON.parse(l)));
    expect(prompts).toHaveLength(points.length);

    const model = await startScriptedModel({ behaviour });
    const runFile = path.join(dir, "scripted.jsonl");
    let g;
    try {
      // Both thinking modes, so every line of the careful run (thinking on and off) has its pair.
      g = await spawnCli(["generate", "--model", "scripted-v1", "--base-url", model.url, "--prompts", promptsFile, "--thinking", "both", "--concurrency", "8", "--out", runFile]);
    } finally {
      await model.close();
    }
    expect(g.code, g.err).toBe(0);
    expect(model.requests).toHaveLength(points.length * 2);
    const text = readFileSync(runFile, "utf8");

    const { runId } = await importRunText(db.db, await loadDbScoringContext(db.db), { name: "scripted-v1", fileName: "scripted.jsonl", text, actor: "loop-test" });
    const stored = (await db.db.select({ report: runs.report }).from(runs).where(eq(runs.id, runId)))[0]!.report;

    const scored = await runCli(["score", "--run", runFile, "--json"]);
    expect(scored.code).toBe(0);
    const cli = JSON.parse(scored.out) as ScoreReport;
    // The workbench's import and `assay score` are one scorer: the same report, down to the file name it was given.
    const { decisions: _decisions, run: cliRun, ...cliSummary } = cli;
    const { run: storedRun, ...storedSummary } = stored;
    expect(storedSummary).toEqual(cliSummary);
    expect(storedRun.n_lines).toBe(cliRun.n_lines);
    expect(cli.splits.all.format_invalid).toBe(2);
    expect(cli.splits.all.hard_violations.H1).toBeGreaterThanOrEqual(2);

    const carefulId = (await db.db.select({ id: runs.id }).from(runs).where(eq(runs.name, "careful")))[0]!.id;
    const comparison = await loadComparison(db.db, { baseline: `run:${carefulId}`, candidate: `run:${runId}` });
    expect(comparison.ok).toBe(true);
    if (!comparison.ok) return;
    expect(comparison.outcome.ok).toBe(true);
    if (!comparison.outcome.ok) return;
    const r = comparison.outcome.result;
    expect(r.n_pairs).toBe(points.length);
    // The leak is a blocker whatever the mean; the broken answer is a gate flip from pass to fail.
    expect(r.blockers.map((b) => [b.key, b.new_violations])).toContainEqual([`${LEAK} (thinking)`, ["H1"]]);
    expect(r.gate_flips.pass_to_fail.map((f) => f.key)).toContain(BROKEN);
    expect(r.warnings).toContainEqual(expect.stringMatching(new RegExp(`^${points.length} candidate case\\(s\\) missing from the baseline, left out`)));
    const cand = new Map(cli.decisions.map((d) => [`${d.decision_id}${d.thinking ? " (thinking)" : ""}`, d.score]));
    for (const row of r.rows) expect(row.candidate).toBe(cand.get(row.key));
  }, 180_000);
});
