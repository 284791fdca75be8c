import { asc, desc, eq, sql } from "drizzle-orm";
import { InputError } from "../../lib/io/input-error";
import { toDecisionPoints, type DecisionPoint } from "../../lib/pack/decision-points";
import type { DetectorCode } from "../../lib/pack/vocab";
import type { Episode } from "../../lib/schemas/episode";
import type { Pack } from "../../lib/schemas/pack";
import type { DetectorFigure } from "../../lib/scoring/report-schema";
import { compileMustAsk } from "../../lib/scoring/must-ask";
import type { DbOrTx } from "../index";
import { episodes, packVersions, type PackVersionRow } from "../schema";
import { latestRelease } from "./probe-set-versions";

// Shared with the CLI import, the bench and tests, so no `server-only` marker here.

export type DbScoringContext = {
  points: DecisionPoint[];
  pack: Pack;
  detectors: Record<DetectorCode, DetectorFigure>;
  evalHash: string;
  /** The released probe-set version the detector figures come from (issue 26); the run records it. Null only for figures from elsewhere (a test building an old database). */
  probeSetVersion: number | null;
};

/** The row of the workbench's current pack: the one loaded last (rowid breaks a tie of loaded_at), or null on an empty database. */
function latestPackRow(db: DbOrTx): PackVersionRow | null {
  return db.select().from(packVersions).orderBy(desc(packVersions.loadedAt), desc(sql`rowid`)).limit(1).get() ?? null;
}

/** The workbench's current pack version (the latest loaded): new imports are scored under it. */
export function currentPackVersion(db: DbOrTx): string | null {
  return latestPackRow(db)?.version ?? null;
}

/** A pack as the scorer needs it: the version given (a run's), or the latest loaded one. */
export function loadDbPack(db: DbOrTx, version?: string): { pack: Pack; evalHash: string; policies: { id: string; title: string }[] } {
  const row = version === undefined ? latestPackRow(db) : (db.select().from(packVersions).where(eq(packVersions.version, version)).get() ?? null);
  if (!row) throw new InputError("database", 0, "", version === undefined ? "the database holds no policy pack: run `npm run db:setup` first" : `the database holds no policy pack v${version}`);
  return { pack: { version: row.version, policyIds: new Set(row.policies.map((p) => p.id)), mustAsk: compileMustAsk(row.mustAsk) }, evalHash: row.evalHash, policies: row.policies };
}

/** One pack version's episodes (the current version's when none is given) in golden file order, as lib/ types. */
export function loadDbEpisodes(db: DbOrTx, version?: string): Episode[] {
  const v = version ?? currentPackVersion(db);
  if (v === null) return [];
  return db
    .select()
    .from(episodes)
    .where(eq(episodes.packVersion, v))
    .orderBy(asc(episodes.seq))
    .all()
    .map((e) => ({ id: e.id, family: e.family, difficulty: e.difficulty, split: e.split, title: e.title, traps: e.traps, turns: e.turns }));
}

/**
 * Everything the lib/ scorer needs, read from the workbench database: the pack and decision points of one pack version
 * (the current one unless given; imports are scored under it), and the detector figures of the newest released
 * probe-set version (issue 26). Labelling changes only the draft: which criteria are advisory for the next import moves
 * when a lead releases a version, never on a vote.
 */
export function loadDbScoringContext(db: DbOrTx, version?: string): DbScoringContext {
  const { pack, evalHash } = loadDbPack(db, version);
  const eps = loadDbEpisodes(db, pack.version);
  if (eps.length === 0) throw new InputError("database", 0, "", `the database holds no episodes of pack v${pack.version}: run \`npm run db:setup\` first`);
  const release = latestRelease(db);
  if (!release) throw new InputError("database", 0, "", "no probe-set version has been released: run `npm run db:setup` first (it releases version 1)");
  return { points: toDecisionPoints(eps), pack, detectors: release.figures, evalHash, probeSetVersion: release.version };
}
