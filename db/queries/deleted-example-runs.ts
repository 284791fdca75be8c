import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../index";
import { auditLog } from "../schema";
import { jsonText } from "../sql";

/**
 * Names of example runs a person deleted (issue 26), read from the audit log's run.delete rows, so db:setup does not
 * import them again. A row written before deletions said `example` counts too: the shipped names are the examples'.
 */
export async function deletedExampleRuns(db: DbOrTx): Promise<Set<string>> {
  // `example` is a JSON boolean: SQLite's json_extract gives 1/0, PostgreSQL's ->> 'true'/'false'; as text, both read.
  const rows = await db
    .select({ name: jsonText(auditLog.detail, "name") })
    .from(auditLog)
    .where(and(eq(auditLog.action, "run.delete"), sql`coalesce(cast(${jsonText(auditLog.detail, "example")} as text), 'true') in ('1', 'true')`));
  return new Set(rows.flatMap((r) => (r.name ? [r.name] : [])));
}
