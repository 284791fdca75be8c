import { eq } from "drizzle-orm";
import { hashPassword } from "../../lib/auth/password";
import type { Role } from "../../lib/auth/roles";
import { sessionExpiresAt } from "../../lib/auth/session-token";
import type { Db } from "../index";
import { sessions, users } from "../schema";
import { audit } from "./audit";

/** Creates people (first start, or a lead adding someone): passwords are hashed here and never stored. */
export async function createUsers(db: Db, people: ReadonlyArray<{ email: string; name: string; roles: Role[]; password: string }>, actor: string): Promise<void> {
  const hashed = await Promise.all(people.map(async (p) => ({ ...p, passwordHash: await hashPassword(p.password) })));
  const now = new Date().toISOString();
  db.transaction((tx) => {
    for (const p of hashed) {
      const row = tx.insert(users).values({ email: p.email, name: p.name, roles: p.roles, passwordHash: p.passwordHash, createdAt: now }).returning({ id: users.id }).get();
      audit(tx, { actor, action: "user.create", entity: "user", entityId: String(row.id), detail: { email: p.email, roles: p.roles }, at: now });
    }
  });
}

/** Stores a new session under the token's hash (the token itself only goes into the cookie). */
export function createSession(db: Db, input: { userId: number; tokenHash: string; email: string; now: Date }): void {
  db.transaction((tx) => {
    tx.insert(sessions).values({ tokenHash: input.tokenHash, userId: input.userId, createdAt: input.now.toISOString(), expiresAt: sessionExpiresAt(input.now).toISOString() }).run();
    audit(tx, { actor: input.email, action: "session.sign_in", entity: "user", entityId: String(input.userId), at: input.now.toISOString() });
  });
}

/** Sign-out: deletes the session row, so the cookie is worthless even if it was copied. */
export function deleteSession(db: Db, input: { tokenHash: string; email: string | null }): void {
  db.transaction((tx) => {
    const gone = tx.delete(sessions).where(eq(sessions.tokenHash, input.tokenHash)).returning({ userId: sessions.userId }).get();
    if (gone) audit(tx, { actor: input.email ?? "anonymous", action: "session.sign_out", entity: "user", entityId: String(gone.userId) });
  });
}
