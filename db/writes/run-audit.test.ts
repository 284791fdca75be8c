import { readFileSync } from "node:fs";
import path from "node:path";
import { and, count, eq, like, not, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadProbes } from "../../bin/load/probes";
import { validateDetectors } from "../../lib/detectors/validate";
import { auditExportSchema } from "../../lib/audit/audit-schema";
import { auditFigures } from "../../lib/audit/figures";
import { figuresBySet } from "../../lib/probes/probe-sets";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { auditFiguresOf, auditItemVotes, exportAudit, loadAuditQueue } from "../queries/run-audit";
import { loadProbeSet } from "../queries/probe-set";
import { loadDbScoringContext } from "../queries/scoring-context";
import { auditLog, decisionPoints, decisionScores, probeLabels, runAuditItems, runAudits, runs } from "../schema";
import { jsonText } from "../sql";
import { exportProbes } from "./export-probes";
import { importRunText } from "./import-run";
import { AuditConflictError, clearAuditLabel, promoteAuditItem, saveAuditLabel, startAudit } from "./run-audit";

let t: TempDb;
let runId: number;
beforeEach(async () => {
  t = await makeTempDb({ seeded: "pack" });
  // The leaky agent discloses account details before verification: H1 fires on part of the run, and many replies name dates.
  const text = readFileSync(path.join("golden", "runs", "leaky.jsonl"), "utf8");
  runId = (await importRunText(t.db, await loadDbScoringContext(t.db), { name: "Leaky v1", fileName: "leaky.jsonl", actor: "analyst@x", text })).runId;
}, 60_000); // seeding and scoring a run take a few seconds, many more on a busy two-core machine
afterEach(async () => t.cleanup());

const auditRows = async (action: string) => await t.db.select().from(auditLog).where(eq(auditLog.action, action));

/**
 * The strata counted independently, in SQL: format-valid lines of the run, fired or not, with each detector's
 * restriction. The JSON flag is compared as text: SQLite's json_extract gives 0 for false, PostgreSQL's ->> 'false'.
 */
async function sqlStratum(code: "H1" | "H4" | "H5", fired: boolean): Promise<number> {
  const restriction = fired ? undefined : code === "H1" ? sql`cast(${jsonText(decisionPoints.target, "may_disclose_account_details")} as text) in ('0', 'false')` : code === "H5" ? eq(decisionScores.namesTimeline, true) : undefined;
  const hasCode = like(decisionScores.hardViolations, `%${code}%`);
  const [row] = await t.db
    .select({ n: count() })
    .from(decisionScores)
    .innerJoin(runs, eq(runs.id, decisionScores.runId))
    .innerJoin(decisionPoints, and(eq(decisionPoints.packVersion, runs.packVersion), eq(decisionPoints.id, decisionScores.decisionId)))
    .where(and(eq(decisionScores.runId, runId), eq(decisionScores.formatValid, true), fired ? hasCode : not(hasCode), restriction));
  return row!.n;
}

