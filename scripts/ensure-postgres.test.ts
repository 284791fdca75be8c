import { describe, it, expect, beforeAll } from "vitest";
import { execFileSync } from "node:child_process";
import pg from "pg";

// scripts/ensure-postgres.sh starts (or reuses) the throwaway cluster that tests share; its last stdout line is the URL.
function ensure(): { url: string; ms: number } {
  const t0 = Date.now();
  // stderr piped, so that a failure's message carries the script's explanation (apt, initdb or the server log's tail).
  const out = execFileSync("bash", ["scripts/ensure-postgres.sh"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const ms = Date.now() - t0;
  const last = out.trimEnd().split("\n").at(-1) ?? "";
  expect(last).toMatch(/^DATABASE_URL=postgres:\/\/assay@127\.0\.0\.1:\d+\/assay$/);
  return { url: last.slice("DATABASE_URL=".length), ms };
}

async function query<T>(connectionString: string, sql: string): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query(sql);
    return rows[0] as T;
  } finally {
    await client.end();
  }
}

describe("scripts/ensure-postgres.sh", () => {
  let first: { url: string; ms: number };
  // A fresh machine installs Debian's postgresql package first: minutes, not the usual hook timeout.
  beforeAll(() => {
    first = ensure();
  }, 600_000);

  it("prints a DATABASE_URL for a PostgreSQL 15+ database with C collation", async () => {
    const row = await query<{ version: number; collate: string }>(
      first.url,
      "select current_setting('server_version_num')::int as version, (select datcollate from pg_database where datname = current_database()) as collate",
    );
    expect(row.version).toBeGreaterThanOrEqual(150000);
    expect(row.collate).toBe("C");
  });

  it("reuses the running cluster on a second run", async () => {
    const before = await query<{ started: Date }>(first.url, "select pg_postmaster_start_time() as started");
    const again = ensure();
    expect(again.url).toBe(first.url);
    expect(again.ms).toBeLessThan(3000);
    const after = await query<{ started: Date }>(again.url, "select pg_postmaster_start_time() as started");
    expect(after.started.getTime()).toBe(before.started.getTime());
  });
});
