import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { namesPeriodOrDate } from "../../lib/audit/names-timeline";
import { promotedProbeId, promotionNote } from "../../lib/audit/promote";
import { drawAudit, stratify, type AuditCandidate } from "../../lib/audit/sampler";
import { detectorContext, toDecisionPoints } from "../../lib/pack/decision-points";
import { effectiveLabel } from "../../lib/probes/effective-label";
import type { ProbeLabel } from "../../lib/schemas/probe";
import { checkFormat } from "../../lib/scoring/format-gate";
import type { Db, DbOrTx } from "../index";
import { getRunAudit, type RunAudit } from "../queries/run-audit";
import { loadDbEpisodes } from "../queries/scoring-context";
import { decisionPoints, decisionScores, probeLabels, probes, runAuditItems, runAuditLabels, runAudits, runLines, runs } from "../schema";
import { audit } from "./audit";
import { NotFoundError } from "./labels";

/** A request that cannot be done as asked (promoting an item twice, or one without a majority label): 409. */
export class AuditConflictError extends Error {
  override name = "AuditConflictError";
}

/**
 * Runs imported before names_timeline was recorded have it null: read those replies once and store the answer, so
 * the draw (and every later one) sees the same H5 stratum a fresh import would.
 */
function backfillNamesTimeline(tx: DbOrTx, runId: number): void {
  const missing = tx
    .select({ id: decisionScores.lineId, raw: runLines.raw })
    .from(decisionScores)
    .innerJoin(runLines, eq(runLines.id, decisionScores.lineId))
    .where(and(eq(decisionScores.runId, runId), eq(decisionScores.formatValid, true), isNull(decisionScores.namesTimeline)))
    .all();
  for (const m of missing) {
    const f = checkFormat(m.raw);
    tx.update(decisionScores)
      .set({ namesTimeline: f.ok && namesPeriodOrDate(f.output.reply) })
      .where(eq(decisionScores.lineId, m.id))
      .run();
  }
}

/**
 * Issue 18: starts the audit of a run — draws it (lib/audit/sampler.ts) with the given seed and stores the draw, its
 * stratum sizes and an audit-log row in one transaction. A run has at most one audit: starting it again returns the
 * stored one unchanged (created false), so everyone labels the same items and work resumes where it stopped.
 */
export function startAudit(db: Db, input: { runId: number; actor: string; seed: number; at?: string }): { audit: RunAudit; created: boolean } {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(
    (tx) => {
      const run = tx.select({ id: runs.id, name: runs.name, packVersion: runs.packVersion }).from(runs).where(eq(runs.id, input.runId)).get();
      if (!run) throw new NotFoundError(`no run #${input.runId}`);
      const existing = getRunAudit(tx, run.id);
      if (existing) return { audit: existing, created: false };
      backfillNamesTimeline(tx, run.id);
      // H1's not-fired stratum: decisions whose target does not allow disclosing account details (identity not verified).
      const mayDisclose = new Map(
        tx
          .select({ id: decisionPoints.id, target: decisionPoints.target })
          .from(decisionPoints)
          .where(eq(decisionPoints.packVersion, run.packVersion))
          .all()
          .map((p) => [p.id, p.target.may_disclose_account_details]),
      );
      const rows = tx
        .select({ id: decisionScores.lineId, decisionId: decisionScores.decisionId, formatValid: decisionScores.formatValid, violations: decisionScores.hardViolations, namesTimeline: decisionScores.namesTimeline })
        .from(decisionScores)
        .where(eq(decisionScores.runId, run.id))
        .orderBy(asc(decisionScores.lineId))
        .all();
      const candidates: AuditCandidate[] = rows.map((r) => ({ id: r.id, formatValid: r.formatValid, violations: r.violations, verified: mayDisclose.get(r.decisionId) ?? false, namesTimeline: r.namesTimeline ?? false }));
      const draw = drawAudit(stratify(candidates), input.seed);
      const created = tx.insert(runAudits).values({ runId: run.id, seed: input.seed, strata: draw.strata, createdBy: input.actor, createdAt: at }).returning().get();
      const ids = [...new Set(draw.items.map((i) => i.id))];
      const lines = new Map<number, { lineNo: number; decisionId: string }>();
      for (let k = 0; k < ids.length; k += 500) {
        for (const l of tx.select({ id: runLines.id, lineNo: runLines.lineNo, decisionId: runLines.decisionId }).from(runLines).where(inArray(runLines.id, ids.slice(k, k + 500))).all()) lines.set(l.id, l);
      }
      for (const it of draw.items) {
        const l = lines.get(it.id)!;
        tx.insert(runAuditItems).values({ auditId: created.id, detector: it.detector, stratum: it.stratum, seq: it.seq, lineId: it.id, lineNo: l.lineNo, decisionId: l.decisionId }).run();
      }
      audit(tx, { actor: input.actor, action: "run_audit.start", entity: "run", entityId: String(run.id), at, detail: { audit: created.id, run: run.name, seed: input.seed, strata: draw.strata, items: draw.items.length } });
      return { audit: created, created: true };
    },
    { behavior: "immediate" },
  );
}

function itemOf(tx: DbOrTx, itemId: number) {
  const item = tx
    .select({ id: runAuditItems.id, auditId: runAuditItems.auditId, detector: runAuditItems.detector, stratum: runAuditItems.stratum, lineId: runAuditItems.lineId, lineNo: runAuditItems.lineNo, decisionId: runAuditItems.decisionId, promotedProbeId: runAuditItems.promotedProbeId, runId: runAudits.runId })
    .from(runAuditItems)
    .innerJoin(runAudits, eq(runAudits.id, runAuditItems.auditId))
    .where(eq(runAuditItems.id, itemId))
    .get();
  if (!item) throw new NotFoundError(`no audit item #${itemId}`);
  return item;
}

