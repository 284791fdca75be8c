import { asc, desc, eq, sql } from "drizzle-orm";
import { InputError } from "../../lib/io/input-error";
import { toDecisionPoints, type DecisionPoint } from "../../lib/pack/decision-points";
import type { DetectorCode } from "../../lib/pack/vocab";
import type { Episode } from "../../lib/schemas/episode";
import type { Pack } from "../../lib/schemas/pack";
import type { DetectorFigure } from "../../lib/scoring/report-schema";
import { compileMustAsk } from "../../lib/scoring/must-ask";
import { dialectOf, type DbOrTx } from "../index";
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

/**
 * The row of the workbench's current pack: the one loaded last, or null on an empty database. Insertion order breaks a
 * tie of loaded_at: SQLite's rowid; on PostgreSQL the row's physical position (ctid), which follows insertion order in
 * this table since its rows are only ever inserted, never updated or deleted.
 */
async function latestPackRow(db: DbOrTx): Promise<PackVersionRow | null> {
  // db may be a transaction, which on PostgreSQL does not carry the dialect tag: the process dialect says it too.
  const order = dialectOf(db) === "postgres" ? sql`ctid` : sql`rowid`;
  const [row] = await db.select().from(packVersions).orderBy(desc(packVersions.loadedAt), desc(order)).limit(1);
  return row ?? null;
}

/** The workbench's current pack version (the latest loaded): new imports are scored under it. */
export async function currentPackVersion(db: DbOrTx): Promise<string | null> {
  return (await latestPackRow(db))?.version ?? null;
}

/** A pack as the scorer needs it: the version given (a run's), or the latest loaded one. */
export async function loadDbPack(db: DbOrTx, version?: string): Promise<{ pack: Pack; evalHash: string; policies: { id: string; title: string }[] }> {
  const row = version === undefined ? await latestPackRow(db) : ((await db.select().from(packVersions).where(eq(packVersions.version, version)).limit(1))[0] ?? null);
  if (!row) throw new InputError("database", 0, "", version === undefined ? "the database holds no policy pack: run `npm run db:setup` first" : `the database holds no policy pack v${version}`);
  return { pack: { version: row.version, policyIds: new Set(row.policies.map((p) => p.id)), mustAsk: compileMustAsk(row.mustAsk) }, evalHash: row.evalHash, policies: row.policies };
}

/** One pack version's episodes (the current version's when none is given) in golden file order, as lib/ types. */
export async function loadDbEpisodes(db: DbOrTx, version?: string): Promise<Episode[]> {
  const v = version ?? (await currentPackVersion(db));
  if (v === null) return [];
  return (await db.select().from(episodes).where(eq(episodes.packVersion, v)).orderBy(asc(episodes.seq))).map((e) => ({ id: e.id, family: e.family, difficulty: e.difficulty, split: e.split, title: e.title, traps: e.traps, turns: e.turns }));
}

/**
 * Everything the lib/ scorer needs, read from the workbench database: the pack and decision points of one pack version
 * (the current one unless given; imports are scored under it), and the detector figures of the newest released
 * probe-set version (issue 26). Labelling changes only the draft: which criteria are advisory for the next import moves
 * when a lead releases a version, never on a vote.
 */
export async function loadDbScoringContext(db: DbOrTx, version?: string): Promise<DbScoringContext> {
  const { pack, evalHash } = await loadDbPack(db, version);
  const eps = await loadDbEpisodes(db, pack.version);
  if (eps.length === 0) throw new InputError("database", 0, "", `the database holds no episodes of pack v${pack.version}: run \`npm run db:setup\` first`);
  const release = await latestRelease(db);
  if (!release) throw new InputError("database", 0, "", "no probe-set version has been released: run `npm run db:setup` first (it releases version 1)");
  return { points: toDecisionPoints(eps), pack, detectors: release.figures, evalHash, probeSetVersion: release.version };
}
