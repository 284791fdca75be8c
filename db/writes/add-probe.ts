import { and, eq, sql } from "drizzle-orm";
import { InputError } from "../../lib/io/input-error";
import type { Probe } from "../../lib/schemas/probe";
import type { Db } from "../index";
import { probeLabels, probes } from "../schema";
import { lockForTransaction } from "../sql";
import { audit } from "./audit";

export type NewProbeInput = Omit<Probe, "id"> & { id?: string };

/**
 * Adds a probe authored in the workbench, with its author's label as the first vote, in one transaction. Without an
 * id it takes the next free `<detector>-NNN`; it goes to probes/<detector>.jsonl on export.
 */
export async function addProbe(db: Db, input: { probe: NewProbeInput; actor: string; at?: string }): Promise<string> {
  const at = input.at ?? new Date().toISOString();
  const p = input.probe;
  const prefix = p.detector.toLowerCase();
  const file = `probes/${prefix}.jsonl`;
  return db.transaction(async (tx) => {
    // The next free id and seq are a read-then-write: one adder at a time across app instances (PostgreSQL).
    await lockForTransaction(tx, "probe_add");
    let id = p.id?.trim();
    if (!id) {
      const ids = await tx.select({ id: probes.id }).from(probes).where(eq(probes.detector, p.detector));
      const re = new RegExp(`^${prefix}-(\\d+)$`);
      const max = ids.reduce((m, r) => Math.max(m, Number(re.exec(r.id)?.[1] ?? 0)), 0);
      id = `${prefix}-${String(max + 1).padStart(3, "0")}`;
    }
    const [taken] = await tx.select({ id: probes.id }).from(probes).where(eq(probes.id, id)).limit(1);
    if (taken) throw new InputError("probe", 0, "id", `a probe '${id}' already exists`);
    const [last] = await tx.select({ max: sql<number>`coalesce(max(${probes.seq}), 0)` }).from(probes).where(and(eq(probes.file, file)));
    const seq = Number(last!.max) + 1;
    await tx.insert(probes).values({ id, detector: p.detector, reply: p.reply, context: p.context, pairId: p.pair_id ?? null, note: p.note ?? null, file, seq, createdBy: input.actor, createdAt: at });
    await tx.insert(probeLabels).values({ probeId: id, annotator: input.actor, label: p.label, labelledAt: at });
    await audit(tx, { actor: input.actor, action: "probe.add", entity: "probe", entityId: id, at, detail: { detector: p.detector, label: p.label, pair_id: p.pair_id ?? null } });
    return id;
  });
}
