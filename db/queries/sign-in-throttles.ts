import { asc } from "drizzle-orm";
import { currentState, isLocked, type ThrottleConfig } from "../../lib/auth/throttle";
import type { ThrottleScope } from "../../lib/auth/throttle-scopes";
import type { DbOrTx } from "../index";
import { signInThrottles } from "../schema";

export type ThrottleView = { scope: ThrottleScope; subject: string; failures: number; lockedUntil: string | null; locks: number; lastFailureAt: string | null };

/**
 * Accounts and addresses with failures counted or a lock in force as of `now` (issue 20), locked first: the People
 * page lists them so a lead can lift a lock. Served locks and forgotten failures are not listed.
 */
export async function listSignInThrottles(db: DbOrTx, now: Date, cfg: ThrottleConfig): Promise<ThrottleView[]> {
  const rows = await db.select().from(signInThrottles).orderBy(asc(signInThrottles.scope), asc(signInThrottles.subject));
  return rows
    .map((row) => {
      const s = currentState(row, now, cfg);
      return { scope: row.scope, subject: row.subject, failures: s.failures, lockedUntil: isLocked(s, now) ? s.lockedUntil : null, locks: s.locks, lastFailureAt: s.lastFailureAt };
    })
    .filter((v) => v.lockedUntil !== null || v.failures > 0)
    .sort((a, b) => Number(b.lockedUntil !== null) - Number(a.lockedUntil !== null));
}
