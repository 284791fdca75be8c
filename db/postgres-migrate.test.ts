import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { repoPath } from "../bin/load/files";

// Issue 29 item 4: instances started together against one empty PostgreSQL database all succeed, and each migration is
// applied once — they queue on db/postgres.ts's advisory lock. Runs in the PostgreSQL pass (scripts/test-pg.sh).
const admin = process.env.DATABASE_URL;

function startInstance(url: string, startAt: number): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "testing/migrate-worker.ts"), url, String(startAt)], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DATABASE_URL: url } });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

describe.skipIf(!admin)("migrations on PostgreSQL", () => {
  it("three instances migrating one empty database at once all succeed and apply each migration once", async () => {
    const name = `assay_migrate_${process.pid}_${Date.now().toString(36)}`;
    const server = new pg.Client({ connectionString: admin });
    await server.connect();
    await server.query(`create database ${name}`);
    const url = new URL(admin!);
    url.pathname = `/${name}`;
    try {
      const startAt = Date.now() + 3000; // all three children are up (tsx start-up) before any migrates
      const runs = await Promise.all([0, 1, 2].map(() => startInstance(url.toString(), startAt)));
      for (const r of runs) expect({ code: r.code, out: r.out, err: r.err.slice(-500) }).toEqual({ code: 0, out: "migrated", err: "" });

      const journal = JSON.parse(readFileSync(repoPath("db", "migrations-pg", "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        const applied = await db.query<{ hash: string; n: string }>("select hash, count(*) as n from drizzle.__drizzle_migrations group by hash");
        expect(applied.rows).toHaveLength(journal.entries.length);
        expect(applied.rows.every((r) => Number(r.n) === 1)).toBe(true);
        const tables = await db.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'");
        expect(tables.rows[0].n).toBeGreaterThanOrEqual(20);
      } finally {
        await db.end();
      }
    } finally {
      await server.query(`drop database if exists ${name} with (force)`);
      await server.end();
    }
  }, 60_000);
});
