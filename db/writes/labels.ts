import { and, eq, sql } from "drizzle-orm";
import type { ProbeLabel } from "../../lib/schemas/probe";
import type { Db } from "../index";
import { probeLabels, probes } from "../schema";
import { lockForTransaction } from "../sql";
import { audit } from "./audit";

export type LabelInput = { probeId: string; annotator: string; label: ProbeLabel; at?: string };

export class NotFoundError extends Error {
  override name = "NotFoundError";
}

/**
 * Saves one annotator's label on one probe: an upsert on (probe, annotator), so it replaces only that annotator's own
 * label and can never overwrite anyone else's — two annotators saving at once both land. One transaction: on SQLite it
 * is BEGIN IMMEDIATE (the write lock is taken up front, so concurrent savers queue on busy_timeout instead of failing
 * on a lock upgrade); on PostgreSQL the upsert is atomic by itself, and a lock on (probe, annotator) makes the same
 * annotator's two saves at once read each other's label as the previous one, in turn.
 * Returns the annotator's previous label (null if none), which is what undo restores.
 */
export async function saveLabel(db: Db, input: LabelInput): Promise<{ previous: ProbeLabel | null }> {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, `label:${input.probeId}:${input.annotator}`);
    const [probe] = await tx.select({ id: probes.id }).from(probes).where(eq(probes.id, input.probeId)).limit(1);
    if (!probe) throw new NotFoundError(`no probe '${input.probeId}'`);
    const [prev] = await tx
      .select({ label: probeLabels.label })
      .from(probeLabels)
      .where(and(eq(probeLabels.probeId, input.probeId), eq(probeLabels.annotator, input.annotator)))
      .limit(1);
    await tx
      .insert(probeLabels)
      .values({ probeId: input.probeId, annotator: input.annotator, label: input.label, labelledAt: at })
      .onConflictDoUpdate({ target: [probeLabels.probeId, probeLabels.annotator], set: { label: sql`excluded.label`, labelledAt: sql`excluded.labelled_at` } });
    await audit(tx, { actor: input.annotator, action: "label.save", entity: "probe", entityId: input.probeId, at, detail: { label: input.label, previous: prev?.label ?? null } });
    return { previous: prev?.label ?? null };
  });
}

/** Removes one annotator's own label from a probe (undo of a first label). Other annotators' labels are untouched. */
export async function clearLabel(db: Db, input: { probeId: string; annotator: string; at?: string }): Promise<{ previous: ProbeLabel | null }> {
  const at = input.at ?? new Date().toISOString();
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, `label:${input.probeId}:${input.annotator}`);
    const [prev] = await tx
      .delete(probeLabels)
      .where(and(eq(probeLabels.probeId, input.probeId), eq(probeLabels.annotator, input.annotator)))
      .returning({ label: probeLabels.label });
    await audit(tx, { actor: input.annotator, action: "label.clear", entity: "probe", entityId: input.probeId, at, detail: { previous: prev?.label ?? null } });
    return { previous: prev?.label ?? null };
  });
}
