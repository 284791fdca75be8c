import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../index";
import { auditLog } from "../schema";

/**
 * Names of example runs a person deleted (issue 26), read from the audit log's run.delete rows, so db:setup does not
 * import them again. A row written before deletions said `example` counts too: the shipped names are the examples'.
 */
export function deletedExampleRuns(db: DbOrTx): Set<string> {
  const rows = db
    .select({ name: sql<string | null>`json_extract(${auditLog.detail}, '$.name')` })
    .from(auditLog)
    .where(and(eq(auditLog.action, "run.delete"), sql`coalesce(json_extract(${auditLog.detail}, '$.example'), 1) = 1`))
    .all();
  return new Set(rows.flatMap((r) => (r.name ? [r.name] : [])));
}
