import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { DETECTOR_CODES, type DetectorCode } from "../../lib/pack/vocab";
import type { DetectorContext } from "../../lib/schemas/probe";
import type { DetectorFigure, DetectorHit } from "../../lib/scoring/report-schema";
import { effectiveLabel, type LabelVote } from "../../lib/probes/effective-label";
import { figuresFromPredictions } from "../../lib/probes/figures";
import { outOfSampleFigure } from "../../lib/probes/probe-sets";
import type { DbOrTx } from "../index";
import { probeLabels, probes } from "../schema";
import { predictProbe } from "./predictions";

// Shared with the import path, the bench and tests, so no `server-only` marker here.

export type ProbeView = {
  id: string;
  detector: DetectorCode;
  reply: string;
  context: DetectorContext;
  pairId: string | null;
  note: string | null;
  file: string;
  seq: number;
  predicted: boolean;
  hits: DetectorHit[];
  votes: LabelVote[];
};

type VoteRow = { probeId: string } & LabelVote;

/** Votes grouped by probe id, in the order given. */
function groupVotes(rows: readonly VoteRow[]): Map<string, LabelVote[]> {
  const out = new Map<string, LabelVote[]>();
  for (const r of rows) {
    let list = out.get(r.probeId);
    if (!list) out.set(r.probeId, (list = []));
    list.push({ annotator: r.annotator, label: r.label, labelledAt: r.labelledAt });
  }
  return out;
}

/** Every label on the given probes, grouped by probe id, oldest first. */
export async function loadVotes(db: DbOrTx, probeIds?: readonly string[]): Promise<Map<string, LabelVote[]>> {
  const q = db.select({ probeId: probeLabels.probeId, annotator: probeLabels.annotator, label: probeLabels.label, labelledAt: probeLabels.labelledAt }).from(probeLabels);
  const rows = await (probeIds ? q.where(inArray(probeLabels.probeId, [...probeIds])) : q).orderBy(asc(probeLabels.labelledAt), asc(probeLabels.id));
  return groupVotes(rows);
}

/**
 * What a detector's probes are, in one cheap aggregate (count, and the summed lengths and order of their text): it
 * changes whenever a probe is added, removed or edited, so the labelling page can keep its predictions between loads.
 */
export async function probeSetFingerprint(db: DbOrTx, detector: DetectorCode): Promise<string> {
  // coalesce(sum(…), 0), not SQLite's total(): valid on both dialects; the JSON context is measured as text.
  const [r] = await db
    .select({ n: count(), size: sql<number>`coalesce(sum(length(${probes.id}) + length(${probes.reply}) + length(cast(${probes.context} as text)) + length(coalesce(${probes.note}, '')) + length(coalesce(${probes.pairId}, '')) + ${probes.seq}), 0)` })
    .from(probes)
    .where(eq(probes.detector, detector));
  return `${r!.n}:${Number(r!.size)}`;
}

/** Every vote on one detector's probes, grouped by probe id, oldest first. */
export async function loadDetectorVotes(db: DbOrTx, detector: DetectorCode): Promise<Map<string, LabelVote[]>> {
  const rows = await db
    .select({ probeId: probeLabels.probeId, annotator: probeLabels.annotator, label: probeLabels.label, labelledAt: probeLabels.labelledAt })
    .from(probeLabels)
    .innerJoin(probes, eq(probes.id, probeLabels.probeId))
    .where(eq(probes.detector, detector))
    .orderBy(asc(probeLabels.labelledAt), asc(probeLabels.id));
  return groupVotes(rows);
}

/** The probes of one detector (or all) in file order, with the detector's current prediction and every annotator's label. */
export async function loadProbeSet(db: DbOrTx, detector?: DetectorCode): Promise<ProbeView[]> {
  const q = db.select().from(probes);
  const rows = await (detector ? q.where(eq(probes.detector, detector)) : q).orderBy(asc(probes.detector), asc(probes.seq), asc(probes.id));
  const votes = await loadVotes(db, detector ? rows.map((r) => r.id) : undefined);
  return rows.map((r) => {
    const pred = predictProbe(r);
    return { id: r.id, detector: r.detector, reply: r.reply, context: r.context, pairId: r.pairId, note: r.note, file: r.file, seq: r.seq, predicted: pred.predicted, hits: pred.hits, votes: votes.get(r.id) ?? [] };
  });
}

/** Precision/recall and pairs separated of one detector on the labelled probes (effective label = majority; ties and unlabelled left out). */
export function figuresOf(set: readonly Pick<ProbeView, "id" | "predicted" | "votes" | "pairId">[]): DetectorFigure {
  const predicted = set.map((p) => ({ id: p.id, predicted: p.predicted, label: effectiveLabel(p.votes).label, pair_id: p.pairId }));
  return { ...figuresFromPredictions(predicted), out_of_sample: outOfSampleFigure(predicted) };
}

/** The figures the scorer needs for every detector, measured now on the workbench's probe set. */
export async function detectorFigures(db: DbOrTx): Promise<Record<DetectorCode, DetectorFigure>> {
  const all = await loadProbeSet(db);
  const out = {} as Record<DetectorCode, DetectorFigure>;
  for (const c of DETECTOR_CODES) out[c] = figuresOf(all.filter((p) => p.detector === c));
  return out;
}
