import { hashPassword } from "../../lib/auth/password";
import { hashSessionToken, isWellFormedToken, sessionExpiresAt } from "../../lib/auth/session-token";
import { checkSetupRedemption, newSetupToken, type SetupRedemption } from "../../lib/auth/setup-token";
import type { Db, DbOrTx } from "../index";
import { findSetupToken, usersExist } from "../queries/users";
import { sessions, setupTokens, users } from "../schema";
import { audit, auditRefusal } from "./audit";
import { lockPeople } from "./users";

// Issue 5, first start without ASSAY_FIRST_LEAD_* or demo mode (docs/ACCOUNTS.md): db:setup issues a one-time token,
// /setup redeems it. Only the token's SHA-256 is stored; the token itself is printed once and never written down.

/** Replaces any earlier setup token with a fresh one (so only the newest printed link works). Returns the token to print. */
export async function issueSetupToken(db: Db, now: Date): Promise<{ token: string; expires_at: string }> {
  const issued = newSetupToken(now);
  await db.transaction(async (tx) => {
    await lockPeople(tx);
    await tx.delete(setupTokens);
    await tx.insert(setupTokens).values({ tokenHash: issued.token_hash, createdAt: now.toISOString(), expiresAt: issued.expires_at });
    await audit(tx, { actor: "db-setup", action: "setup.token_issued", entity: "setup", entityId: "first-lead", detail: { expires_at: issued.expires_at }, at: now.toISOString() });
  });
  return { token: issued.token, expires_at: issued.expires_at };
}

export type SetupOutcome = { ok: true; user: { id: number; email: string } } | Extract<SetupRedemption, { ok: false }>;

const storedFor = async (db: DbOrTx, token: unknown) => (isWellFormedToken(token) ? findSetupToken(db, hashSessionToken(token)) : null);

/**
 * Redeems a setup form (lib/auth/setup-token.ts decides). On success, in one transaction: creates the first lead,
 * deletes every setup token, and opens a session under `sessionTokenHash` (the caller puts the token in the cookie).
 * A wrong or expired token (403) or a closed setup (409) is audited as `setup.redeem.refused`.
 */
export async function redeemSetupToken(db: Db, input: { form: unknown; sessionTokenHash: string; now: Date; address?: string }): Promise<SetupOutcome> {
  const token = (input.form as { token?: unknown } | null)?.token;
  const at = input.now.toISOString();
  const refuse = async (r: Extract<SetupRedemption, { ok: false }>) => {
    // Counted per address (issue 26): guessing at the link is a flood of one refusal, not of rows.
    if (r.status !== 400) await auditRefusal(db, { actor: "anonymous", action: "setup.redeem.refused", entity: "setup", entityId: "first-lead", address: input.address ?? "unknown", detail: { status: r.status, error: r.error }, at });
    return r;
  };
  const first = checkSetupRedemption({ form: input.form, stored: await storedFor(db, token), usersExist: await usersExist(db), now: input.now });
  if (!first.ok) return refuse(first);
  const passwordHash = await hashPassword(first.user.password);

  // Checked again under the write lock (the people lock on PostgreSQL): a second tab redeeming the same link meanwhile,
  // through this instance or another, finds people (409) or no token (403).
  const outcome = await db.transaction(async (tx): Promise<SetupOutcome> => {
    await lockPeople(tx);
    const again = checkSetupRedemption({ form: input.form, stored: await storedFor(tx, token), usersExist: await usersExist(tx), now: input.now });
    if (!again.ok) return again;
    const { email, name, roles } = again.user;
    const [row] = await tx.insert(users).values({ email, name, roles, passwordHash, createdAt: at }).returning({ id: users.id });
    await audit(tx, { actor: email, action: "user.create", entity: "user", entityId: String(row!.id), detail: { email, roles, via: "setup_token" }, at });
    await tx.delete(setupTokens);
    await tx.insert(sessions).values({ tokenHash: input.sessionTokenHash, userId: row!.id, createdAt: at, expiresAt: sessionExpiresAt(input.now).toISOString() });
    await audit(tx, { actor: email, action: "session.sign_in", entity: "user", entityId: String(row!.id), at });
    return { ok: true, user: { id: row!.id, email } };
  });
  return outcome.ok ? outcome : refuse(outcome);
}