describe("starting a run audit", () => {
  it("stores the draw with each stratum's size, and an audit-log row with the seed", async () => {
    const { audit, created } = await startAudit(t.db, { runId, actor: "lead@x", seed: 1234 });
    expect(created).toBe(true);
    for (const c of ["H1", "H4", "H5"] as const) {
      for (const fired of [true, false]) {
        const size = await sqlStratum(c, fired);
        const s = audit.strata[c][fired ? "fired" : "not_fired"];
        expect(s, `${c} ${fired ? "fired" : "not fired"}`).toEqual({ size, drawn: Math.min(size, 60) });
      }
    }
    expect(audit.strata.H1.fired.size).toBeGreaterThan(0);
    const items = await auditItemVotes(t.db, audit.id);
    expect(items).toHaveLength(Object.values(audit.strata).reduce((n, s) => n + s.fired.drawn + s.not_fired.drawn, 0));
    const [row] = await auditRows("run_audit.start");
    expect(row).toMatchObject({ actor: "lead@x", entity: "run", entityId: String(runId) });
    expect(row!.detail).toMatchObject({ audit: audit.id, seed: 1234, strata: audit.strata });
  });

  it("starting it again resumes the stored audit: the same items, no second draw", async () => {
    const first = (await startAudit(t.db, { runId, actor: "lead@x", seed: 1 })).audit;
    const before = await t.db.select().from(runAuditItems);
    const again = await startAudit(t.db, { runId, actor: "analyst@x", seed: 2 });
    expect(again).toEqual({ audit: first, created: false });
    expect(await t.db.select().from(runAuditItems)).toEqual(before);
    expect(await auditRows("run_audit.start")).toHaveLength(1);
  });

  it("a run imported before names_timeline was recorded is read once, and draws the same strata", async () => {
    const fresh = (await startAudit(t.db, { runId, actor: "lead@x", seed: 5 })).audit;
    await t.db.delete(runAudits);
    await t.db.update(decisionScores).set({ namesTimeline: null });
    const old = (await startAudit(t.db, { runId, actor: "lead@x", seed: 5 })).audit;
    expect(old.strata).toEqual(fresh.strata);
  });

  it("the labelling queue carries the reply, the context the detector saw, its hits and the conversation", async () => {
    const { audit } = await startAudit(t.db, { runId, actor: "lead@x", seed: 9 });
    const queue = await loadAuditQueue(t.db, audit, "H1");
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
  it("a vote is one row per annotator, replaced only by them, each with an audit-log row; undo removes it", async () => {
    const { audit } = await startAudit(t.db, { runId, actor: "lead@x", seed: 3 });
    const [item] = await auditItemVotes(t.db, audit.id, "H1");
    expect(await saveAuditLabel(t.db, { itemId: item!.id, annotator: "a@x", label: "violation", at: "2026-01-01T00:00:01.000Z" })).toEqual({ previous: null });
    await saveAuditLabel(t.db, { itemId: item!.id, annotator: "b@x", label: "clean", at: "2026-01-01T00:00:02.000Z" });
    expect(await saveAuditLabel(t.db, { itemId: item!.id, annotator: "a@x", label: "clean", at: "2026-01-01T00:00:03.000Z" })).toEqual({ previous: "violation" });
    expect((await auditItemVotes(t.db, audit.id, "H1"))[0]!.votes.map((v) => [v.annotator, v.label])).toEqual([
      ["b@x", "clean"],
      ["a@x", "clean"],
    ]);
    expect((await auditRows("audit_label.save")).map((r) => [r.actor, r.entityId, (r.detail as { label: string }).label])).toEqual([
      ["a@x", String(item!.id), "violation"],
      ["b@x", String(item!.id), "clean"],
      ["a@x", String(item!.id), "clean"],
    ]);
    await clearAuditLabel(t.db, { itemId: item!.id, annotator: "a@x" });
    expect((await auditItemVotes(t.db, audit.id, "H1"))[0]!.votes).toHaveLength(1);
    expect(await auditRows("audit_label.clear")).toHaveLength(1);
  });

  it("the export carries the strata and votes, and gives the figures the database gives", async () => {
    const { audit } = await startAudit(t.db, { runId, actor: "lead@x", seed: 11 });
    for (const [i, it] of (await auditItemVotes(t.db, audit.id)).entries()) await saveAuditLabel(t.db, { itemId: it.id, annotator: "a@x", label: i % 3 === 0 ? "violation" : "clean" });
    const file = (await exportAudit(t.db, audit.id))!;
    expect(auditExportSchema.parse(JSON.parse(JSON.stringify(file)))).toEqual(file);
    expect(file.run).toMatchObject({ name: "Leaky v1", file: "leaky.jsonl" });
    expect(auditFigures(file.strata, file.items, file.seed)).toEqual(await auditFiguresOf(t.db, audit));
    expect((await auditFiguresOf(t.db, audit)).H1.precision).not.toBeNull();
  });

  it("a promoted item becomes a probe with its context, votes and source; its own probe set, counted after export, never out of sample", async () => {
    const { audit } = await startAudit(t.db, { runId, actor: "lead@x", seed: 21 });
    const item = (await loadAuditQueue(t.db, audit, "H1")).find((q) => q.stratum === "not_fired")!;
    await expect(promoteAuditItem(t.db, { itemId: item.itemId, actor: "lead@x" })).rejects.toThrow(AuditConflictError);
    await saveAuditLabel(t.db, { itemId: item.itemId, annotator: "a@x", label: "violation" });
    await saveAuditLabel(t.db, { itemId: item.itemId, annotator: "b@x", label: "violation" });
    const { probeId } = await promoteAuditItem(t.db, { itemId: item.itemId, actor: "analyst@x" });
    expect(probeId).toBe(`run-leaky-v1--h1-${item.decisionId}-l${item.lineNo}`);
    const probe = (await loadProbeSet(t.db, "H1")).find((p) => p.id === probeId)!;
    expect(probe).toMatchObject({ reply: item.reply, context: item.context, file: "probes/h1.jsonl", predicted: false });
    expect(probe.note).toBe(`promoted from run 'Leaky v1' (run ${runId}), decision ${item.decisionId}, line ${item.lineNo}; audit ${audit.id}, not fired stratum`);
    expect(await t.db.select({ a: probeLabels.annotator, l: probeLabels.label }).from(probeLabels).where(eq(probeLabels.probeId, probeId))).toEqual([
      { a: "a@x", l: "violation" },
      { a: "b@x", l: "violation" },
    ]);
    await expect(promoteAuditItem(t.db, { itemId: item.itemId, actor: "analyst@x" })).rejects.toThrow(/already probe/);
    expect((await auditRows("audit_item.promote"))[0]).toMatchObject({ actor: "analyst@x", entity: "audit_item", entityId: String(item.itemId), detail: expect.objectContaining({ probe: probeId, run: runId, line: item.lineNo, label: "violation" }) });

    // After export, `assay probes` reads it: its own set, outside the out-of-sample figure.
    const exported = await exportProbes(t.db, { root: t.dir, actor: "lead@x" });
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
