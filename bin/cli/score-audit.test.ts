import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledText, precisionText, recallText, violationsText } from "../../lib/audit/format";
import { HARD_CODE_NAMES } from "../../lib/pack/vocab";
import { auditFiguresOf, auditItemVotes, exportAudit } from "../../db/queries/run-audit";
import { loadDbScoringContext } from "../../db/queries/scoring-context";
import { makeTempDb, type TempDb } from "../../db/testing/temp-db";
import { importRunText } from "../../db/writes/import-run";
import { saveAuditLabel, startAudit } from "../../db/writes/run-audit";
import { runCli } from "../testing/run-cli";

// One test runs the real entry point (bin/assay.mjs in a child process); the rest run main() in-process (issue 29).
function spawnedAssay(...args: string[]) {
  const r = spawnSync(process.execPath, ["bin/assay.mjs", ...args], { encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const assay = (...args: string[]) => runCli(args);

let t: TempDb;
let auditFile: string;
let expected: string[];
beforeAll(async () => {
  t = await makeTempDb({ seeded: "pack" });
  const run = path.join("golden", "runs", "overpromiser.jsonl");
  const { runId } = await importRunText(t.db, await loadDbScoringContext(t.db), { name: "overpromiser", fileName: "overpromiser.jsonl", actor: "a@x", text: readFileSync(run, "utf8") });
  const { audit } = await startAudit(t.db, { runId, actor: "lead@x", seed: 424242 });
  // Two annotators; H4's strata labelled in part only, so one detector still says "not enough labels yet".
  for (const [i, it] of (await auditItemVotes(t.db, audit.id)).entries()) {
    if (it.detector === "H4" && i % 2) continue;
    await saveAuditLabel(t.db, { itemId: it.id, annotator: "a@x", label: i % 4 === 0 ? "clean" : "violation" });
    if (i % 5 === 0) await saveAuditLabel(t.db, { itemId: it.id, annotator: "b@x", label: "clean" });
  }
  auditFile = path.join(t.dir, "audit.json");
  writeFileSync(auditFile, JSON.stringify(await exportAudit(t.db, audit.id)));
  const figures = await auditFiguresOf(t.db, audit);
  expected = (["H1", "H4", "H5"] as const).map((c) => `| ${HARD_CODE_NAMES[c]} | ${labelledText(figures[c])} | ${precisionText(figures[c])} | ${recallText(figures[c])} | ${violationsText(figures[c])} |`);
}, 60_000); // seeding and scoring a run take a few seconds, many more on a busy two-core machine
afterAll(async () => t.cleanup());

describe("assay score --audit", () => {
  it("prints the per-run detector figures the workbench computes from the same audit (spawned binary)", () => {
    const r = spawnedAssay("score", "--run", "golden/runs/overpromiser.jsonl", "--audit", auditFile);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    for (const row of expected) expect(r.out).toContain(row);
    expect(r.out).toMatch(/\| H5_unstated_timeline \| fired \d+\/\d+ of \d+ · not fired \d+\/\d+ of \d+ \| \d\.\d{3} \[/);
    expect(r.out).toContain("not enough labels yet");
  });

  it("--json carries the same figures under audit", async () => {
    const j = JSON.parse((await assay("score", "--run", "golden/runs/overpromiser.jsonl", "--audit", auditFile, "--json")).out);
    expect(Object.keys(j.audit)).toEqual(["H1", "H4", "H5"]);
    expect(j.audit.H5.fired.size).toBeGreaterThan(0);
  });

  it("refuses the audit of another run, naming the field (exit 2)", async () => {
    const r = await assay("score", "--run", "golden/runs/careful.jsonl", "--audit", auditFile);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/audit\.json: items\[\d+\]\.raw_sha256: line \d+ of golden\/runs\/careful\.jsonl is not the output the audit labelled/);
  });

  it("refuses an audit whose label contradicts its votes", async () => {
    const bad = JSON.parse(readFileSync(auditFile, "utf8"));
    const i = bad.items.findIndex((it: { votes: unknown[] }) => it.votes.length === 1);
    bad.items[i].label = bad.items[i].label === "violation" ? "clean" : "violation";
    const f = path.join(t.dir, "bad.json");
    writeFileSync(f, JSON.stringify(bad));
    const r = await assay("score", "--run", "golden/runs/overpromiser.jsonl", "--audit", f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`items[${i}].label`);
  });
});
