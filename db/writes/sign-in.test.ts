import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../lib/auth/password";
import type { ThrottleConfig } from "../../lib/auth/throttle";
import { hashSessionToken } from "../../lib/auth/session-token";
import { processDialect } from "../env";
import { listSignInThrottles } from "../queries/sign-in-throttles";
import { userForSession } from "../queries/users";
import { auditLog, sessions, users } from "../schema";
import { makeTempDb } from "../testing/temp-db";
import { liftSignInLock, signIn } from "./sign-in";
import { createUsers, deleteSession } from "./users";

// Issue 20: the throttle as the sign-in path runs it, against a real database (a SQLite file, or PostgreSQL).

const PASSWORD = "a long enough passphrase 7";
const WRONG = "wrong-guess-1234";
const cfg: ThrottleConfig = { accountMaxFailures: 10, addressMaxFailures: 12, quietResetMs: 15 * 60_000, lockMs: 60_000, maxLockMs: 3_600_000 };
const T0 = Date.parse("2026-07-02T10:00:00.000Z");

let t: Awaited<ReturnType<typeof makeTempDb>>;
let clock = T0;
const now = () => new Date(clock);
/**
 * The throttle is under test here, not the KDF (lib/auth/password.test.ts holds hashing to OWASP's parameters). Each
 * person's hash is remade with N=2^10: verifyPassword reads N from the stored hash, so each of the ~150 guesses below
 * costs about 1 ms of scrypt instead of about 80.
 */
async function addPeople(...emails: string[]) {
  await createUsers(t.db, emails.map((email) => ({ email, name: email[0]!.toUpperCase() + email.slice(1, email.indexOf("@")), roles: ["analyst" as const], password: PASSWORD })), "test");
  for (const email of emails) await t.db.update(users).set({ passwordHash: await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 }) }).where(eq(users.email, email));
}

beforeEach(async () => {
  t = await makeTempDb();
  clock = T0;
  await addPeople("ana@example.org");
});
afterEach(async () => t.cleanup());

const attempt = (password: string, opts: { email?: string; address?: string; db?: typeof t.db } = {}) =>
  signIn(opts.db ?? t.db, { email: opts.email ?? "ana@example.org", password, address: opts.address ?? "192.0.2.7", cfg, now });
const rows = async (action: string) => (await t.db.select().from(auditLog).orderBy(auditLog.id)).filter((r) => r.action === action);

