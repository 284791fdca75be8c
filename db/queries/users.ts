import { asc, count, eq } from "drizzle-orm";
import type { SessionUser } from "../../lib/auth/roles";
import { isExpired } from "../../lib/auth/session-token";
import type { DbOrTx } from "../index";
import { sessions, setupTokens, users } from "../schema";

// No "server-only" here: scripts/db-setup.ts reads usersExist too.

export function usersExist(db: DbOrTx): boolean {
  return (db.select({ n: count() }).from(users).get()?.n ?? 0) > 0;
}

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get() ?? null;
}

export type CurrentUser = SessionUser & { id: number; name: string };

/** The person a session token hash belongs to, or null when there is no such session or it has expired (fail closed). */
export function userForSession(db: DbOrTx, tokenHash: string, now: Date): CurrentUser | null {
  const row = db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
  if (!row || isExpired({ expires_at: row.expiresAt }, now)) return null;
  return { id: row.id, email: row.email, name: row.name, roles: row.roles };
}

/** Everyone, oldest first, for the People page: never the password hash. */
export function listUsers(db: DbOrTx) {
  return db.select({ id: users.id, email: users.email, name: users.name, roles: users.roles, createdAt: users.createdAt }).from(users).orderBy(asc(users.id)).all();
}

export function findUserById(db: DbOrTx, id: number) {
  return db.select({ id: users.id, email: users.email, name: users.name, roles: users.roles }).from(users).where(eq(users.id, id)).get() ?? null;
}

/** The stored setup token with this hash (lib/auth/setup-token.ts), or null. */
export function findSetupToken(db: DbOrTx, tokenHash: string): { token_hash: string; expires_at: string } | null {
  const row = db.select().from(setupTokens).where(eq(setupTokens.tokenHash, tokenHash)).get();
  return row ? { token_hash: row.tokenHash, expires_at: row.expiresAt } : null;
}
