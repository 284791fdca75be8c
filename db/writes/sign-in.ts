import { and, eq } from "drizzle-orm";
import { signInFormSchema, SIGN_IN_FAILED, verifySignIn } from "../../lib/auth/sign-in";
import { hashSessionToken, newSessionToken } from "../../lib/auth/session-token";
import { admit, limitFor, settleFailure, settleSuccess, type ThrottleConfig, type ThrottleState } from "../../lib/auth/throttle";
import { accountSubject, type ThrottleScope } from "../../lib/auth/throttle-scopes";
import type { Db, DbOrTx } from "../index";
import { findUserByEmail } from "../queries/users";
import { signInThrottles } from "../schema";
import { lockForTransaction } from "../sql";
import { audit, auditRefusal } from "./audit";
import { createSession } from "./users";

// Issue 20: one sign-in path for the form (app/sign-in/actions.ts) and POST /api/sign-in. The throttle's state lives in
// sign_in_throttles, read and written in one transaction per step that first takes each key's lock (BEGIN IMMEDIATE on
// SQLite, an advisory lock per key on PostgreSQL), so it holds across restarts and app instances and parallel attempts,
// on one instance or several, cannot slip past it. Every failed and every refused attempt leaves an audit row, never the password.

export type SignInOutcome =
  | { ok: true; userId: number; email: string; token: string }
  | { ok: false; status: 401; error: string }
  | { ok: false; status: 429; error: string; retryAfterS: number };

type Key = { scope: ThrottleScope; subject: string };

/** What the audit log may say about the email typed: a password typed into the email field must not land in the log. */
function loggedEmail(email: string | null): string {
  return email ?? "(not an email address)";
}

/**
 * Takes the keys' locks for the rest of the transaction, before their rows are read (PostgreSQL; a no-op on SQLite,
 * whose transactions are BEGIN IMMEDIATE). Always in the same order (account before address), so two attempts never
 * wait on each other's second lock.
 */
async function lockKeys(tx: DbOrTx, keys: readonly Key[]): Promise<void> {
  for (const k of [...keys].sort((a, b) => (a.scope === b.scope ? 0 : a.scope === "account" ? -1 : 1))) await lockForTransaction(tx as object, `throttle:${k.scope}:${k.subject}`);
}

async function readState(tx: DbOrTx, key: Key): Promise<ThrottleState | null> {
  const [row] = await tx.select().from(signInThrottles).where(and(eq(signInThrottles.scope, key.scope), eq(signInThrottles.subject, key.subject))).limit(1);
  return row ? { failures: row.failures, windowStartedAt: row.windowStartedAt, lastFailureAt: row.lastFailureAt, lockedUntil: row.lockedUntil, locks: row.locks } : null;
}

async function writeState(tx: DbOrTx, key: Key, state: ThrottleState | null, now: Date): Promise<void> {
  if (state === null || (state.failures === 0 && state.lockedUntil === null && state.locks === 0)) {
    await tx.delete(signInThrottles).where(and(eq(signInThrottles.scope, key.scope), eq(signInThrottles.subject, key.subject)));
    return;
  }
  const values = { ...state, updatedAt: now.toISOString() };
  await tx.insert(signInThrottles).values({ ...key, ...values }).onConflictDoUpdate({ target: [signInThrottles.scope, signInThrottles.subject], set: values });
}

const retryText = (s: number) => (s >= 120 ? `${Math.ceil(s / 60)} minutes` : `${s} second${s === 1 ? "" : "s"}`);
export const tooManyAttempts = (retryAfterS: number) => `too many sign-in attempts: try again in ${retryText(retryAfterS)}`;

async function auditLock(tx: DbOrTx, key: Key, state: ThrottleState, at: string): Promise<void> {
  await audit(tx, { actor: "anonymous", action: "sign_in.lock", entity: "sign_in_throttle", entityId: `${key.scope}:${key.subject}`, at, detail: { scope: key.scope, subject: key.subject, locked_until: state.lockedUntil, lock: state.locks, failures: state.failures } });
}

/**
 * Checks email and password, throttled (issue 26). Two keys: the account as typed from this address (limit
 * accountMaxFailures), so guesses from one address lock the account there and nowhere else; and the address, which counts
 * attempts on emails nobody holds (limit addressMaxFailures) and, once locked, refuses every attempt from it, so which
 * emails are held cannot be read off the answers. An attempt is admitted (and counted in advance) or refused with 429
 * while either key is locked. A wrong password is a 401 with one message for every cause. On success a session is
 * created (its token returned for the cookie) and the account's count from this address starts afresh.
 */
