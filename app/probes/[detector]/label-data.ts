import "server-only";
import { getDb, type Db } from "@/db/index";
import { figuresOf, loadDetectorVotes, loadProbeSet, probeSetFingerprint } from "@/db/queries/probe-set";
import { getAudit, loadAuditQueue, type RunAudit } from "@/db/queries/run-audit";
import { getRun } from "@/db/queries/runs";
import type { AuditFigure } from "@/lib/audit/estimator";
import { auditFigureOf } from "@/lib/audit/figures";
import type { AuditStrata } from "@/lib/audit/strata";
import type { DetectorCode } from "@/lib/pack/vocab";
import { pairwiseAgreement, type PairAgreement } from "@/lib/probes/agreement";
import { effectiveLabel } from "@/lib/probes/effective-label";
import { labelView, queueCounts, queueWindow, type LabelItem, type LabelItemView, type Queue } from "@/lib/probes/labelling";
import { figuresBySet } from "@/lib/probes/probe-sets";
import type { DetectorFigure } from "@/lib/scoring/report-schema";

/** Queue items the browser holds at a time; it asks for the next window as the annotator nears its end. */
export const WINDOW = 20;

export type AuditMode = { id: number; runId: number; runName: string; seed: number; strata: AuditStrata };

/** The figures, agreement and queue sizes: aggregates over every item, computed here so the browser needs no one's votes. */
export type LabelPanel = {
  figures: DetectorFigure | null;
  bySet: ReturnType<typeof figuresBySet>;
  auditFigure: AuditFigure | null;
  agreement: PairAgreement[];
  counts: Record<Queue, number | null>;
};

type ProbeItems = { fingerprint: string; items: Array<Omit<LabelItem, "votes">> };
/**
 * A detector's probes with the detector's predictions, kept between requests while the probes stay the same (issue 26:
 * reading, parsing and predicting 3,000 probes was most of a labelling page's time). Votes are read fresh every time.
 */
const probeItems = new Map<DetectorCode, ProbeItems>();

async function probeItemsOf(db: Db, detector: DetectorCode): Promise<ProbeItems["items"]> {
  const fingerprint = await probeSetFingerprint(db, detector);
  const held = probeItems.get(detector);
  if (held?.fingerprint === fingerprint) return held.items;
  const items = (await loadProbeSet(db, detector)).map(({ file: _f, votes: _v, ...p }) => ({ ...p, cleared: null, history: null, source: null, promotedProbeId: null }));
  probeItems.set(detector, { fingerprint, items });
  return items;
}

/** Every item of a detector's probe set or of one audit's queue, with everything the server knows about it. */
export async function loadLabelItems(db: Db, detector: DetectorCode, audit: RunAudit | null): Promise<{ items: LabelItem[]; mode: AuditMode | null } | null> {
  if (!audit) {
    const votes = await loadDetectorVotes(db, detector);
    return { items: (await probeItemsOf(db, detector)).map((p): LabelItem => ({ ...p, votes: votes.get(p.id) ?? [] })), mode: null };
  }
  const run = await getRun(db, audit.runId);
  if (!run) return null;
  const items = (await loadAuditQueue(db, audit, detector)).map(
    (q): LabelItem => ({
      id: `item-${q.itemId}`,
      detector,
      reply: q.reply,
      context: q.context,
      pairId: null,
      note: null,
      seq: q.seq,
      predicted: q.stratum === "fired",
      hits: q.hits,
      cleared: q.cleared,
      history: q.history,
      source: { itemId: q.itemId, runId: run.id, runName: run.name, lineNo: q.lineNo, decisionId: q.decisionId },
      promotedProbeId: q.promotedProbeId,
      votes: q.votes,
    }),
  );
  return { items, mode: { id: audit.id, runId: run.id, runName: run.name, seed: audit.seed, strata: audit.strata } };
}

export function labelPanel(items: readonly LabelItem[], mode: AuditMode | null, detector: DetectorCode, actor: string, blind: boolean): LabelPanel {
  const predicted = items.map((p) => ({ id: p.id, predicted: p.predicted, label: effectiveLabel(p.votes).label, pair_id: p.pairId }));
  return {
    figures: mode ? null : figuresOf(items),
    bySet: mode ? [] : figuresBySet(predicted),
    auditFigure: mode ? auditFigureOf(detector, mode.strata, items.map((p) => ({ detector, stratum: p.predicted ? ("fired" as const) : ("not_fired" as const), votes: p.votes })), mode.seed) : null,
    agreement: pairwiseAgreement(items),
    counts: queueCounts(items, actor, blind),
  };
}

export type LabelWindow = { items: LabelItemView[]; partners: LabelItemView[] };

/** A window of the queue as this annotator may see it (lib/probes/labelling.ts decides what a blind view holds). */
export function labelWindow(items: readonly LabelItem[], queue: Queue, actor: string, blind: boolean, opts: { at?: string | null; after?: string | null }): LabelWindow {
  const w = queueWindow(items, queue, actor, { ...opts, limit: WINDOW });
  return { items: w.items.map((p) => labelView(p, actor, blind)), partners: w.partners.map((p) => labelView(p, actor, blind)) };
}

/** The audit named by a page's `?audit=` or an action's input, or null for the probe set; undefined when it does not exist. */
export async function auditOf(auditId: number | null): Promise<RunAudit | null | undefined> {
  if (auditId === null) return null;
  return (await getAudit(await getDb(), auditId)) ?? undefined;
}
