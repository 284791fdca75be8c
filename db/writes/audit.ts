import type { Db } from "../index";
import { auditLog } from "../schema";

/** Every write a person makes leaves a row: who, when, what, on which entity. */
export function audit(db: Db, actor: string, action: string, entity: string, entityId: string, detail: Record<string, unknown> = {}, at = new Date().toISOString()): void {
  db.insert(auditLog).values({ at, actor, action, entity, entityId, detail }).run();
}
