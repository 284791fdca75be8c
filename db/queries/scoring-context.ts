import { asc, desc } from "drizzle-orm";
import { InputError } from "../../lib/io/input-error";
import { toDecisionPoints, type DecisionPoint } from "../../lib/pack/decision-points";
import type { DetectorCode } from "../../lib/pack/vocab";
import type { Episode } from "../../lib/schemas/episode";
import type { Pack } from "../../lib/schemas/pack";
import type { DetectorFigure } from "../../lib/scoring/report-schema";
import { compileMustAsk } from "../../lib/scoring/must-ask";
import type { DbOrTx } from "../index";
import { episodes, packVersions } from "../schema";
import { detectorFigures } from "./probe-set";

// Shared with the CLI import, the bench and tests, so no `server-only` marker here.

export type DbScoringContext = {
  points: DecisionPoint[];
  pack: Pack;
  detectors: Record<DetectorCode, DetectorFigure>;
  evalHash: string;
};

/** The workbench's pack as the scorer needs it (latest loaded version). */
export function loadDbPack(db: DbOrTx): { pack: Pack; evalHash: string; policies: { id: string; title: string }[] } {
  const row = db.select().from(packVersions).orderBy(desc(packVersions.loadedAt)).limit(1).get();
  if (!row) throw new InputError("database", 0, "", "the database holds no policy pack: run `npm run db:setup` first");
  return { pack: { version: row.version, policyIds: new Set(row.policies.map((p) => p.id)), mustAsk: compileMustAsk(row.mustAsk) }, evalHash: row.evalHash, policies: row.policies };
}

/** Episodes in golden file order, as lib/ types. */
export function loadDbEpisodes(db: DbOrTx): Episode[] {
  return db
    .select()
    .from(episodes)
    .orderBy(asc(episodes.seq))
    .all()
    .map((e) => ({ id: e.id, family: e.family, difficulty: e.difficulty, split: e.split, title: e.title, traps: e.traps, turns: e.turns }));
}

/**
 * Everything the lib/ scorer needs, read from the workbench database: the pack and decision points seeded from golden/,
 * and detector figures measured now on the probes with their current effective labels (so a relabel changes which
 * criteria are advisory for the next import, exactly as editing probes/*.jsonl does for `assay score`).
 */
export function loadDbScoringContext(db: DbOrTx): DbScoringContext {
  const { pack, evalHash } = loadDbPack(db);
  const eps = loadDbEpisodes(db);
  if (eps.length === 0) throw new InputError("database", 0, "", "the database holds no episodes: run `npm run db:setup` first");
  return { points: toDecisionPoints(eps), pack, detectors: detectorFigures(db), evalHash };
}
