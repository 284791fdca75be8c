import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { auditExportSchema, type AuditExport } from "../../lib/audit/audit-schema";
import type { AuditFigure } from "../../lib/audit/estimator";
import { auditFigures } from "../../lib/audit/figures";
import type { AuditStratum } from "../../lib/audit/strata";
import { detectorContext, toDecisionPoints, type DecisionPoint } from "../../lib/pack/decision-points";
import type { DetectorCode } from "../../lib/pack/vocab";
import { effectiveLabel, type LabelVote } from "../../lib/probes/effective-label";
import type { DetectorContext } from "../../lib/schemas/probe";
import type { DetectorHit } from "../../lib/scoring/report-schema";
import { checkFormat } from "../../lib/scoring/format-gate";
import type { DbOrTx } from "../index";
import { decisionScores, runAuditItems, runAuditLabels, runAudits, runLines, runs, type RunAuditRow } from "../schema";
import { loadDbEpisodes } from "./scoring-context";

// Shared with the CLI-facing export, the bench and tests, so no `server-only` marker here.

export type RunAudit = RunAuditRow;

/** The audit of a run (at most one), or null. */
export async function getRunAudit(db: DbOrTx, runId: number): Promise<RunAudit | null> {
  const [row] = await db.select().from(runAudits).where(eq(runAudits.runId, runId)).limit(1);
  return row ?? null;
}

export async function getAudit(db: DbOrTx, auditId: number): Promise<RunAudit | null> {
  const [row] = await db.select().from(runAudits).where(eq(runAudits.id, auditId)).limit(1);
  return row ?? null;
}

