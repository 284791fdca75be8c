import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadProbes } from "../../bin/load/probes";
import { validateDetectors } from "../../lib/detectors/validate";
import { auditExportSchema } from "../../lib/audit/audit-schema";
import { auditFigures } from "../../lib/audit/figures";
import { figuresBySet } from "../../lib/probes/probe-sets";
import { makeTempDb } from "../testing/temp-db";
import { auditFiguresOf, auditItemVotes, exportAudit, loadAuditQueue } from "../queries/run-audit";
import { loadProbeSet } from "../queries/probe-set";
import { loadDbScoringContext } from "../queries/scoring-context";
import { auditLog, decisionScores, probeLabels, runAuditItems } from "../schema";
import { exportProbes } from "./export-probes";
import { importRunText } from "./import-run";
import { AuditConflictError, clearAuditLabel, promoteAuditItem, saveAuditLabel, startAudit } from "./run-audit";
import { seedFromRepo } from "./seed-repo";

let t: ReturnType<typeof makeTempDb>;
let runId: number;
beforeEach(() => {
  t = makeTempDb();
  seedFromRepo(t.db, { exampleRuns: false });
  // The leaky agent discloses account details before verification: H1 fires on part of the run, and many replies name dates.
  const text = readFileSync(path.join("golden", "runs", "leaky.jsonl"), "utf8");
  runId = importRunText(t.db, loadDbScoringContext(t.db), { name: "Leaky v1", fileName: "leaky.jsonl", actor: "analyst@x", text }).runId;
}, 60_000); // seeding and scoring a run take a few seconds, many more on a busy two-core machine
afterEach(() => t.cleanup());

const auditRows = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action)).all();

/** The strata counted independently, in SQL: format-valid lines of the run, fired or not, with each detector's restriction. */
function sqlStratum(code: "H1" | "H4" | "H5", fired: boolean): number {
  const restriction = fired ? "1" : code === "H1" ? "json_extract(dp.target, '$.may_disclose_account_details') = 0" : code === "H5" ? "ds.names_timeline = 1" : "1";
  const q = `SELECT count(*) AS n FROM decision_scores ds JOIN runs r ON r.id = ds.run_id JOIN decision_points dp ON dp.pack_version = r.pack_version AND dp.id = ds.decision_id
    WHERE ds.run_id = ? AND ds.format_valid = 1 AND ${fired ? "" : "NOT "}(ds.hard_violations LIKE '%${code}%') AND ${restriction}`;
  return (t.db.$client.prepare(q).get(runId) as { n: number }).n;
}

describe("starting a run audit", () => {
  it("stores the draw with each stratum's size, and an audit-log row with the seed", () => {
    const { audit, created } = startAudit(t.db, { runId, actor: "lead@x", seed: 1234 });
    expect(created).toBe(true);
    for (const c of ["H1", "H4", "H5"] as const) {
      for (const fired of [true, false]) {
        const size = sqlStratum(c, fired);
        const s = audit.strata[c][fired ? "fired" : "not_fired"];
        expect(s, `${c} ${fired ? "fired" : "not fired"}`).toEqual({ size, drawn: Math.min(size, 60) });
      }
    }
    expect(audit.strata.H1.fired.size).toBeGreaterThan(0);
    const items = auditItemVotes(t.db, audit.id);
    expect(items).toHaveLength(Object.values(audit.strata).reduce((n, s) => n + s.fired.drawn + s.not_fired.drawn, 0));
    const [row] = auditRows("run_audit.start");
    expect(row).toMatchObject({ actor: "lead@x", entity: "run", entityId: String(runId) });
    expect(row!.detail).toMatchObject({ audit: audit.id, seed: 1234, strata: audit.strata });
  });

  it("starting it again resumes the stored audit: the same items, no second draw", () => {
    const first = startAudit(t.db, { runId, actor: "lead@x", seed: 1 }).audit;
    const before = t.db.select().from(runAuditItems).all();
    const again = startAudit(t.db, { runId, actor: "analyst@x", seed: 2 });
    expect(again).toEqual({ audit: first, created: false });
    expect(t.db.select().from(runAuditItems).all()).toEqual(before);
    expect(auditRows("run_audit.start")).toHaveLength(1);
  });

  it("a run imported before names_timeline was recorded is read once, and draws the same strata", () => {
    const fresh = startAudit(t.db, { runId, actor: "lead@x", seed: 5 }).audit;
    t.db.run(sql`DELETE FROM run_audits`);
    t.db.update(decisionScores).set({ namesTimeline: null }).run();
    const old = startAudit(t.db, { runId, actor: "lead@x", seed: 5 }).audit;
    expect(old.strata).toEqual(fresh.strata);
  });

  it("the labelling queue carries the reply, the context the detector saw, its hits and the conversation", () => {
    const { audit } = startAudit(t.db, { runId, actor: "lead@x", seed: 9 });
    const queue = loadAuditQueue(t.db, audit, "H1");
    expect(queue.map((q) => q.seq)).toEqual(queue.map((_, i) => i + 1));
    const fired = queue.find((q) => q.stratum === "fired")!;
    expect(fired.hits.length).toBeGreaterThan(0);
    expect(fired.context.may_disclose_account_details).toBe(false);
    expect(fired.history.some((h) => h.role === "customer")).toBe(true);
    expect(fired.reply.slice(fired.hits[0]!.start, fired.hits[0]!.end)).toBe(fired.hits[0]!.text);
    expect(queue.filter((q) => q.stratum === "not_fired").every((q) => q.hits.length === 0 && !q.context.may_disclose_account_details)).toBe(true);
  });
});

