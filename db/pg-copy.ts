import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getTableColumns, getTableName, type Column, type Table } from "drizzle-orm";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

// Bulk rows into PostgreSQL with COPY … FROM STDIN (issue 29, item 5). A multi-row INSERT of a 100,000-line run spent
// most of its time building and binding 65,535-parameter statements (drizzle's builder on the client, the Bind on the
// server); COPY streams the rows as text in the open transaction, so a failure still rolls everything back.

/** Characters COPY's text format gives a meaning, escaped so a value arrives verbatim; and U+0000, which text cannot hold. */
const SPECIAL = /[\\\n\r\t\0]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** A text value holding U+0000: PostgreSQL's text type cannot store it (SQLite's can). `row` counts from 0. */
export class NulInTextError extends Error {
  constructor(
    readonly row: number,
    readonly column: string,
  ) {
    super(`row ${row + 1}, ${column}: PostgreSQL text cannot hold the character U+0000 (NUL)`);
    this.name = "NulInTextError";
  }
}

/** One value in COPY text format, after drizzle's own mapping for its column (JSON columns stringify, escaping NUL). */
function field(column: Column, value: unknown, row: number): string {
  if (value === null || value === undefined) return "\\N";
  const v: unknown = column.mapToDriverValue(value);
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "boolean") return v ? "t" : "f";
  // String(n) round-trips a double exactly; PostgreSQL reads NaN, Infinity and exponents as written.
  if (typeof v === "number") return String(v);
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return text.replace(SPECIAL, (c) => {
    if (c === "\0") throw new NulInTextError(row, column.name);
    return ESCAPES[c]!;
  });
}

/** The rows as COPY text, in chunks of about `chunkChars` characters, so memory stays flat whatever the row count. */
function* copyText(columns: Array<[key: string, column: Column]>, rows: readonly Record<string, unknown>[], chunkChars = 1 << 20): Generator<string> {
  let chunk = "";
  for (const [i, row] of rows.entries()) {
    chunk += columns.map(([key, column]) => field(column, row[key], i)).join("\t") + "\n";
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/**
 * Copies rows into a table on the given client, which must be the transaction's. The columns are the keys of the first
 * row (as drizzle's insert takes them); a column left out gets its default. A text value holding U+0000 stops the copy
 * with NulInTextError (the COPY is cancelled; the caller's transaction then rolls back).
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
