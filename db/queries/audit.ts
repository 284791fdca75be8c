import { and, count, desc, eq, gte, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { OUTCOME_SUFFIXES, type AuditFilters } from "../../lib/audit-log/filters";
import type { DbOrTx } from "../index";
import { auditLog } from "../schema";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
// LIKE is case-insensitive on SQLite and case-sensitive on PostgreSQL: lower() on both sides matches alike on both.
const ilike = (column: SQLWrapper, pattern: string) => sql`lower(${column}) like lower(${pattern}) escape '\\'`;
const endsWith = (suffix: string) => ilike(auditLog.action, `%${escapeLike(suffix)}`);

function where(f: AuditFilters): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (f.who) parts.push(ilike(auditLog.actor, `%${escapeLike(f.who)}%`));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.outcome === "refused") parts.push(or(...OUTCOME_SUFFIXES.refused.map(endsWith)));
  if (f.outcome === "failed") parts.push(or(...OUTCOME_SUFFIXES.failed.map(endsWith)));
  if (f.outcome === "done") parts.push(and(...[...OUTCOME_SUFFIXES.refused, ...OUTCOME_SUFFIXES.failed].map((s) => sql`not (${endsWith(s)})`)));
  // Dates are UTC days: `at` is an ISO string, so a day's rows sort between "D" and "D+1".
  if (f.from) parts.push(gte(auditLog.at, f.from));
  if (f.to) parts.push(lt(auditLog.at, nextDay(f.to)));
  return parts.length ? and(...parts) : undefined;
}

function nextDay(d: string): string {
  const t = new Date(`${d}T00:00:00.000Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

/**
 * A page of the audit log matching the filters, newest first: `limit` rows older than `before` (an id), how many rows
 * match in all, and whether older ones remain.
 */
export async function listAudit(db: DbOrTx, f: AuditFilters & { limit: number }) {
  const filter = where(f);
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(filter, f.before ? lt(auditLog.id, f.before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(f.limit + 1);
  const [{ n: total }] = (await db.select({ n: count() }).from(auditLog).where(filter)) as [{ n: number }];
  return { rows: rows.slice(0, f.limit), total, more: rows.length > f.limit };
}

/** Every action the log holds, for the filter's choices. */
export async function auditActions(db: DbOrTx): Promise<string[]> {
  return (await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action)).map((r) => r.action);
}
