import { eq } from "drizzle-orm";
import { canonicalJson } from "../../bin/load/eval-hash";
import { toDecisionPoints } from "../../lib/pack/decision-points";
import type { Episode } from "../../lib/schemas/episode";
import type { MustAskFile, Policy } from "../../lib/schemas/pack";
import type { Probe } from "../../lib/schemas/probe";
import type { Db } from "../index";
import { decisionPoints, episodes, packVersions, probeLabels, probes } from "../schema";
import { audit } from "./audit";
import { insertInBatches } from "../sql";

/** The annotator a shipped probe label is recorded under: the label probes/*.jsonl carried when it was seeded. */
export const SHIPPED_ANNOTATOR = "shipped";
const SEED_ACTOR = "db-setup";

export type SeedCounts = { added: number; kept: number; differing: string[] };

/** Stores the pack version if the database does not have it; an existing row is left alone (reported if it differs). */
export async function seedPack(db: Db, pack: { version: string; policies: Policy[]; mustAsk: MustAskFile; evalHash: string }, at = new Date().toISOString()): Promise<SeedCounts> {
  return db.transaction(async (tx) => {
    const row = (await tx.select().from(packVersions)).find((r) => r.version === pack.version);
    if (row) {
      const same = canonicalJson(row.policies) === canonicalJson(pack.policies) && canonicalJson(row.mustAsk) === canonicalJson(pack.mustAsk) && row.evalHash === pack.evalHash;
      return { added: 0, kept: 1, differing: same ? [] : [pack.version] };
    }
    await tx.insert(packVersions).values({ version: pack.version, policies: pack.policies, mustAsk: pack.mustAsk, evalHash: pack.evalHash, loadedAt: at });
    await audit(tx, { actor: SEED_ACTOR, action: "pack.seed", entity: "pack_version", entityId: pack.version, at, detail: { policies: pack.policies.length } });
    return { added: 1, kept: 0, differing: [] };
  });
}

/**
 * Inserts the episodes (and their decision points) of one pack version that the database does not have yet, in golden
 * file order. Each pack version keeps its own set: a new version's episodes go in beside the old ones, and rows of a
 * version are never rewritten — runs were scored against them — but any that differ from golden/ are reported.
 */
export async function seedEpisodes(db: Db, eps: readonly Episode[], packVersion: string, at = new Date().toISOString()): Promise<SeedCounts> {
  return db.transaction(async (tx) => {
    const existing = new Map((await tx.select().from(episodes).where(eq(episodes.packVersion, packVersion))).map((e) => [e.id, e]));
    let seq = existing.size === 0 ? 0 : Math.max(...[...existing.values()].map((e) => e.seq));
    const counts: SeedCounts = { added: 0, kept: 0, differing: [] };
    const added: Episode[] = [];
    for (const ep of eps) {
      const row = existing.get(ep.id);
      if (row) {
        counts.kept++;
        const stored = { id: row.id, family: row.family, difficulty: row.difficulty, split: row.split, title: row.title, traps: row.traps, turns: row.turns };
        if (canonicalJson(stored) !== canonicalJson(ep)) counts.differing.push(ep.id);
        continue;
      }
      await tx.insert(episodes).values({ packVersion, id: ep.id, seq: ++seq, family: ep.family, difficulty: ep.difficulty, split: ep.split, title: ep.title, traps: ep.traps, turns: ep.turns });
      added.push(ep);
      counts.added++;
    }
    const points = toDecisionPoints(added).map((p) => ({ packVersion, id: p.decision_id, episodeId: p.episode_id, position: p.index, family: p.family, difficulty: p.difficulty, split: p.split, target: p.target, rationale: p.rationale, referenceReply: p.reference_reply, customerMessage: p.customer_message }));
    await insertInBatches((batch) => tx.insert(decisionPoints).values(batch), points);
    if (counts.added > 0) await audit(tx, { actor: SEED_ACTOR, action: "episodes.seed", entity: "episode_set", entityId: "golden", at, detail: { pack_version: packVersion, added: counts.added } });
    return counts;
  });
}

/**
 * Inserts the probes the database does not have yet, each with its shipped label recorded as the `shipped`
 * annotator's vote. Probes already present keep their labels, whatever the file now says.
 */
export async function seedProbes(db: Db, list: ReadonlyArray<{ probe: Probe; file: string; seq: number }>, at = new Date().toISOString()): Promise<SeedCounts> {
  return db.transaction(async (tx) => {
    const existing = new Set((await tx.select({ id: probes.id }).from(probes)).map((r) => r.id));
    const counts: SeedCounts = { added: 0, kept: 0, differing: [] };
    const rows: Array<typeof probes.$inferInsert> = [];
    const labels: Array<typeof probeLabels.$inferInsert> = [];
    for (const { probe: p, file, seq } of list) {
      if (existing.has(p.id)) {
        counts.kept++;
        continue;
      }
      rows.push({ id: p.id, detector: p.detector, reply: p.reply, context: p.context, pairId: p.pair_id ?? null, note: p.note ?? null, file, seq, createdBy: SEED_ACTOR, createdAt: at });
      labels.push({ probeId: p.id, annotator: SHIPPED_ANNOTATOR, label: p.label, labelledAt: at });
      counts.added++;
    }
    await insertInBatches((batch) => tx.insert(probes).values(batch), rows);
    await insertInBatches((batch) => tx.insert(probeLabels).values(batch), labels);
    if (counts.added > 0) await audit(tx, { actor: SEED_ACTOR, action: "probes.seed", entity: "probe_set", entityId: "probes", at, detail: { added: counts.added } });
    return counts;
  });
}
