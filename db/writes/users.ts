import { eq } from "drizzle-orm";
import { hashPassword } from "../../lib/auth/password";
import { checkNewPerson, checkRoleChange, type PeopleRefusal } from "../../lib/auth/people";
import type { Role } from "../../lib/auth/roles";
import { sessionExpiresAt } from "../../lib/auth/session-token";
import type { Db, DbOrTx } from "../index";
import { findUserById, listUsers } from "../queries/users";
import { sessions, users } from "../schema";
import { lockForTransaction } from "../sql";
import { audit } from "./audit";

/**
 * Every transaction that checks the people, then writes them, takes this lock first: an advisory lock on PostgreSQL, so
 * two instances run such transactions one at a time; a no-op on SQLite, whose transactions are BEGIN IMMEDIATE.
 */
// `as object`: lockForTransaction's parameter type ({ execute?: unknown }) does not accept drizzle's SQLite transaction type.
export const lockPeople = (tx: DbOrTx) => lockForTransaction(tx as object, "people");

/** Creates people (first start, or a lead adding someone): passwords are hashed here and never stored. */
export async function createUsers(db: Db, people: ReadonlyArray<{ email: string; name: string; roles: Role[]; password: string }>, actor: string): Promise<void> {
  const hashed = await Promise.all(people.map(async (p) => ({ ...p, passwordHash: await hashPassword(p.password) })));
  const now = new Date().toISOString();
  await db.transaction(async (tx) => {
    await lockPeople(tx);
    for (const p of hashed) {
      const [row] = await tx.insert(users).values({ email: p.email, name: p.name, roles: p.roles, passwordHash: p.passwordHash, createdAt: now }).returning({ id: users.id });
      await audit(tx, { actor, action: "user.create", entity: "user", entityId: String(row!.id), detail: { email: p.email, roles: p.roles }, at: now });
    }
  });
}

/** Stores a new session under the token's hash (the token itself only goes into the cookie). */
export async function createSession(db: Db, input: { userId: number; tokenHash: string; email: string; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({ tokenHash: input.tokenHash, userId: input.userId, createdAt: input.now.toISOString(), expiresAt: sessionExpiresAt(input.now).toISOString() });
    await audit(tx, { actor: input.email, action: "session.sign_in", entity: "user", entityId: String(input.userId), at: input.now.toISOString() });
  });
}

/** Sign-out: deletes the session row, so the cookie is worthless even if it was copied. */
export async function deleteSession(db: Db, input: { tokenHash: string; email: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(sessions).where(eq(sessions.tokenHash, input.tokenHash)).returning({ userId: sessions.userId });
    if (gone) await audit(tx, { actor: input.email ?? "anonymous", action: "session.sign_out", entity: "user", entityId: String(gone.userId) });
  });
}

// The People page (issue 5, lead only). The caller has already authorized the actor (manage_users); these re-run the
// pure rules of lib/auth/people.ts inside a transaction holding the people lock (BEGIN IMMEDIATE on SQLite, an advisory
// lock on PostgreSQL), so a concurrent edit, from this instance or another, cannot slip past them.

/** A lead adds a person with roles and an initial password. Refusals (duplicate email, bad roles…) write nothing. */
export async function addPerson(db: Db, input: { form: unknown; actor: string; now?: Date }): Promise<{ ok: true; id: number; email: string } | PeopleRefusal> {
  const first = checkNewPerson({ form: input.form, people: await listUsers(db) });
  if (!first.ok) return first;
  const passwordHash = await hashPassword(first.person.password);
  const at = (input.now ?? new Date()).toISOString();
  return db.transaction(async (tx) => {
    await lockPeople(tx);
    const check = checkNewPerson({ form: input.form, people: await listUsers(tx) });
    if (!check.ok) return check;
    const { email, name, roles } = check.person;
    const [row] = await tx.insert(users).values({ email, name, roles, passwordHash, createdAt: at }).returning({ id: users.id });
    await audit(tx, { actor: input.actor, action: "user.create", entity: "user", entityId: String(row!.id), detail: { email, roles }, at });
    return { ok: true as const, id: row!.id, email };
  });
}

/** A lead changes someone's roles (the last-lead rule holds). A rule refusal is audited too; nothing else is written. */
export async function changeRoles(db: Db, input: { userId: number; roles: unknown; actor: string; now?: Date }): Promise<{ ok: true; email: string; from: Role[]; to: Role[] } | PeopleRefusal> {
  const at = (input.now ?? new Date()).toISOString();
  return db.transaction(async (tx) => {
    // Two leads demoting each other at once on two instances must not both pass the last-lead rule.
    await lockPeople(tx);
    const check = checkRoleChange({ people: await listUsers(tx), targetId: input.userId, roles: input.roles });
    if (!check.ok) {
      if (check.status === 409) await audit(tx, { actor: input.actor, action: "user.roles.refused", entity: "user", entityId: String(input.userId), detail: { status: check.status, error: check.error }, at });
      return check;
    }
    await tx.update(users).set({ roles: check.to }).where(eq(users.id, input.userId));
    await audit(tx, { actor: input.actor, action: "user.roles", entity: "user", entityId: String(input.userId), detail: { email: check.email, from: check.from, to: check.to }, at });
    return check;
  });
}

/** A lead sets a new password (already policy-checked and hashed by the caller) and ends all of that person's sessions. */
export async function resetPassword(db: Db, input: { userId: number; passwordHash: string; actor: string; now?: Date }): Promise<{ ok: true; email: string; sessionsEnded: number } | PeopleRefusal> {
  const at = (input.now ?? new Date()).toISOString();
  return db.transaction(async (tx) => {
    await lockPeople(tx);
    const target = await findUserById(tx, input.userId);
    if (!target) return { ok: false as const, status: 404 as const, error: `no person with id ${input.userId}` };
    await tx.update(users).set({ passwordHash: input.passwordHash }).where(eq(users.id, input.userId));
    const ended = (await tx.delete(sessions).where(eq(sessions.userId, input.userId)).returning({ tokenHash: sessions.tokenHash })).length;
    await audit(tx, { actor: input.actor, action: "user.password_reset", entity: "user", entityId: String(input.userId), detail: { email: target.email, sessions_ended: ended }, at });
    return { ok: true as const, email: target.email, sessionsEnded: ended };
  });
}