export async function signIn(db: Db, input: { email: unknown; password: unknown; address: string; cfg: ThrottleConfig; now?: () => Date }): Promise<SignInOutcome> {
  const clock = input.now ?? (() => new Date());
  const parsed = signInFormSchema.safeParse({ email: input.email ?? "", password: input.password ?? "" });
  const email = parsed.success ? parsed.data.email : null;
  const user = email ? await findUserByEmail(db, email) : null;
  const keys: Key[] = [...(email ? [{ scope: "account" as const, subject: accountSubject(email, input.address) }] : []), { scope: "address" as const, subject: input.address }];
  // The address counts only attempts on emails nobody holds; a known account's failures count on its own key.
  const counts = (k: Key) => k.scope === "account" || user === null;

  // 1. Admission, in one transaction holding both keys' locks: refused if either is locked, else counted.
  const start = clock();
  const at = start.toISOString();
  const refusal = await db.transaction(async (tx) => {
    await lockKeys(tx, keys);
    const admissions: Array<{ key: Key; a: ReturnType<typeof admit> }> = [];
    for (const k of keys) admissions.push({ key: k, a: admit(await readState(tx, k), start, limitFor(k.scope, input.cfg), input.cfg) });
    const refused = admissions.filter((x) => !x.a.admitted);
    if (refused.length === 0) {
      for (const { key, a } of admissions) if (counts(key)) await writeState(tx, key, a.next, start);
      return null;
    }
    for (const { key, a } of refused) {
      await writeState(tx, key, a.next, start); // a refusal at the limit starts the lock
      if (!a.admitted && a.lockedNow) await auditLock(tx, key, a.next, at);
    }
    const retryAfterMs = Math.max(...refused.map((x) => (x.a.admitted ? 0 : x.a.retryAfterMs)));
    const lockedUntil = refused.map((x) => (x.a.admitted ? "" : x.a.lockedUntil)).sort().at(-1)!;
    await auditRefusal(tx, {
      actor: "anonymous",
      action: "session.sign_in.throttled",
      entity: "sign_in",
      entityId: loggedEmail(email),
      at,
      address: input.address,
      detail: { status: 429, email: loggedEmail(email), locked: refused.map((x) => x.key.scope), locked_until: lockedUntil },
    });
    return { retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  });
  if (refusal) return { ok: false, status: 429, error: tooManyAttempts(refusal.retryAfterS), retryAfterS: refusal.retryAfterS };

  // 2. The password (an unknown email costs the same KDF work), outside any transaction.
  const good = parsed.success && (await verifySignIn(parsed.data.password, user?.passwordHash ?? null)) && user !== null;

  // 3. Settle: a success takes the attempt back and opens the session; a failure keeps it counted, maybe locking.
  const end = clock();
  if (good && user) {
    await db.transaction(async (tx) => {
      await lockKeys(tx, keys.filter(counts));
      for (const k of keys) if (counts(k)) await writeState(tx, k, settleSuccess(await readState(tx, k), k.scope), end);
    });
    const token = newSessionToken();
    await createSession(db, { userId: user.id, tokenHash: hashSessionToken(token), email: user.email, now: end });
    return { ok: true, userId: user.id, email: user.email, token };
  }
  await db.transaction(async (tx) => {
    await lockKeys(tx, keys.filter(counts));
    const failures: Record<string, number> = {};
    for (const k of keys) {
      if (!counts(k)) continue;
      const s = settleFailure(await readState(tx, k), end, limitFor(k.scope, input.cfg), input.cfg);
      await writeState(tx, k, s.next, end);
      failures[k.scope] = s.next.failures;
      if (s.lockedNow) await auditLock(tx, k, s.next, end.toISOString());
    }
    await audit(tx, {
      actor: "anonymous",
      action: "session.sign_in.failed",
      entity: user ? "user" : "sign_in",
      entityId: user ? String(user.id) : loggedEmail(email),
      at: end.toISOString(),
      detail: { status: 401, email: loggedEmail(email), address: input.address, account_failures: failures.account ?? null, address_failures: failures.address ?? null },
    });
  });
  return { ok: false, status: 401, error: SIGN_IN_FAILED };
}

/** A lead lifts a lock (or clears a count) on one account or address; audited with what was lifted. False when there was none. */
export async function liftSignInLock(db: Db, input: { scope: ThrottleScope; subject: string; actor: string; now?: Date }): Promise<boolean> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const key = { scope: input.scope, subject: input.subject };
    await lockKeys(tx, [key]);
    const was = await readState(tx, key);
    if (!was) return false;
    await writeState(tx, key, null, now);
    await audit(tx, { actor: input.actor, action: "sign_in.unlock", entity: "sign_in_throttle", entityId: `${key.scope}:${key.subject}`, at: now.toISOString(), detail: { scope: key.scope, subject: key.subject, was_locked_until: was.lockedUntil, failures: was.failures } });
    return true;
  });
}
