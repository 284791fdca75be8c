import { asc, count, eq } from "drizzle-orm";
import type { SessionUser } from "../../lib/auth/roles";
import { isExpired } from "../../lib/auth/session-token";
import type { DbOrTx } from "../index";
import { sessions, setupTokens, users } from "../schema";

// No "server-only" here: scripts/db-setup.ts reads usersExist too.

export async function usersExist(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export type CurrentUser = SessionUser & { id: number; name: string };

/**
 * The person a session token hash belongs to, or null when there is no such session or it has expired (fail closed).
 * Read from the database on every request, never cached in the process: a session opened (or ended) through one app
 * instance holds (or is gone) on every other.
 */
export async function userForSession(db: DbOrTx, tokenHash: string, now: Date): Promise<CurrentUser | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row || isExpired({ expires_at: row.expiresAt }, now)) return null;
  return { id: row.id, email: row.email, name: row.name, roles: row.roles };
}

/** Everyone, oldest first, for the People page: never the password hash. */
export async function listUsers(db: DbOrTx) {
  return db.select({ id: users.id, email: users.email, name: users.name, roles: users.roles, createdAt: users.createdAt }).from(users).orderBy(asc(users.id));
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name, roles: users.roles }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The stored setup token with this hash (lib/auth/setup-token.ts), or null. */
export async function findSetupToken(db: DbOrTx, tokenHash: string): Promise<{ token_hash: string; expires_at: string } | null> {
  const [row] = await db.select().from(setupTokens).where(eq(setupTokens.tokenHash, tokenHash)).limit(1);
  return row ? { token_hash: row.tokenHash, expires_at: row.expiresAt } : null;
}
