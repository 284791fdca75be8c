import { dbPath } from "../../db/env";
import { UsageError, parseCommandArgs } from "./args";

export const summary = "copy a workbench database between SQLite and PostgreSQL; back up the SQLite file online";

const USAGE = `usage: assay db copy --from FILE_OR_URL --to FILE_OR_URL [--json]
       assay db backup --out FILE [--from FILE] [--json]`;

/** `assay db copy|backup …`: the work is in db/copy.ts and db/backup.ts; this parses, prints and picks the exit status. */
export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "copy") return copy(rest);
  if (sub === "backup") return backup(rest);
  if (sub === "--help" || sub === "-h") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  throw new UsageError(`${sub ? `unknown subcommand '${sub}'` : "a subcommand is required"}\n${USAGE}`);
}

async function copy(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { from: { type: "string" }, to: { type: "string" }, json: { type: "boolean", default: false } });
  if (!values.from) throw new UsageError("copy: --from FILE_OR_URL is required");
  if (!values.to) throw new UsageError("copy: --to FILE_OR_URL is required");
  const { copyDatabase } = await import("../../db/copy");
  const result = await copyDatabase({ from: values.from, to: values.to });
  const bad = result.tables.filter((t) => !t.match);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ from: result.from, to: result.to, tables: result.tables })}\n`);
  } else {
    const total = result.tables.reduce((n, t) => n + t.rows, 0);
    const w = Math.max(5, ...result.tables.map((t) => t.table.length));
    const lines = [
      `copied ${result.from} → ${result.to}: ${total} rows in ${result.tables.length} tables (copy ${(result.ms.copy / 1000).toFixed(1)}s, verify ${(result.ms.verify / 1000).toFixed(1)}s)`,
      `${"table".padEnd(w)}  ${"rows".padStart(8)}  ${"checksum".padEnd(12)}  ok`,
      ...result.tables.map((t) => `${t.table.padEnd(w)}  ${String(t.rows).padStart(8)}  ${t.checksum.slice(0, 12)}  ${t.match ? "ok" : `MISMATCH (destination: ${t.to_rows} rows, ${t.to_checksum?.slice(0, 12)})`}`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  if (bad.length) {
    process.stderr.write(`assay db: the destination does not match the source in: ${bad.map((t) => t.table).join(", ")}\n`);
    return 1;
  }
  return 0;
}

async function backup(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { out: { type: "string" }, from: { type: "string" }, json: { type: "boolean", default: false } });
  if (!values.out) throw new UsageError("backup: --out FILE is required");
  if (process.env.DATABASE_URL) throw new UsageError("backup: DATABASE_URL is set, so the workbench runs on PostgreSQL: use pg_dump for PostgreSQL (see docs/DEPLOY.md); unset DATABASE_URL to back up a SQLite file");
  const { backupSqlite } = await import("../../db/backup");
  const r = await backupSqlite({ from: values.from ?? dbPath(), out: values.out });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ from: r.from, out: r.out, bytes: r.bytes, integrity: r.integrity, tables: r.tables.map((t) => ({ table: t.table, rows: t.copy_rows })) })}\n`);
  } else {
    const w = Math.max(5, ...r.tables.map((t) => t.table.length));
    const lines = [
      `backed up ${r.from} to ${r.out}: ${r.bytes} bytes (${(r.bytes / 1048576).toFixed(1)} MiB) in ${(r.ms / 1000).toFixed(1)}s; integrity_check ${r.integrity}; row counts match the source`,
      `${"table".padEnd(w)}  ${"rows".padStart(8)}`,
      ...r.tables.map((t) => `${t.table.padEnd(w)}  ${String(t.copy_rows).padStart(8)}`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  return 0;
}
