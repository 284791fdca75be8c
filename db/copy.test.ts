import Database from "better-sqlite3";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processDialect } from "./env";
import { closeDb, openDb } from "./index";
import { copyDatabase, copyOrder, databaseChecksums } from "./copy";
import { seedFromRepo } from "./writes/seed-repo";

// `assay db copy` (issue 29): SQLite → PostgreSQL → SQLite keeps every row, a non-empty destination is refused, a copy
// failing midway leaves its destination empty, and identities continue after max(id) on PostgreSQL.

/** The server for scratch databases: the suite's PostgreSQL pass names it; else the throwaway cluster of scripts/ensure-postgres.sh. */
const ADMIN_URL = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : "postgres://assay@127.0.0.1:55432/assay";
const pgDown = await (async () => {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    return null;
  } catch (e) {
    return `${(e as Error).message || String(e)}`;
  } finally {
    await c.end().catch(() => undefined);
  }
})();
if (pgDown) console.warn(`db/copy.test.ts: skipping the PostgreSQL tests, no server answers at ${ADMIN_URL} (${pgDown}); start one with: bash scripts/ensure-postgres.sh`);

const dir = mkdtempSync(path.join(tmpdir(), "assay-copy-"));
const scratch: string[] = [];
let counter = 0;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
/** A new empty database on the server; dropped in afterAll. */
async function scratchPg(): Promise<string> {
  const name = `assay_copy_${process.pid}_${Date.now().toString(36)}_${++counter}`;
  await admin((c) => c.query(`create database ${name}`));
  scratch.push(name);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}
async function pgQuery<R extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, values)).rows;
  } finally {
    await c.end();
  }
}
const file = (name: string) => path.join(dir, name);

afterAll(async () => {
  if (scratch.length) await admin(async (c) => {
    for (const name of scratch) await c.query(`drop database if exists ${name} with (force)`);
  });
  rmSync(dir, { recursive: true, force: true });
});

/** Text with the things a copy could lose: key order and spacing kept verbatim, non-ASCII, an astral character, escapes. */
const ODD_JSON = '{"z": 1, "a": [1, 2.5, {"b": null, "é": "😀"}], "quote": "say \\"hi\\"\\n", "big": 1e21}';

/**
 * The seeded demo database (golden/, probes, example runs and judge reports), plus rows in every table the seed leaves
 * empty, with raw SQL: accounts, sessions, tokens, throttles, reviews, approvals and a run audit. Text keys whose byte
 * order differs from a locale's (upper/lower case, accents) exercise the copy's ordering.
 */
