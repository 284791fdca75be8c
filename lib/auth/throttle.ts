import { z } from "zod";
import type { ThrottleScope } from "./throttle-scopes";

// Issue 20: sign-in resists guessing. Failures are counted per account and per client address; at the limit the key
// is locked, and each further lock of the same key (without a success or a quiet day between) lasts twice as long.
// Pure: the clock is a parameter, the state is a row of sign_in_throttles that db/writes/sign-in.ts reads and writes.

export type ThrottleConfig = {
  /** Failed attempts on one account before it is locked. */
  accountMaxFailures: number;
  /** Failed attempts from one address (any accounts) before it is locked: higher, an address may be shared. */
  addressMaxFailures: number;
  /** Failures are forgotten after this long without one. */
  quietResetMs: number;
  /** The first lock; each further lock doubles, up to maxLockMs. */
  lockMs: number;
  maxLockMs: number;
};

const MINUTE = 60_000;
export const DEFAULT_THROTTLE: ThrottleConfig = { accountMaxFailures: 10, addressMaxFailures: 50, quietResetMs: 15 * MINUTE, lockMs: 15 * MINUTE, maxLockMs: 24 * 60 * MINUTE };

/** The environment variables that set the throttle (docs/ACCOUNTS.md), with the config key each sets. */
export const THROTTLE_ENV = {
  ASSAY_SIGNIN_MAX_FAILURES: "accountMaxFailures",
  ASSAY_SIGNIN_ADDRESS_MAX_FAILURES: "addressMaxFailures",
  ASSAY_SIGNIN_QUIET_RESET_MS: "quietResetMs",
  ASSAY_SIGNIN_LOCK_MS: "lockMs",
  ASSAY_SIGNIN_MAX_LOCK_MS: "maxLockMs",
} as const satisfies Record<string, keyof ThrottleConfig>;

const positiveInt = z.coerce.number().int().positive();

/** The throttle from the environment: unset variables take DEFAULT_THROTTLE; a bad value throws naming the variable. */
export function throttleConfigFromEnv(env: Readonly<Record<string, string | undefined>>): ThrottleConfig {
  const cfg: ThrottleConfig = { ...DEFAULT_THROTTLE };
  for (const [name, key] of Object.entries(THROTTLE_ENV)) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") continue;
    const parsed = positiveInt.safeParse(raw.trim());
    if (!parsed.success) throw new Error(`${name} must be a positive whole number, got ${JSON.stringify(raw)}`);
    cfg[key] = parsed.data;
  }
  if (cfg.maxLockMs < cfg.lockMs) throw new Error(`ASSAY_SIGNIN_MAX_LOCK_MS (${cfg.maxLockMs}) is shorter than ASSAY_SIGNIN_LOCK_MS (${cfg.lockMs})`);
  return cfg;
}

/** One key's state (a sign_in_throttles row without its key). Times are ISO strings. */
export type ThrottleState = { failures: number; windowStartedAt: string; lastFailureAt: string | null; lockedUntil: string | null; locks: number };

export const limitFor = (scope: ThrottleScope, cfg: ThrottleConfig) => (scope === "account" ? cfg.accountMaxFailures : cfg.addressMaxFailures);

const ms = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

/** The state as of `now`: a served lock clears the count; a quiet period forgets failures, a quiet day the backoff too. */
export function currentState(state: ThrottleState | null, now: Date, cfg: ThrottleConfig): ThrottleState {
  const t = now.getTime();
  if (!state) return { failures: 0, windowStartedAt: now.toISOString(), lastFailureAt: null, lockedUntil: null, locks: 0 };
  let s = state;
  if (s.lockedUntil !== null && !(ms(s.lockedUntil) > t)) s = { ...s, failures: 0, lockedUntil: null, windowStartedAt: now.toISOString() };
  const quiet = s.lastFailureAt === null ? Number.POSITIVE_INFINITY : t - ms(s.lastFailureAt);
  if (s.lockedUntil === null && quiet > cfg.quietResetMs && s.failures > 0) s = { ...s, failures: 0, windowStartedAt: now.toISOString() };
  if (s.lockedUntil === null && quiet > cfg.maxLockMs && s.locks > 0) s = { ...s, locks: 0 };
  return s;
}

/** How long the next lock lasts: lockMs, doubled for each lock before it, at most maxLockMs. */
export function lockDurationMs(locksBefore: number, cfg: ThrottleConfig): number {
  return Math.min(cfg.lockMs * 2 ** Math.min(locksBefore, 40), cfg.maxLockMs);
}

function lock(s: ThrottleState, now: Date, cfg: ThrottleConfig): ThrottleState {
  return { ...s, lockedUntil: new Date(now.getTime() + lockDurationMs(s.locks, cfg)).toISOString(), locks: s.locks + 1 };
}

export type Admission =
  | { admitted: true; next: ThrottleState }
  | { admitted: false; next: ThrottleState; lockedUntil: string; retryAfterMs: number; /** This refusal started the lock. */ lockedNow: boolean };

/**
 * Before a password is checked. Refused while the key is locked, or when its limit is already reached (that refusal
 * starts the lock). Otherwise the attempt is counted as a failure in advance, so attempts made in parallel cannot all
 * pass before any failure is recorded; settleSuccess takes it back.
 */
export function admit(state: ThrottleState | null, now: Date, limit: number, cfg: ThrottleConfig): Admission {
  let s = currentState(state, now, cfg);
  let lockedNow = false;
  if (s.lockedUntil === null && s.failures >= limit) {
    s = lock(s, now, cfg);
    lockedNow = true;
  }
  if (s.lockedUntil !== null) return { admitted: false, next: s, lockedUntil: s.lockedUntil, retryAfterMs: Math.max(0, ms(s.lockedUntil) - now.getTime()), lockedNow };
  return { admitted: true, next: { ...s, failures: s.failures + 1, lastFailureAt: now.toISOString() } };
}

/** After a wrong password (already counted by admit): the failure's time, and the lock when the limit is reached. */
export function settleFailure(state: ThrottleState | null, now: Date, limit: number, cfg: ThrottleConfig): { next: ThrottleState; lockedNow: boolean } {
  const s = { ...currentState(state, now, cfg), lastFailureAt: now.toISOString() };
  if (s.lockedUntil === null && s.failures >= limit) return { next: lock(s, now, cfg), lockedNow: true };
  return { next: s, lockedNow: false };
}

/**
 * After the right password. The account starts afresh (null: no row). An address only takes back the attempt admit
 * counted, so signing in to one's own account does not wipe the failures made from that address against others.
 */
export function settleSuccess(state: ThrottleState | null, scope: ThrottleScope): ThrottleState | null {
  if (scope === "account" || state === null) return null;
  return { ...state, failures: Math.max(0, state.failures - 1) };
}

/** True while the key refuses attempts. */
export function isLocked(state: ThrottleState | null, now: Date): boolean {
  return state?.lockedUntil != null && ms(state.lockedUntil) > now.getTime();
}