/** Every annotator's vote on the given audit items, by item id, oldest first. */
async function loadAuditVotes(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, LabelVote[]>> {
  const out = new Map<number, LabelVote[]>();
  if (itemIds.length === 0) return out;
  const rows = await db
    .select({ itemId: runAuditLabels.itemId, annotator: runAuditLabels.annotator, label: runAuditLabels.label, labelledAt: runAuditLabels.labelledAt })
    .from(runAuditLabels)
    .where(inArray(runAuditLabels.itemId, [...itemIds]))
    .orderBy(asc(runAuditLabels.labelledAt), asc(runAuditLabels.id));
  for (const r of rows) {
    let list = out.get(r.itemId);
    if (!list) out.set(r.itemId, (list = []));
    list.push({ annotator: r.annotator, label: r.label, labelledAt: r.labelledAt });
  }
  return out;
}

export type AuditItemVotesRow = { id: number; detector: DetectorCode; stratum: AuditStratum; votes: LabelVote[] };

/** The audit's items (all detectors, or one) with their votes: what the figures are computed from. */
export async function auditItemVotes(db: DbOrTx, auditId: number, detector?: DetectorCode): Promise<AuditItemVotesRow[]> {
  const where = detector ? and(eq(runAuditItems.auditId, auditId), eq(runAuditItems.detector, detector)) : eq(runAuditItems.auditId, auditId);
  const items = await db.select({ id: runAuditItems.id, detector: runAuditItems.detector, stratum: runAuditItems.stratum }).from(runAuditItems).where(where).orderBy(asc(runAuditItems.detector), asc(runAuditItems.seq));
  const votes = await loadAuditVotes(
    db,
    items.map((i) => i.id),
  );
  return items.map((i) => ({ ...i, votes: votes.get(i.id) ?? [] }));
}

/** The run's per-detector figures from its audit as labelled now (lib/audit/figures.ts). */
export async function auditFiguresOf(db: DbOrTx, audit: Pick<RunAudit, "id" | "strata" | "seed">): Promise<Record<DetectorCode, AuditFigure>> {
  return auditFigures(audit.strata, await auditItemVotes(db, audit.id), audit.seed);
}

/** One audit item as the labelling page shows it: the reply, what the detector saw and did, and the conversation. */
export type AuditQueueItem = {
  itemId: number;
  detector: DetectorCode;
  stratum: AuditStratum;
  seq: number;
  lineNo: number;
  decisionId: string;
  episodeId: string;
  reply: string;
  context: DetectorContext;
  history: DecisionPoint["history"];
  /** This detector's hits and the spans it read and cleared (null on a run imported before cleared spans were kept). */
  hits: DetectorHit[];
  cleared: DetectorHit[] | null;
  promotedProbeId: string | null;
  votes: LabelVote[];
};

/**
 * One detector's audit items in queue order, with everything an annotator needs to label the reply: the conversation
 * and targets of the run's own pack version (the ones it was scored against), the hits and cleared spans stored at import.
 */
export async function loadAuditQueue(db: DbOrTx, audit: Pick<RunAudit, "id" | "runId">, detector: DetectorCode): Promise<AuditQueueItem[]> {
  const [run] = await db.select({ packVersion: runs.packVersion }).from(runs).where(eq(runs.id, audit.runId)).limit(1);
  if (!run) return [];
  const rows = await db
    .select({
      itemId: runAuditItems.id,
      stratum: runAuditItems.stratum,
      seq: runAuditItems.seq,
      lineNo: runAuditItems.lineNo,
      decisionId: runAuditItems.decisionId,
      promotedProbeId: runAuditItems.promotedProbeId,
      raw: runLines.raw,
      hits: decisionScores.hits,
      cleared: decisionScores.cleared,
    })
    .from(runAuditItems)
    .innerJoin(runLines, eq(runLines.id, runAuditItems.lineId))
    .innerJoin(decisionScores, eq(decisionScores.lineId, runAuditItems.lineId))
    .where(and(eq(runAuditItems.auditId, audit.id), eq(runAuditItems.detector, detector)))
    .orderBy(asc(runAuditItems.seq));
  const points = new Map(toDecisionPoints(await loadDbEpisodes(db, run.packVersion)).map((p) => [p.decision_id, p]));
  const votes = await loadAuditVotes(
    db,
    rows.map((r) => r.itemId),
  );
  return rows.flatMap((r) => {
    const point = points.get(r.decisionId);
    const format = checkFormat(r.raw);
    if (!point || !format.ok) return []; // drawn from format-valid lines of this pack version: cannot happen
    return [
      {
        itemId: r.itemId,
        detector,
        stratum: r.stratum,
        seq: r.seq,
        lineNo: r.lineNo,
        decisionId: r.decisionId,
        episodeId: point.episode_id,
        reply: format.output.reply,
        context: detectorContext(point.target, point.customer_message),
        history: point.history,
        hits: r.hits[detector] ?? [],
        cleared: r.cleared === null ? null : r.cleared.filter((c) => c.detector === detector).map((c) => ({ start: c.start, end: c.end, text: c.text, reason: c.reason })),
        promotedProbeId: r.promotedProbeId,
        votes: votes.get(r.itemId) ?? [],
      },
    ];
  });
}

/** The audit as a file (lib/audit/audit-schema.ts) for `npx assay score --run FILE --audit AUDIT.json`. */
export async function exportAudit(db: DbOrTx, auditId: number): Promise<AuditExport | null> {
  const audit = await getAudit(db, auditId);
  if (!audit) return null;
  const [run] = await db.select({ name: runs.name, fileName: runs.fileName, nLines: runs.nLines, packVersion: runs.packVersion }).from(runs).where(eq(runs.id, audit.runId)).limit(1);
  if (!run) return null;
  const items = await db
    .select({ id: runAuditItems.id, detector: runAuditItems.detector, stratum: runAuditItems.stratum, lineNo: runAuditItems.lineNo, decisionId: runAuditItems.decisionId, promotedProbeId: runAuditItems.promotedProbeId, raw: runLines.raw })
    .from(runAuditItems)
    .innerJoin(runLines, eq(runLines.id, runAuditItems.lineId))
    .where(eq(runAuditItems.auditId, auditId))
    .orderBy(asc(runAuditItems.detector), asc(runAuditItems.seq));
  const votes = await loadAuditVotes(
    db,
    items.map((i) => i.id),
  );
  return auditExportSchema.parse({
    kind: "run-audit",
    schema_version: 1,
    run: { name: run.name, file: run.fileName, n_lines: run.nLines, pack_version: run.packVersion },
    seed: audit.seed,
    drawn_by: audit.createdBy,
    drawn_at: audit.createdAt,
    strata: audit.strata,
    items: items.map((i) => {
      const v = votes.get(i.id) ?? [];
      return {
        detector: i.detector,
        stratum: i.stratum,
        line: i.lineNo,
        decision_id: i.decisionId,
        raw_sha256: createHash("sha256").update(i.raw).digest("hex"),
        votes: v.map((x) => ({ annotator: x.annotator, label: x.label, labelled_at: x.labelledAt })),
        label: effectiveLabel(v).label,
        promoted_probe_id: i.promotedProbeId,
      };
    }),
  });
}

/** Every run audit with its run's name, newest first: the labelling page's list of audit queues. */
export async function listAudits(db: DbOrTx): Promise<Array<{ id: number; runId: number; runName: string; createdAt: string }>> {
  return await db
    .select({ id: runAudits.id, runId: runAudits.runId, runName: runs.name, createdAt: runAudits.createdAt })
    .from(runAudits)
    .innerJoin(runs, eq(runs.id, runAudits.runId))
    .orderBy(desc(runAudits.createdAt), desc(runAudits.id));
}
