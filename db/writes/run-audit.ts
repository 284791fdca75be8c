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
import { decisionPoints, decisionScores, probeLabels, probes, runAuditItems, runAuditLabels, runAudits, runLines, runs } from "../schema";
import { jsonText, lockForTransaction } from "../sql";
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
async function backfillNamesTimeline(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const named = new Set<number>();
  for (let k = 0; k < ids.length; k += 500) {
    for (const m of await tx.select({ id: runLines.id, raw: runLines.raw }).from(runLines).where(inArray(runLines.id, ids.slice(k, k + 500)))) {
      const f = checkFormat(m.raw);
      const names = f.ok && namesPeriodOrDate(f.output.reply);
      if (names) named.add(m.id);
      await tx.update(decisionScores).set({ namesTimeline: names }).where(eq(decisionScores.lineId, m.id));
    }
  }
  return named;
}

// The draw reads every format-valid line of the run: 100,000 of them must take well under a second, so the query packs
// what the sampler needs into one integer per line (line id × 64 + flags) instead of a row of columns each. Written
// once for both dialects (issue 29): LIKE for the codes (upper case, so SQLite's case-insensitive LIKE changes
// nothing), CASE on the booleans (PostgreSQL has no boolean arithmetic), bigint so line id × 64 cannot overflow
// PostgreSQL's integer, and the target's JSON flag compared as text ('1' on SQLite, 'true' on PostgreSQL).
const BIT = { H1: 1, H4: 2, H5: 4, namesTimeline: 8, namesUnknown: 16, verified: 32 } as const;
function strataSql(db: DbOrTx, packVersion: string) {
  const verified = db
    .select({ id: decisionPoints.id })
    .from(decisionPoints)
    .where(and(eq(decisionPoints.packVersion, packVersion), sql`cast(${jsonText(decisionPoints.target, "may_disclose_account_details")} as text) in ('1', 'true')`));
  const fired = (code: string, bit: number) => sql`(case when ${decisionScores.hardViolations} like ${`%${code}%`} then ${sql.raw(String(bit))} else 0 end)`;
  return sql<number>`cast(${decisionScores.lineId} as bigint) * 64
    + ${fired("H1", BIT.H1)} + ${fired("H4", BIT.H4)} + ${fired("H5", BIT.H5)}
    + (case when ${decisionScores.namesTimeline} then ${sql.raw(String(BIT.namesTimeline))} else 0 end)
    + (case when ${decisionScores.namesTimeline} is null then ${sql.raw(String(BIT.namesUnknown))} else 0 end)
    + (case when ${inArray(decisionScores.decisionId, verified)} then ${sql.raw(String(BIT.verified))} else 0 end)`;
}
/** The comma-joined code list for each combination of the three fired bits, made once. */
const VIOLATIONS = Array.from({ length: 8 }, (_, b) => (["H1", "H4", "H5"] as const).filter((_, i) => b & (1 << i)).join(","));