async function seedSource(target: string): Promise<void> {
  if (processDialect() === "postgres") {
    // The suite's PostgreSQL pass: db/schema.ts holds the PostgreSQL tables, so the seed goes there and is copied over.
    const seeded = await scratchPg();
    const db = await openDb(seeded);
    await seedFromRepo(db, { exampleRuns: true, at: "2026-01-02T03:04:05.000Z" });
    await closeDb(db);
    await copyDatabase({ from: seeded, to: target });
  } else {
    const db = await openDb(target);
    await seedFromRepo(db, { exampleRuns: true, at: "2026-01-02T03:04:05.000Z" });
    await closeDb(db);
  }
  const s = new Database(target);
  s.pragma("foreign_keys = ON");
  const at = "2026-01-03T00:00:00.000Z";
  const run = s.prepare("SELECT id FROM runs ORDER BY id LIMIT 1").pluck().get() as number;
  const lines = s.prepare("SELECT id, line_no, decision_id FROM run_lines WHERE run_id = ? ORDER BY id LIMIT 3").all(run) as Array<{ id: number; line_no: number; decision_id: string }>;
  const probe = s.prepare("SELECT id FROM probes ORDER BY id LIMIT 1").pluck().get() as string;
  s.transaction(() => {
    // A second pack loaded at the same moment, keyed before the first: insertion order alone makes it current.
    const loadedAt = s.prepare("SELECT loaded_at FROM pack_versions").pluck().get() as string;
    s.prepare("INSERT INTO pack_versions (version, policies, must_ask, eval_hash, loaded_at) VALUES ('0.0-tie', '[]', '{}', 'tie', ?)").run(loadedAt);
    s.prepare("INSERT INTO users (id, email, name, roles, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(3, "lead@example.org", "Léa Lead", '["lead","analyst"]', "scrypt$16384$8$1$c2FsdA$aGFzaA", at);
    s.prepare("INSERT INTO users (id, email, name, roles, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(7, "ann@example.org", "Ann", '["annotator"]', "scrypt$16384$8$1$c2FsdA$aGFzaB", at);
    for (const [token, user] of [["Zeta", 3], ["alpha", 7], ["Érable", 3], ["beta", 7]] as const) s.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(token, user, at, "2026-02-03T00:00:00.000Z");
    for (const t of ["B", "a", "é", "Z"]) s.prepare("INSERT INTO setup_tokens (token_hash, created_at, expires_at) VALUES (?, ?, ?)").run(t, at, "2026-01-04T00:00:00.000Z");
    const throttle = s.prepare("INSERT INTO sign_in_throttles (scope, subject, failures, window_started_at, last_failure_at, locked_until, locks, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    throttle.run("account", "Zed@example.org", 3, at, at, null, 0, at);
    throttle.run("account", "ärger@example.org", 10, at, at, "2026-01-03T00:15:00.000Z", 2, at);
    throttle.run("address", "127.0.0.1", 1, at, null, null, 0, at);
    s.prepare("INSERT INTO flip_reviews (baseline_ref, candidate_ref, case_key, decision, note, reviewer, at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(`run:${run}`, "judge:1", "role:lead/c1", "accept", "fine — “quoted”", "lead@example.org", at);
    s.prepare("INSERT INTO flip_reviews (baseline_ref, candidate_ref, case_key, decision, note, reviewer, at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(`run:${run}`, "judge:1", "policy/p2", "reject", "", "lead@example.org", at);
    s.prepare("INSERT INTO baseline_approvals (baseline_ref, candidate_ref, report_kind, approved_by, approved_at, record) VALUES (?, ?, ?, ?, ?, ?)").run(`run:${run}`, "judge:1", "score", "lead@example.org", at, ODD_JSON);
    s.prepare("INSERT INTO audit_log (at, actor, action, entity, entity_id, detail) VALUES (?, ?, ?, ?, ?, ?)").run(at, "lead@example.org", "odd", "test", "1", ODD_JSON);
    const audit = s.prepare("INSERT INTO run_audits (run_id, seed, strata, created_by, created_at) VALUES (?, ?, ?, ?, ?)").run(run, 42, '{"H1":{"fired":{"size":3,"drawn":2},"not_fired":{"size":90,"drawn":60}}}', "lead@example.org", at).lastInsertRowid;
    const item = s.prepare("INSERT INTO run_audit_items (audit_id, detector, stratum, seq, line_id, line_no, decision_id, promoted_probe_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    lines.forEach((l, i) => item.run(audit, "H1", i % 2 ? "fired" : "not_fired", i + 1, l.id, l.line_no, l.decision_id, i === 0 ? probe : null));
    const items = s.prepare("SELECT id FROM run_audit_items ORDER BY id").pluck().all() as number[];
    for (const id of items) s.prepare("INSERT INTO run_audit_labels (item_id, annotator, label, labelled_at) VALUES (?, ?, ?, ?)").run(id, "ann@example.org", id % 2 ? "violation" : "clean", at);
  })();
  s.close();
}

/** Every table's rows as SQLite returns them, in primary-key order. */
function sqliteRows(target: string): Record<string, unknown[]> {
  const s = new Database(target, { readonly: true });
  try {
    return Object.fromEntries(copyOrder().map((t) => [t.name, s.prepare(`SELECT ${t.columns.map((c) => `"${c.name}"`).join(", ")} FROM "${t.name}" ORDER BY ${t.primaryKey.map((k) => `"${k}"`).join(", ")}`).raw(true).all()]));
  } finally {
    s.close();
  }
}

async function sums(target: string) {
  const db = await openDb(target);
  try {
    return await databaseChecksums(db);
  } finally {
    await closeDb(db);
  }
}

const source = file("source.db");
beforeAll(async () => {
  await seedSource(source);
}, 180_000);

describe("db copy between SQLite files", () => {
  it("orders parents before children, from the schema's foreign keys", () => {
    const order = copyOrder().map((t) => t.name);
    const before = (a: string, b: string) => expect(order.indexOf(a), `${a} before ${b}`).toBeLessThan(order.indexOf(b));
    before("pack_versions", "episodes");
    before("episodes", "decision_points");
    before("runs", "run_lines");
    before("run_lines", "decision_scores");
    before("run_audit_items", "run_audit_labels");
    before("probes", "run_audit_items");
    before("users", "sessions");
    expect(order).toHaveLength(22);
  });

  it("seeds a row in every table", async () => {
    for (const t of await sums(source)) expect(t.rows, t.table).toBeGreaterThan(0);
  });

  it("refuses a missing source without creating it, and a copy onto itself", async () => {
    const missing = file("missing.db");
    await expect(copyDatabase({ from: missing, to: file("x.db") })).rejects.toThrow(/missing\.db: --from: no such SQLite file/);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(file("x.db"))).toBe(false);
    await expect(copyDatabase({ from: source, to: path.join(dir, ".", "source.db") })).rejects.toThrow(/same database/);
  });

  it("copies SQLite to SQLite with every row, and refuses to copy into it again", async () => {
    const to = file("sqlite-copy.db");
    const r = await copyDatabase({ from: source, to });
    expect(r.tables.every((t) => t.match)).toBe(true);
    expect(sqliteRows(to)).toEqual(sqliteRows(source));
    // Insertion order (rowid) too, not only the keys: a tie of loaded_at picks the current pack by it.
    const byRowid = (f: string) => {
      const s = new Database(f, { readonly: true });
      const out = copyOrder().map((t) => s.prepare(`SELECT ${t.primaryKey.map((k) => `"${k}"`).join(", ")} FROM "${t.name}" ORDER BY rowid`).raw(true).all());
      s.close();
      return out;
    };
    expect(byRowid(to)).toEqual(byRowid(source));
    const before = await sums(to);
    await expect(copyDatabase({ from: source, to })).rejects.toThrow(/must be empty, but .*audit_log.* have rows; nothing was copied/);
    expect(await sums(to)).toEqual(before);
    // The checksum sees a changed value: one boolean flipped changes run_lines' checksum and nothing else.
    const s = new Database(to);
    s.prepare("UPDATE run_lines SET thinking = 1 - thinking WHERE id = (SELECT min(id) FROM run_lines)").run();
    s.close();
    const after = await sums(to);
    expect(after.filter((t, i) => t.checksum !== before[i]!.checksum).map((t) => t.table)).toEqual(["run_lines"]);
  });

  it("leaves a SQLite destination empty when a row is refused midway", async () => {
    const to = file("refusing.db");
    await closeDb(await openDb(to));
    const line = new Database(source, { readonly: true }).prepare("SELECT max(line_id) FROM decision_scores").pluck().get() as number;
    const s = new Database(to);
    s.exec(`CREATE TRIGGER refuse_one BEFORE INSERT ON decision_scores WHEN NEW.line_id = ${line} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    s.close();
    await expect(copyDatabase({ from: source, to })).rejects.toThrow(/copying decision_scores failed .*refused by the test/);
    for (const t of await sums(to)) expect(t.rows, t.table).toBe(0);
  });
});

describe.skipIf(pgDown !== null)("db copy through PostgreSQL", () => {
  let pgUrl: string;
  const back = file("round-trip.db");
  let there: Awaited<ReturnType<typeof copyDatabase>>;
  let home: Awaited<ReturnType<typeof copyDatabase>>;

  beforeAll(async () => {
    pgUrl = await scratchPg();
    there = await copyDatabase({ from: source, to: pgUrl });
    home = await copyDatabase({ from: pgUrl, to: back });
  }, 120_000);

  it("round-trips SQLite → PostgreSQL → SQLite with equal checksums at every hop and identical rows", async () => {
    expect(there.tables.filter((t) => !t.match)).toEqual([]);
    expect(home.tables.filter((t) => !t.match)).toEqual([]);
    const strip = (r: typeof there) => r.tables.map(({ table, rows, checksum }) => ({ table, rows, checksum }));
    expect(strip(home)).toEqual(strip(there));
    expect(await sums(pgUrl)).toEqual(await sums(source));
    expect(sqliteRows(back)).toEqual(sqliteRows(source));
    // json is kept as text on PostgreSQL too: spacing and key order survive.
    const [odd] = await pgQuery<{ detail: string }>(pgUrl, "select detail::text as detail from audit_log where action = 'odd'");
    expect(odd!.detail).toBe(ODD_JSON);
    // The current pack (last loaded, ties by insertion order: rowid / ctid) is the same at every hop.
    const current = "SELECT version FROM pack_versions ORDER BY loaded_at DESC, rowid DESC LIMIT 1";
    expect(new Database(source, { readonly: true }).prepare(current).pluck().get()).toBe("0.0-tie");
    expect(new Database(back, { readonly: true }).prepare(current).pluck().get()).toBe("0.0-tie");
    expect((await pgQuery<{ version: string }>(pgUrl, current.replace("rowid", "ctid")))[0]!.version).toBe("0.0-tie");
    const [b] = await pgQuery<{ thinking: boolean }>(pgUrl, "select thinking from run_lines order by id limit 1");
    expect(typeof b!.thinking).toBe("boolean");
  });

  it("sets every identity to max(id): an insert without an id gets the next one", async () => {
    const [{ id: maxId }] = (await pgQuery<{ id: number }>(pgUrl, "select max(id) as id from audit_log")) as [{ id: number }];
    const [row] = await pgQuery<{ id: number }>(pgUrl, "insert into audit_log (at, actor, action, entity, entity_id, detail) values ('2026-01-05', 'test', 'after-copy', 'test', '1', '{}') returning id");
    expect(row!.id).toBe(maxId + 1);
    const [u] = await pgQuery<{ id: number }>(pgUrl, "insert into users (email, name, roles, password_hash, created_at) values ('new@example.org', 'New', '[]', 'x', '2026-01-05') returning id");
    expect(u!.id).toBe(8);
    // An empty identity table starts at 1: none here is empty, so check through the sequences themselves.
    const ids = await pgQuery<{ t: string }>(pgUrl, "select table_name as t from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'");
    expect(ids.length).toBeGreaterThanOrEqual(12);
    for (const { t } of ids) {
      const [s] = await pgQuery<{ last: string; max: number | null }>(pgUrl, `select (select last_value from ${(await pgQuery<{ s: string }>(pgUrl, "select pg_get_serial_sequence($1, 'id') as s", [t]))[0]!.s}) as last, max(id) as max from ${t}`);
      expect(Number(s!.last), t).toBe(s!.max ?? 1);
    }
  });

  it("refuses a non-empty PostgreSQL destination and changes nothing", async () => {
    const before = await sums(pgUrl);
    await expect(copyDatabase({ from: source, to: pgUrl })).rejects.toThrow(/--to: the destination must be empty/);
    expect(await sums(pgUrl)).toEqual(before);
  });

  it("leaves a PostgreSQL destination empty when a row is refused midway", async () => {
    const to = await scratchPg();
    await closeDb(await openDb(to));
    const line = new Database(source, { readonly: true }).prepare("SELECT max(line_id) FROM decision_scores").pluck().get() as number;
    await pgQuery(
      to,
      `create function refuse_one() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$;
       create trigger refuse_one before insert on decision_scores for each row when (new.line_id = ${line}) execute function refuse_one();`,
    );
    await expect(copyDatabase({ from: source, to })).rejects.toThrow(/copying decision_scores failed .*refused by the test/);
    for (const t of await sums(to)) expect(t.rows, t.table).toBe(0);
    // The sequences were not moved either: setval runs only once every table is in.
    const [r] = await pgQuery<{ id: number }>(to, "insert into audit_log (at, actor, action, entity, entity_id, detail) values ('2026-01-05', 'test', 'x', 'test', '1', '{}') returning id");
    expect(r!.id).toBe(1);
  });

  it("refuses an unreachable server, naming it", async () => {
    await expect(copyDatabase({ from: source, to: "postgres://assay:secret@127.0.0.1:1/nowhere" })).rejects.toThrow(/postgres:\/\/assay:\*\*\*@127\.0\.0\.1:1\/nowhere: --to: cannot reach PostgreSQL/);
  });
});
