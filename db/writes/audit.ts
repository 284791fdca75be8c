import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../index";
import { auditLog } from "../schema";
import { jsonText, lockForTransaction } from "../sql";

export type AuditEntry = { actor: string; action: string; entity: string; entityId: string; detail?: Record<string, unknown>; at?: string };

/** Every write a person makes leaves a row: who, when, what, on which entity. Call it inside the write's transaction. */
export async function audit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ at: e.at ?? new Date().toISOString(), actor: e.actor, action: e.action, entity: e.entity, entityId: e.entityId, detail: e.detail ?? {} });
}

/** Refusals of one kind from one address within this long of the first are one audit row, with a count. */
export const REFUSAL_WINDOW_MS = 10 * 60_000;
const MAX_LISTED_IDS = 20;

/**
 * Issue 26: a refusal (401/403/429, a cross-site request) is recorded, but a flood of them is not a flood of rows. The
 * refusals of one action by one actor from one address within REFUSAL_WINDOW_MS of the first are counted in that first
 * row's detail: `count`, `first_at`, `last_at`, and the records asked for (`entity_ids`, the first 20). The row's `at`
 * is the window's start. The read and the write are one transaction, so two refusals at once cannot both open a row.
 */
export async function auditRefusal(db: DbOrTx, e: AuditEntry & { address: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const at = e.at ?? new Date().toISOString();
    const since = new Date(Date.parse(at) - REFUSAL_WINDOW_MS).toISOString();
    // PostgreSQL: refusals are counted across instances, so the read waits for any other instance's open window.
    await lockForTransaction(tx, `refusal:${e.action}:${e.actor}:${e.address}`);
    const [open] = await tx
    .select({ id: auditLog.id, entityId: auditLog.entityId, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.action, e.action), eq(auditLog.actor, e.actor), gte(auditLog.at, since), lte(auditLog.at, at), sql`${jsonText(auditLog.detail, "address")} = ${e.address}`, sql`${jsonText(auditLog.detail, "count")} is not null`))
    .orderBy(desc(auditLog.id))
    .limit(1);
    if (!open) {
      await audit(tx, { ...e, at, detail: { ...e.detail, address: e.address, count: 1, first_at: at, last_at: at, entity_ids: [e.entityId] } });
      return;
    }
    const was = open.detail;
    const ids = Array.isArray(was.entity_ids) ? (was.entity_ids as string[]) : [open.entityId];
    const entityIds = ids.includes(e.entityId) || ids.length >= MAX_LISTED_IDS ? ids : [...ids, e.entityId];
    const detail = { ...was, ...e.detail, address: e.address, count: Number(was.count) + 1, first_at: was.first_at, last_at: at, entity_ids: entityIds };
    await tx.update(auditLog).set({ detail }).where(eq(auditLog.id, open.id));
  });
}
