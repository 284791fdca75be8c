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
export function loadVotes(db: DbOrTx, probeIds?: readonly string[]): Map<string, LabelVote[]> {
  const q = db.select({ probeId: probeLabels.probeId, annotator: probeLabels.annotator, label: probeLabels.label, labelledAt: probeLabels.labelledAt }).from(probeLabels);
  const rows = (probeIds ? q.where(inArray(probeLabels.probeId, [...probeIds])) : q).orderBy(asc(probeLabels.labelledAt), asc(probeLabels.id)).all();
  return groupVotes(rows);
}

/**
 * What a detector's probes are, in one cheap aggregate (count, and the summed lengths and order of their text): it
 * changes whenever a probe is added, removed or edited, so the labelling page can keep its predictions between loads.
 */
export function probeSetFingerprint(db: DbOrTx, detector: DetectorCode): string {
  const r = db
    .select({ n: count(), size: sql<number>`total(length(${probes.id}) + length(${probes.reply}) + length(${probes.context}) + length(coalesce(${probes.note}, '')) + length(coalesce(${probes.pairId}, '')) + ${probes.seq})` })
    .from(probes)
    .where(eq(probes.detector, detector))
    .get()!;
  return `${r.n}:${r.size}`;
}

/** Every vote on one detector's probes, grouped by probe id, oldest first. */
export function loadDetectorVotes(db: DbOrTx, detector: DetectorCode): Map<string, LabelVote[]> {
  const rows = db
    .select({ probeId: probeLabels.probeId, annotator: probeLabels.annotator, label: probeLabels.label, labelledAt: probeLabels.labelledAt })
    .from(probeLabels)
    .innerJoin(probes, eq(probes.id, probeLabels.probeId))
    .where(eq(probes.detector, detector))
    .orderBy(asc(probeLabels.labelledAt), asc(probeLabels.id))
    .all();
  return groupVotes(rows);
}

/** The probes of one detector (or all) in file order, with the detector's current prediction and every annotator's label. */
export function loadProbeSet(db: DbOrTx, detector?: DetectorCode): ProbeView[] {
  const q = db.select().from(probes);
  const rows = (detector ? q.where(eq(probes.detector, detector)) : q).orderBy(asc(probes.detector), asc(probes.seq), asc(probes.id)).all();
  const votes = loadVotes(db, detector ? rows.map((r) => r.id) : undefined);
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
export function detectorFigures(db: DbOrTx): Record<DetectorCode, DetectorFigure> {
  const all = loadProbeSet(db);
  const out = {} as Record<DetectorCode, DetectorFigure>;
  for (const c of DETECTOR_CODES) out[c] = figuresOf(all.filter((p) => p.detector === c));
  return out;
}
