import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getTableColumns, getTableName, type Column, type Table } from "drizzle-orm";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

// Bulk rows into PostgreSQL with COPY … FROM STDIN (issue 29, item 5). A multi-row INSERT of a 100,000-line run spent
// most of its time building and binding 65,535-parameter statements (drizzle's builder on the client, the Bind on the
// server); COPY streams the rows as text in the open transaction, so a failure still rolls everything back.

/** Characters COPY's text format gives a meaning: escaped so a value arrives verbatim. */
const SPECIAL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** One value in COPY text format, after drizzle's own mapping for its column (JSON columns stringify). */
function field(column: Column, value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const v: unknown = column.mapToDriverValue(value);
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "boolean") return v ? "t" : "f";
  // String(n) round-trips a double exactly; PostgreSQL reads NaN, Infinity and exponents as written.
  if (typeof v === "number") return String(v);
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return text.replace(SPECIAL, (c) => ESCAPES[c]!);
}

/** The rows as COPY text, in chunks of about `chunkChars` characters, so memory stays flat whatever the row count. */
function* copyText(columns: Array<[key: string, column: Column]>, rows: readonly Record<string, unknown>[], chunkChars = 1 << 20): Generator<string> {
  let chunk = "";
  for (const row of rows) {
    chunk += columns.map(([key, column]) => field(column, row[key])).join("\t") + "\n";
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/**
 * Copies rows into a table on the given client, which must be the transaction's. The columns are the keys of the first
 * row (as drizzle's insert takes them); a column left out gets its default.
 */
export async function copyRows<T extends Table>(client: pg.ClientBase, table: T, rows: readonly T["$inferInsert"][]): Promise<void> {
  if (rows.length === 0) return;
  const all = getTableColumns(table) as Record<string, Column>;
  const columns = Object.keys(rows[0]!).map((key): [string, Column] => {
    const column = all[key];
    if (!column) throw new Error(`copyRows: ${getTableName(table)} has no column for '${key}'`);
    return [key, column];
  });
  const names = columns.map(([, c]) => `"${c.name}"`).join(", ");
  const sink = client.query(copyFrom(`copy "${getTableName(table)}" (${names}) from stdin`));
  await pipeline(Readable.from(copyText(columns, rows as readonly Record<string, unknown>[])), sink);
}