/** The run's format-valid lines as the sampler sees them, in line order (names_timeline backfilled where unknown). */
async function auditCandidates(tx: DbOrTx, runId: number, packVersion: string): Promise<AuditCandidate[]> {
  const packed = (
    await tx
      .select({ p: strataSql(tx, packVersion) })
      .from(decisionScores)
      .where(and(eq(decisionScores.runId, runId), eq(decisionScores.formatValid, true)))
      .orderBy(asc(decisionScores.lineId))
  ).map((r) => Number(r.p));
  const unknown = packed.filter((p) => p & BIT.namesUnknown).map((p) => Math.floor(p / 64));
  const named = unknown.length > 0 ? await backfillNamesTimeline(tx, unknown) : null;
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
export async function startAudit(db: Db, input: { runId: number; actor: string; seed: number; at?: string }): Promise<{ audit: RunAudit; created: boolean }> {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(
    async (tx) => {
      // PostgreSQL: two instances starting the same run's audit at once: the second waits, then finds the first's.
      await lockForTransaction(tx, `run_audit:${input.runId}`);
      const [run] = await tx.select({ id: runs.id, name: runs.name, packVersion: runs.packVersion }).from(runs).where(eq(runs.id, input.runId)).limit(1);
      if (!run) throw new NotFoundError(`no run #${input.runId}`);
      const existing = await getRunAudit(tx, run.id);
      if (existing) return { audit: existing, created: false };
      // H1's not-fired stratum: decisions whose target (of the run's own pack) does not allow disclosing account
      // details, i.e. identity not verified; H5's: replies that name a period or date. Read (and backfilled) through
      // the transaction, so the draw sees the lines as this transaction does.
      const draw = drawAudit(stratify(await auditCandidates(tx, run.id, run.packVersion)), input.seed);
      const [created] = await tx.insert(runAudits).values({ runId: run.id, seed: input.seed, strata: draw.strata, createdBy: input.actor, createdAt: at }).returning();
      if (!created) throw new Error(`run #${run.id}: the audit was not stored`);
      const ids = [...new Set(draw.items.map((i) => i.id))];
      const lines = new Map<number, { lineNo: number; decisionId: string }>();
      for (let k = 0; k < ids.length; k += 500) {
        for (const l of await tx.select({ id: runLines.id, lineNo: runLines.lineNo, decisionId: runLines.decisionId }).from(runLines).where(inArray(runLines.id, ids.slice(k, k + 500)))) lines.set(l.id, l);
      }
      for (const it of draw.items) {
        const l = lines.get(it.id)!;
        await tx.insert(runAuditItems).values({ auditId: created.id, detector: it.detector, stratum: it.stratum, seq: it.seq, lineId: it.id, lineNo: l.lineNo, decisionId: l.decisionId });
      }
      await audit(tx, { actor: input.actor, action: "run_audit.start", entity: "run", entityId: String(run.id), at, detail: { audit: created.id, run: run.name, seed: input.seed, strata: draw.strata, items: draw.items.length } });
      return { audit: created, created: true };
    },
  );
}

async function itemOf(tx: DbOrTx, itemId: number) {
  const [item] = await tx
    .select({ id: runAuditItems.id, auditId: runAuditItems.auditId, detector: runAuditItems.detector, stratum: runAuditItems.stratum, lineId: runAuditItems.lineId, lineNo: runAuditItems.lineNo, decisionId: runAuditItems.decisionId, promotedProbeId: runAuditItems.promotedProbeId, runId: runAudits.runId })
    .from(runAuditItems)
    .innerJoin(runAudits, eq(runAudits.id, runAuditItems.auditId))
    .where(eq(runAuditItems.id, itemId))
    .limit(1);
  if (!item) throw new NotFoundError(`no audit item #${itemId}`);
  return item;
}

/**
 * One annotator's label on one audit item: an upsert on (item, annotator), replacing only their own, with an
 * audit-log row — the same rules as a probe label (db/writes/labels.ts). Returns their previous label for undo.
 */
export async function saveAuditLabel(db: Db, input: { itemId: number; annotator: string; label: ProbeLabel; at?: string }): Promise<{ previous: ProbeLabel | null }> {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(
    async (tx) => {
      const item = await itemOf(tx, input.itemId);
      // PostgreSQL: the previous label (for undo) and the upsert are one step per item and annotator.
      await lockForTransaction(tx, `audit_label:${item.id}:${input.annotator}`);
      const [prev] = await tx
        .select({ label: runAuditLabels.label })
        .from(runAuditLabels)
        .where(and(eq(runAuditLabels.itemId, item.id), eq(runAuditLabels.annotator, input.annotator)))
        .limit(1);
      await tx
        .insert(runAuditLabels)
        .values({ itemId: item.id, annotator: input.annotator, label: input.label, labelledAt: at })
        .onConflictDoUpdate({ target: [runAuditLabels.itemId, runAuditLabels.annotator], set: { label: sql`excluded.label`, labelledAt: sql`excluded.labelled_at` } });
      await audit(tx, { actor: input.annotator, action: "audit_label.save", entity: "audit_item", entityId: String(item.id), at, detail: { audit: item.auditId, run: item.runId, detector: item.detector, line: item.lineNo, label: input.label, previous: prev?.label ?? null } });
      return { previous: prev?.label ?? null };
    },
  );
}

/** Removes one annotator's own label from an audit item (undo of a first label), with an audit-log row. */
export async function clearAuditLabel(db: Db, input: { itemId: number; annotator: string; at?: string }): Promise<{ previous: ProbeLabel | null }> {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(
    async (tx) => {
      const item = await itemOf(tx, input.itemId);
      const [prev] = await tx
        .delete(runAuditLabels)
        .where(and(eq(runAuditLabels.itemId, item.id), eq(runAuditLabels.annotator, input.annotator)))
        .returning({ label: runAuditLabels.label });
      await audit(tx, { actor: input.annotator, action: "audit_label.clear", entity: "audit_item", entityId: String(item.id), at, detail: { audit: item.auditId, run: item.runId, detector: item.detector, line: item.lineNo, previous: prev?.label ?? null } });
      return { previous: prev?.label ?? null };
    },
  );
}

/**
 * Issue 18: turns a labelled audit item into a probe of its detector — the reply, the context the detector saw (the
 * run's own pack version), every annotator's vote (so its majority label and κ carry over), a note naming the run,
 * decision and line, and an id that names the run (lib/audit/promote.ts), so it is its own probe set and never joins
 * the out-of-sample figure. It goes to probes/<detector>.jsonl on export. One transaction with its audit-log row.
 */
export async function promoteAuditItem(db: Db, input: { itemId: number; actor: string; at?: string }): Promise<{ probeId: string }> {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(
    async (tx) => {
      const item = await itemOf(tx, input.itemId);
      if (item.promotedProbeId) throw new AuditConflictError(`audit item #${item.id} is already probe '${item.promotedProbeId}'`);
      const votes = await tx.select({ annotator: runAuditLabels.annotator, label: runAuditLabels.label, labelledAt: runAuditLabels.labelledAt }).from(runAuditLabels).where(eq(runAuditLabels.itemId, item.id)).orderBy(asc(runAuditLabels.labelledAt), asc(runAuditLabels.id));
      const label = effectiveLabel(votes).label;
      if (label === null) throw new AuditConflictError(votes.length ? `audit item #${item.id} is tied: break the tie before promoting it` : `audit item #${item.id} has no label yet`);
      const [run] = await tx.select({ name: runs.name, packVersion: runs.packVersion }).from(runs).where(eq(runs.id, item.runId)).limit(1);
      const [line] = await tx.select({ raw: runLines.raw }).from(runLines).where(eq(runLines.id, item.lineId)).limit(1);
      if (!run || !line) throw new NotFoundError(`no run #${item.runId} line ${item.lineNo}`);
      const raw = line.raw;
      const format = checkFormat(raw);
      const point = toDecisionPoints(await loadDbEpisodes(tx, run.packVersion)).find((p) => p.decision_id === item.decisionId);
      if (!format.ok || !point) throw new AuditConflictError(`line ${item.lineNo} of run '${run.name}' has no reply to promote`);
      const id = promotedProbeId(run.name, item.detector, item.decisionId, item.lineNo);
      const file = `probes/${item.detector.toLowerCase()}.jsonl`;
      // PostgreSQL: the id check and the file's next seq are read then written: one promotion into a file at a time.
      await lockForTransaction(tx, `probe_file:${file}`);
      if ((await tx.select({ id: probes.id }).from(probes).where(eq(probes.id, id)).limit(1)).length) throw new AuditConflictError(`a probe '${id}' already exists`);
      const seq = Number((await tx.select({ max: sql<number>`coalesce(max(${probes.seq}), 0)` }).from(probes).where(eq(probes.file, file)))[0]!.max) + 1;
      const note = promotionNote({ runName: run.name, runId: item.runId, decisionId: item.decisionId, lineNo: item.lineNo, auditId: item.auditId, stratum: item.stratum });
      await tx.insert(probes).values({ id, detector: item.detector, reply: format.output.reply, context: detectorContext(point.target, point.customer_message), pairId: null, note, file, seq, createdBy: input.actor, createdAt: at });
      for (const v of votes) await tx.insert(probeLabels).values({ probeId: id, annotator: v.annotator, label: v.label, labelledAt: v.labelledAt });
      await tx.update(runAuditItems).set({ promotedProbeId: id }).where(eq(runAuditItems.id, item.id));
      await audit(tx, { actor: input.actor, action: "audit_item.promote", entity: "audit_item", entityId: String(item.id), at, detail: { probe: id, audit: item.auditId, run: item.runId, detector: item.detector, decision: item.decisionId, line: item.lineNo, label, votes: votes.length } });
      return { probeId: id };
    },
  );
}
