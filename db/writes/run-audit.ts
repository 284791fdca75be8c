import { and, asc, eq, inArray, sql } from "drizzle-orm";
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
import { decisionScores, probeLabels, probes, runAuditItems, runAuditLabels, runAudits, runLines, runs } from "../schema";
import { audit } from "./audit";
import { NotFoundError } from "./labels";

/** A request that cannot be done as asked (promoting an item twice, or one without a majority label): 409. */
export class AuditConflictError extends Error {
  override name = "AuditConflictError";
}

/**
 * Runs imported before names_timeline was recorded have it null: read those replies once and store the answer, so
 * the draw (and every later one) sees the same H5 stratum a fresh import would. Returns the ids that name one.
 */
function backfillNamesTimeline(tx: DbOrTx, ids: readonly number[]): Set<number> {
  const named = new Set<number>();
  for (let k = 0; k < ids.length; k += 500) {
    for (const m of tx.select({ id: runLines.id, raw: runLines.raw }).from(runLines).where(inArray(runLines.id, ids.slice(k, k + 500))).all()) {
      const f = checkFormat(m.raw);
      const names = f.ok && namesPeriodOrDate(f.output.reply);
      if (names) named.add(m.id);
      tx.update(decisionScores).set({ namesTimeline: names }).where(eq(decisionScores.lineId, m.id)).run();
    }
  }
  return named;
}

// The draw reads every format-valid line of the run: 100,000 of them must take well under a second, so the query packs
// what the sampler needs into one integer per line (line id × 64 + flags) and plucks it, instead of a row object each.
const BIT = { H1: 1, H4: 2, H5: 4, namesTimeline: 8, namesUnknown: 16, verified: 32 } as const;
const STRATA_SQL = `SELECT line_id * 64
    + (instr(hard_violations, 'H1') > 0) + 2 * (instr(hard_violations, 'H4') > 0) + 4 * (instr(hard_violations, 'H5') > 0)
    + 8 * coalesce(names_timeline, 0) + 16 * (names_timeline IS NULL)
    + 32 * (decision_id IN (SELECT id FROM decision_points WHERE pack_version = ? AND json_extract(target, '$.may_disclose_account_details') = 1))
  FROM decision_scores WHERE run_id = ? AND format_valid = 1 ORDER BY line_id`;
/** The comma-joined code list for each combination of the three fired bits, made once. */
const VIOLATIONS = Array.from({ length: 8 }, (_, b) => (["H1", "H4", "H5"] as const).filter((_, i) => b & (1 << i)).join(","));

/** The run's format-valid lines as the sampler sees them, in line order (names_timeline backfilled where unknown). */
function auditCandidates(db: Db, runId: number, packVersion: string): AuditCandidate[] {
  const packed = db.$client.prepare(STRATA_SQL).pluck().all(packVersion, runId) as number[];
  const unknown = packed.filter((p) => p & BIT.namesUnknown).map((p) => Math.floor(p / 64));
  const named = unknown.length > 0 ? backfillNamesTimeline(db, unknown) : null;
  return packed.map((p) => {
    const id = Math.floor(p / 64);
    const flags = p % 64;
    return { id, formatValid: true, violations: VIOLATIONS[flags & 7]!, verified: (flags & BIT.verified) !== 0, namesTimeline: named?.has(id) ?? (flags & BIT.namesTimeline) !== 0 };
  });
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
      // H1's not-fired stratum: decisions whose target (of the run's own pack) does not allow disclosing account
      // details, i.e. identity not verified; H5's: replies that name a period or date. The same transaction: the
      // better-sqlite3 client is the connection the transaction holds.
      const draw = drawAudit(stratify(auditCandidates(db, run.id, run.packVersion)), input.seed);
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
