import type { DbOrTx } from "../index";
import { auditLog } from "../schema";

export type AuditEntry = { actor: string; action: string; entity: string; entityId: string; detail?: Record<string, unknown>; at?: string };

/** Every write a person makes leaves a row: who, when, what, on which entity. Call it inside the write's transaction. */
export function audit(db: DbOrTx, e: AuditEntry): void {
  db.insert(auditLog)
    .values({ at: e.at ?? new Date().toISOString(), actor: e.actor, action: e.action, entity: e.entity, entityId: e.entityId, detail: e.detail ?? {} })
    .run();
}