/**
 * One annotator's label on one audit item: an upsert on (item, annotator), replacing only their own, with an
 * audit-log row — the same rules as a probe label (db/writes/labels.ts). Returns their previous label for undo.
 */
export function saveAuditLabel(db: Db, input: { itemId: number; annotator: string; label: ProbeLabel; at?: string }): { previous: ProbeLabel | null } {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(
    (tx) => {
      const item = itemOf(tx, input.itemId);
      const prev = tx
        .select({ label: runAuditLabels.label })
        .from(runAuditLabels)
        .where(and(eq(runAuditLabels.itemId, item.id), eq(runAuditLabels.annotator, input.annotator)))
        .get();
      tx.insert(runAuditLabels)
        .values({ itemId: item.id, annotator: input.annotator, label: input.label, labelledAt: at })
        .onConflictDoUpdate({ target: [runAuditLabels.itemId, runAuditLabels.annotator], set: { label: sql`excluded.label`, labelledAt: sql`excluded.labelled_at` } })
        .run();
      audit(tx, { actor: input.annotator, action: "audit_label.save", entity: "audit_item", entityId: String(item.id), at, detail: { audit: item.auditId, run: item.runId, detector: item.detector, line: item.lineNo, label: input.label, previous: prev?.label ?? null } });
      return { previous: prev?.label ?? null };
    },
    { behavior: "immediate" },
  );
}

/** Removes one annotator's own label from an audit item (undo of a first label), with an audit-log row. */
export function clearAuditLabel(db: Db, input: { itemId: number; annotator: string; at?: string }): { previous: ProbeLabel | null } {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(
    (tx) => {
      const item = itemOf(tx, input.itemId);
      const prev = tx
        .delete(runAuditLabels)
        .where(and(eq(runAuditLabels.itemId, item.id), eq(runAuditLabels.annotator, input.annotator)))
        .returning({ label: runAuditLabels.label })
        .get();
      audit(tx, { actor: input.annotator, action: "audit_label.clear", entity: "audit_item", entityId: String(item.id), at, detail: { audit: item.auditId, run: item.runId, detector: item.detector, line: item.lineNo, previous: prev?.label ?? null } });
      return { previous: prev?.label ?? null };
    },
    { behavior: "immediate" },
  );
}

/**
 * Issue 18: turns a labelled audit item into a probe of its detector — the reply, the context the detector saw (the
 * run's own pack version), every annotator's vote (so its majority label and κ carry over), a note naming the run,
 * decision and line, and an id that names the run (lib/audit/promote.ts), so it is its own probe set and never joins
 * the out-of-sample figure. It goes to probes/<detector>.jsonl on export. One transaction with its audit-log row.
 */
export function promoteAuditItem(db: Db, input: { itemId: number; actor: string; at?: string }): { probeId: string } {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(
    (tx) => {
      const item = itemOf(tx, input.itemId);
      if (item.promotedProbeId) throw new AuditConflictError(`audit item #${item.id} is already probe '${item.promotedProbeId}'`);
      const votes = tx.select({ annotator: runAuditLabels.annotator, label: runAuditLabels.label, labelledAt: runAuditLabels.labelledAt }).from(runAuditLabels).where(eq(runAuditLabels.itemId, item.id)).orderBy(asc(runAuditLabels.labelledAt), asc(runAuditLabels.id)).all();
      const label = effectiveLabel(votes).label;
      if (label === null) throw new AuditConflictError(votes.length ? `audit item #${item.id} is tied: break the tie before promoting it` : `audit item #${item.id} has no label yet`);
      const run = tx.select({ name: runs.name, packVersion: runs.packVersion }).from(runs).where(eq(runs.id, item.runId)).get()!;
      const raw = tx.select({ raw: runLines.raw }).from(runLines).where(eq(runLines.id, item.lineId)).get()!.raw;
      const format = checkFormat(raw);
      const point = toDecisionPoints(loadDbEpisodes(tx, run.packVersion)).find((p) => p.decision_id === item.decisionId);
      if (!format.ok || !point) throw new AuditConflictError(`line ${item.lineNo} of run '${run.name}' has no reply to promote`);
      const id = promotedProbeId(run.name, item.detector, item.decisionId, item.lineNo);
      if (tx.select({ id: probes.id }).from(probes).where(eq(probes.id, id)).get()) throw new AuditConflictError(`a probe '${id}' already exists`);
      const file = `probes/${item.detector.toLowerCase()}.jsonl`;
      const seq = tx.select({ max: sql<number>`coalesce(max(${probes.seq}), 0)` }).from(probes).where(eq(probes.file, file)).get()!.max + 1;
      const note = promotionNote({ runName: run.name, runId: item.runId, decisionId: item.decisionId, lineNo: item.lineNo, auditId: item.auditId, stratum: item.stratum });
      tx.insert(probes)
        .values({ id, detector: item.detector, reply: format.output.reply, context: detectorContext(point.target, point.customer_message), pairId: null, note, file, seq, createdBy: input.actor, createdAt: at })
        .run();
      for (const v of votes) tx.insert(probeLabels).values({ probeId: id, annotator: v.annotator, label: v.label, labelledAt: v.labelledAt }).run();
      tx.update(runAuditItems).set({ promotedProbeId: id }).where(eq(runAuditItems.id, item.id)).run();
      audit(tx, { actor: input.actor, action: "audit_item.promote", entity: "audit_item", entityId: String(item.id), at, detail: { probe: id, audit: item.auditId, run: item.runId, detector: item.detector, decision: item.decisionId, line: item.lineNo, label, votes: votes.length } });
      return { probeId: id };
    },
    { behavior: "immediate" },
  );
}