describe("signing in with the throttle", () => {
  it("answers ten wrong passwords with 401 and refuses the eleventh with 429, auditing each, never the password", async () => {
    for (let i = 0; i < 10; i++) expect(await attempt(WRONG)).toMatchObject({ ok: false, status: 401, error: "wrong email or password" });
    const eleventh = await attempt(WRONG);
    expect(eleventh).toMatchObject({ ok: false, status: 429, retryAfterS: 60 });
    expect(await rows("session.sign_in.failed")).toHaveLength(10);
    expect((await rows("session.sign_in.failed"))[9]!.detail).toMatchObject({ email: "ana@example.org", address: "192.0.2.7", account_failures: 10, status: 401 });
    expect(await rows("session.sign_in.throttled")).toHaveLength(1);
    expect((await rows("session.sign_in.throttled"))[0]!.detail).toMatchObject({ status: 429, email: "ana@example.org", locked: ["account"] });
    expect(await rows("sign_in.lock")).toHaveLength(1);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain(WRONG);
  });

  it("of forty wrong passwords sent at once, exactly ten are checked and thirty refused", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => attempt(WRONG)));
    expect(results.filter((r) => !r.ok && r.status === 401)).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(30);
    expect(await rows("session.sign_in.failed")).toHaveLength(10);
    // Issue 26: the thirty refusals from one address are one audit row that counts them.
    expect(await rows("session.sign_in.throttled")).toHaveLength(1);
    expect((await rows("session.sign_in.throttled"))[0]!.detail).toMatchObject({ count: 30, address: "192.0.2.7" });
  });

  it("locks the account from the guessing address only: the right password from an address with no failures gets through", async () => {
    for (let i = 0; i < 11; i++) await attempt(WRONG);
    expect(await attempt(PASSWORD)).toMatchObject({ ok: false, status: 429 });
    expect(await attempt(PASSWORD, { address: "198.51.100.3" })).toMatchObject({ ok: true, email: "ana@example.org" });
    clock += 60_000;
    expect(await attempt(PASSWORD)).toMatchObject({ ok: true, email: "ana@example.org" });
    expect(await t.db.select().from(sessions)).toHaveLength(2);
    expect((await listSignInThrottles(t.db, now(), cfg)).filter((v) => v.scope === "account")).toEqual([]);
  });

  it("wrong passwords on accounts that exist do not count on the address: the old 50-per-address lock of everyone behind it", async () => {
    await addPeople("bo@example.org");
    for (let i = 0; i < 9; i++) await attempt(WRONG);
    for (let i = 0; i < 9; i++) await attempt(WRONG, { email: "bo@example.org" });
    // 18 failures from one address, over its limit of 12, and still each account opens with its password.
    expect(await attempt(PASSWORD)).toMatchObject({ ok: true });
    expect(await attempt(PASSWORD, { email: "bo@example.org" })).toMatchObject({ ok: true });
    expect((await listSignInThrottles(t.db, now(), cfg)).filter((v) => v.scope === "address")).toEqual([]);
  });

  it("holds the lock in the database: another connection (another app instance, or after a restart) refuses too", async () => {
    for (let i = 0; i < 10; i++) await attempt(WRONG);
    expect(await attempt(PASSWORD, { db: await t.open() })).toMatchObject({ ok: false, status: 429 });
  });

  it("counts wrong passwords across instances: ten alternated over two connections lock the account as ten on one do", async () => {
    const other = await t.open(); // a second app instance on the same database
    for (let i = 0; i < 10; i++) expect(await attempt(WRONG, { db: i % 2 ? other : t.db })).toMatchObject({ ok: false, status: 401 });
    expect(await attempt(WRONG, { db: other })).toMatchObject({ ok: false, status: 429, retryAfterS: 60 });
    expect(await attempt(PASSWORD)).toMatchObject({ ok: false, status: 429 });
    expect((await rows("session.sign_in.failed")).map((r) => r.detail.account_failures)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await rows("sign_in.lock")).toHaveLength(1);
    expect((await listSignInThrottles(other, now(), cfg))[0]).toMatchObject({ scope: "account", failures: 10 });
  });

  // PostgreSQL only: two SQLite connections in one process cannot interleave transactions (a connection waiting for the
  // file's write lock blocks the thread the other needs to commit); two instances on SQLite are two processes.
  it.runIf(processDialect() === "postgres")("of forty wrong passwords sent at once to two instances, exactly ten are checked and thirty refused", async () => {
    const other = await t.open();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(WRONG, { db: i % 2 ? other : t.db })));
    expect(results.filter((r) => !r.ok && r.status === 401)).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(30);
    expect(await rows("session.sign_in.failed")).toHaveLength(10);
  });

  it("a session opened through one instance is accepted through another, and signing out there ends it everywhere", async () => {
    const other = await t.open();
    const r = await attempt(PASSWORD);
    expect(r).toMatchObject({ ok: true });
    const tokenHash = hashSessionToken((r as { token: string }).token);
    expect(await userForSession(other, tokenHash, now())).toMatchObject({ email: "ana@example.org", name: "Ana", roles: ["analyst"] });
    await deleteSession(other, { tokenHash, email: "ana@example.org" });
    expect(await userForSession(t.db, tokenHash, now())).toBeNull();
  });

  it("a lead lifts the lock and the right password works at once; the lift is audited", async () => {
    for (let i = 0; i < 11; i++) await attempt(WRONG);
    const subject = "ana@example.org from 192.0.2.7";
    expect((await listSignInThrottles(t.db, now(), cfg))[0]).toMatchObject({ scope: "account", subject, failures: 10 });
    expect(await liftSignInLock(t.db, { scope: "account", subject, actor: "lead@example.org", now: now() })).toBe(true);
    expect(await attempt(PASSWORD)).toMatchObject({ ok: true });
    expect((await rows("sign_in.unlock"))[0]).toMatchObject({ actor: "lead@example.org", entityId: `account:${subject}` });
    expect(await liftSignInLock(t.db, { scope: "account", subject, actor: "lead@example.org" })).toBe(false);
  });

  it("locks an address guessing across emails nobody holds, refusing every attempt from it, while other addresses still sign in", async () => {
    for (let i = 0; i < 12; i++) expect((await attempt(WRONG, { email: `nobody${i}@example.org` })).ok).toBe(false);
    expect(await attempt(PASSWORD)).toMatchObject({ ok: false, status: 429 });
    expect((await rows("session.sign_in.throttled")).at(-1)!.detail).toMatchObject({ locked: ["address"], address: "192.0.2.7" });
    expect(await attempt(PASSWORD, { address: "203.0.113.50" })).toMatchObject({ ok: true });
  });

  it("never writes what was typed into the email field when it is not an email (it may be a password)", async () => {
    expect(await attempt(WRONG, { email: "my secret passphrase" })).toMatchObject({ ok: false, status: 401 });
    const row = (await rows("session.sign_in.failed"))[0]!;
    expect(row.detail).toMatchObject({ email: "(not an email address)", account_failures: null });
    expect(JSON.stringify(row)).not.toContain("secret");
  });
});