describe("labelling and promoting audit items", () => {
  it("a vote is one row per annotator, replaced only by them, each with an audit-log row; undo removes it", () => {
    const { audit } = startAudit(t.db, { runId, actor: "lead@x", seed: 3 });
    const [item] = auditItemVotes(t.db, audit.id, "H1");
    expect(saveAuditLabel(t.db, { itemId: item!.id, annotator: "a@x", label: "violation", at: "2026-01-01T00:00:01.000Z" })).toEqual({ previous: null });
    saveAuditLabel(t.db, { itemId: item!.id, annotator: "b@x", label: "clean", at: "2026-01-01T00:00:02.000Z" });
    expect(saveAuditLabel(t.db, { itemId: item!.id, annotator: "a@x", label: "clean", at: "2026-01-01T00:00:03.000Z" })).toEqual({ previous: "violation" });
    expect(auditItemVotes(t.db, audit.id, "H1")[0]!.votes.map((v) => [v.annotator, v.label])).toEqual([
      ["b@x", "clean"],
      ["a@x", "clean"],
    ]);
    expect(auditRows("audit_label.save").map((r) => [r.actor, r.entityId, (r.detail as { label: string }).label])).toEqual([
      ["a@x", String(item!.id), "violation"],
      ["b@x", String(item!.id), "clean"],
      ["a@x", String(item!.id), "clean"],
    ]);
    clearAuditLabel(t.db, { itemId: item!.id, annotator: "a@x" });
    expect(auditItemVotes(t.db, audit.id, "H1")[0]!.votes).toHaveLength(1);
    expect(auditRows("audit_label.clear")).toHaveLength(1);
  });

  it("the export carries the strata and votes, and gives the figures the database gives", () => {
    const { audit } = startAudit(t.db, { runId, actor: "lead@x", seed: 11 });
    for (const [i, it] of auditItemVotes(t.db, audit.id).entries()) saveAuditLabel(t.db, { itemId: it.id, annotator: "a@x", label: i % 3 === 0 ? "violation" : "clean" });
    const file = exportAudit(t.db, audit.id)!;
    expect(auditExportSchema.parse(JSON.parse(JSON.stringify(file)))).toEqual(file);
    expect(file.run).toMatchObject({ name: "Leaky v1", file: "leaky.jsonl" });
    expect(auditFigures(file.strata, file.items, file.seed)).toEqual(auditFiguresOf(t.db, audit));
    expect(auditFiguresOf(t.db, audit).H1.precision).not.toBeNull();
  });

  it("a promoted item becomes a probe with its context, votes and source; its own probe set, counted after export, never out of sample", () => {
    const { audit } = startAudit(t.db, { runId, actor: "lead@x", seed: 21 });
    const item = loadAuditQueue(t.db, audit, "H1").find((q) => q.stratum === "not_fired")!;
    expect(() => promoteAuditItem(t.db, { itemId: item.itemId, actor: "lead@x" })).toThrow(AuditConflictError);
    saveAuditLabel(t.db, { itemId: item.itemId, annotator: "a@x", label: "violation" });
    saveAuditLabel(t.db, { itemId: item.itemId, annotator: "b@x", label: "violation" });
    const { probeId } = promoteAuditItem(t.db, { itemId: item.itemId, actor: "analyst@x" });
    expect(probeId).toBe(`run-leaky-v1--h1-${item.decisionId}-l${item.lineNo}`);
    const probe = loadProbeSet(t.db, "H1").find((p) => p.id === probeId)!;
    expect(probe).toMatchObject({ reply: item.reply, context: item.context, file: "probes/h1.jsonl", predicted: false });
    expect(probe.note).toBe(`promoted from run 'Leaky v1' (run ${runId}), decision ${item.decisionId}, line ${item.lineNo}; audit ${audit.id}, not fired stratum`);
    expect(t.db.select({ a: probeLabels.annotator, l: probeLabels.label }).from(probeLabels).where(eq(probeLabels.probeId, probeId)).all()).toEqual([
      { a: "a@x", l: "violation" },
      { a: "b@x", l: "violation" },
    ]);
    expect(() => promoteAuditItem(t.db, { itemId: item.itemId, actor: "analyst@x" })).toThrow(/already probe/);
    expect(auditRows("audit_item.promote")[0]).toMatchObject({ actor: "analyst@x", entity: "audit_item", entityId: String(item.itemId), detail: expect.objectContaining({ probe: probeId, run: runId, line: item.lineNo, label: "violation" }) });

    // After export, `assay probes` reads it: its own set, outside the out-of-sample figure.
    const exported = exportProbes(t.db, { root: t.dir, actor: "lead@x" });
    expect(exported.files.map((f) => f.file)).toContain("probes/h1.jsonl");
    const files = exported.files.map((f) => path.join(t.dir, f.file));
    const figures = validateDetectors(loadProbes(files));
    const h1 = figures.H1.predictions.map((p) => ({ id: p.id, label: p.label, predicted: p.predicted === "violation" }));
    const promoted = figuresBySet(h1).find((s) => s.key === "promoted")!;
    expect(promoted.figure).toMatchObject({ n: 1, fn: 1 });
    const before = validateDetectors(loadProbes()).H1;
    expect(figures.H1.out_of_sample).toEqual(before.out_of_sample);
    expect(figures.H1.n).toBe(before.n + 1);
  });
});
