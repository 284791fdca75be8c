import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { repoPath } from "../load/files";
import { closeDb, openDb } from "../../db/index";
import { main } from "./main";

// `assay db copy` and `assay db backup` as a person runs them: one spawned run of each (they are slow), the refusals
// in-process through main().

const dir = mkdtempSync(path.join(tmpdir(), "assay-cli-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** The env of a spawned CLI run: SQLite, whatever the suite's pass set. */
function cliEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}
const cli = (...args: string[]) => spawnSync(process.execPath, [repoPath("bin", "assay.mjs"), ...args], { cwd: repoPath(), encoding: "utf8", env: cliEnv() });

/** A migrated SQLite file with a few committed rows: a pack, an episode, an account and audit entries. */
async function smallDb(file: string): Promise<void> {
  await closeDb(await openDb(file));
  const s = new Database(file);
  s.pragma("foreign_keys = ON");
  const at = "2026-01-02T00:00:00.000Z";
  s.prepare("INSERT INTO pack_versions (version, policies, must_ask, eval_hash, loaded_at) VALUES ('9.9', '[]', '{\"b\": 1, \"a\": 2}', 'h', ?)").run(at);
  s.prepare("INSERT INTO episodes (pack_version, id, seq, family, difficulty, split, title, traps, turns) VALUES ('9.9', 'ep-1', 1, 'identity', 'easy', 'dev', 'T', '[]', '[]')").run();
  s.prepare("INSERT INTO users (email, name, roles, password_hash, created_at) VALUES ('a@example.org', 'A', '[\"lead\"]', 'x', ?)").run(at);
  for (let i = 0; i < 3; i++) s.prepare("INSERT INTO audit_log (at, actor, action, entity, entity_id, detail) VALUES (?, 'a', 'seed', 'test', ?, '{}')").run(at, String(i));
  s.close();
}

async function runMain(args: string[], env: Record<string, string | undefined> = {}) {
  let err = "";
  vi.spyOn(process.stderr, "write").mockImplementation((s) => ((err += String(s)), true));
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  else process.env[k] = v;
  try {
    return { code: await main(args), err };
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

describe("assay db", () => {
  it("db copy --json copies a SQLite file and reports every table matching", async () => {
    const from = path.join(dir, "copy-src.db");
    const to = path.join(dir, "copy-dst.db");
    await smallDb(from);
    const r = cli("db", "copy", "--from", from, "--to", to, "--json");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { from: string; to: string; tables: Array<{ table: string; rows: number; checksum: string; match: boolean }> };
    expect(out.from).toBe(from);
    expect(out.to).toBe(to);
    expect(out.tables).toHaveLength(22);
    expect(out.tables.every((t) => t.match && /^[0-9a-f]{64}$/.test(t.checksum))).toBe(true);
    expect(Object.fromEntries(out.tables.filter((t) => t.rows).map((t) => [t.table, t.rows]))).toEqual({ audit_log: 3, episodes: 1, pack_versions: 1, users: 1 });
    const s = new Database(to, { readonly: true });
    expect(s.prepare("SELECT must_ask FROM pack_versions").pluck().get()).toBe('{"b": 1, "a": 2}');
    s.close();
  });

  it("db backup takes only committed rows while another connection is writing, and the copy passes integrity_check", async () => {
    const from = path.join(dir, "backup-src.db");
    const out = path.join(dir, "backups", "assay-backup.db");
    await smallDb(from);
    const writer = new Database(from);
    writer.pragma("busy_timeout = 5000");
    writer.exec("BEGIN IMMEDIATE");
    for (let i = 0; i < 5; i++) writer.prepare("INSERT INTO audit_log (at, actor, action, entity, entity_id, detail) VALUES ('2026-01-03', 'b', 'uncommitted', 'test', ?, '{}')").run(String(i));
    try {
      const r = cli("db", "backup", "--from", from, "--out", out);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`backed up ${from} to ${out}`);
      expect(r.stdout).toContain("integrity_check ok");
      expect(r.stdout).toMatch(/audit_log\s+3\n/);
    } finally {
      writer.exec("COMMIT");
      writer.close();
    }
    const copy = new Database(out, { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.prepare("SELECT count(*) FROM audit_log").pluck().get()).toBe(3);
      expect(copy.prepare("SELECT count(*) FROM audit_log WHERE action = 'uncommitted'").pluck().get()).toBe(0);
    } finally {
      copy.close();
    }
    expect(existsSync(`${out}-wal`)).toBe(false);
  });

  it("refuses bad input with exit 2 and a message, never overwriting or creating files", async () => {
    const exists = path.join(dir, "exists.db");
    writeFileSync(exists, "keep me");
    let r = await runMain(["db", "backup", "--from", exists, "--out", exists + ".x"], { DATABASE_URL: "postgres://assay@127.0.0.1:55432/assay" });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/use pg_dump for PostgreSQL \(see docs\/DEPLOY\.md\)/);
    r = await runMain(["db", "backup", "--from", exists, "--out", exists], { DATABASE_URL: undefined });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--out: already exists/);
    r = await runMain(["db", "copy", "--from", exists]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--to FILE_OR_URL is required/);
    const missing = path.join(dir, "missing.db");
    r = await runMain(["db", "copy", "--from", missing, "--to", path.join(dir, "never.db")]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/missing\.db: --from: no such SQLite file/);
    expect(existsSync(missing) || existsSync(path.join(dir, "never.db"))).toBe(false);
    r = await runMain(["db"]);
    expect(r.code).toBe(2);
  });
});
