import { count, eq } from "drizzle-orm";
import type { SessionUser } from "../../lib/auth/roles";
import { isExpired } from "../../lib/auth/session-token";
import type { Db } from "../index";
import { sessions, users } from "../schema";

// No "server-only" here: scripts/db-setup.ts reads usersExist too.

export function usersExist(db: Db): boolean {
  return (db.select({ n: count() }).from(users).get()?.n ?? 0) > 0;
}

export function findUserByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get() ?? null;
}

export type CurrentUser = SessionUser & { id: number; name: string };

/** The person a session token hash belongs to, or null when there is no such session or it has expired (fail closed). */
export function userForSession(db: Db, tokenHash: string, now: Date): CurrentUser | null {
  const row = db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
  if (!row || isExpired({ expires_at: row.expiresAt }, now)) return null;
  return { id: row.id, email: row.email, name: row.name, roles: row.roles };
}
