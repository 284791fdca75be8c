import "server-only";
import { desc, lt } from "drizzle-orm";
import type { Db } from "../index";
import { auditLog } from "../schema";

/** The audit log, newest first, `limit` rows older than `before` (an id) for paging. */
export function listAudit(db: Db, opts: { limit: number; before?: number }) {
  const q = db.select().from(auditLog);
  return (opts.before ? q.where(lt(auditLog.id, opts.before)) : q).orderBy(desc(auditLog.id)).limit(opts.limit).all();
}
