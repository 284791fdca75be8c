import { describe, expect, it } from "vitest";
import { admit, currentState, DEFAULT_THROTTLE, isLocked, lockDurationMs, settleFailure, settleSuccess, throttleConfigFromEnv, type ThrottleConfig, type ThrottleState } from "./throttle";

const cfg: ThrottleConfig = { accountMaxFailures: 10, addressMaxFailures: 50, quietResetMs: 15 * 60_000, lockMs: 60_000, maxLockMs: 8 * 60_000 };
const T0 = new Date("2026-07-02T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** n wrong passwords in a row, each admitted then settled as a failure, `gap` ms apart. */
function failures(n: number, limit = 10, gap = 100, from: ThrottleState | null = null, start = 0): { state: ThrottleState | null; refusedAt: number[] } {
  let s = from;
  const refusedAt: number[] = [];
  for (let i = 0; i < n; i++) {
    const now = at(start + i * gap);
    const a = admit(s, now, limit, cfg);
    s = a.next;
    if (!a.admitted) {
      refusedAt.push(i + 1);
      continue;
    }
    s = settleFailure(s, now, limit, cfg).next;
  }
  return { state: s, refusedAt };
}

describe("the sign-in throttle", () => {
  it("lets ten wrong passwords through and locks the account at the tenth: the eleventh is refused", () => {
    const { state, refusedAt } = failures(11);
    expect(refusedAt).toEqual([11]);
    expect(state!.failures).toBe(10);
    expect(state!.locks).toBe(1);
    expect(state!.lockedUntil).toBe(at(9 * 100 + cfg.lockMs).toISOString());
  });

  it("refuses even the right password while locked, with the time left; after the lock the count starts afresh", () => {
    const { state } = failures(10);
    const during = admit(state, at(30_000), 10, cfg);
    expect(during).toMatchObject({ admitted: false, lockedNow: false, retryAfterMs: 900 + cfg.lockMs - 30_000 });
    const after = admit(state, at(900 + cfg.lockMs), 10, cfg);
    expect(after.admitted).toBe(true);
    expect(after.next.failures).toBe(1);
    expect(settleSuccess(after.next, "account")).toBeNull();
  });

  it("counts attempts in flight: of forty made at once, exactly ten are admitted", () => {
    let s: ThrottleState | null = null;
    const outcomes = Array.from({ length: 40 }, () => {
      const a = admit(s, T0, 10, cfg);
      s = a.next;
      return a.admitted;
    });
    expect(outcomes.filter(Boolean)).toHaveLength(10);
    expect(outcomes.slice(0, 10).every(Boolean)).toBe(true);
    // the eleventh found the limit reached with none settled yet: it started the lock
    expect(isLocked(s, T0)).toBe(true);
  });

  it("backs off: each further lock without a success in between lasts twice as long, up to the cap", () => {
    expect([0, 1, 2, 3, 4].map((n) => lockDurationMs(n, cfg))).toEqual([60_000, 120_000, 240_000, 480_000, 480_000]);
    let { state } = failures(10);
    const firstEnd = Date.parse(state!.lockedUntil!) - T0.getTime();
    ({ state } = failures(10, 10, 100, state, firstEnd));
    expect(state!.locks).toBe(2);
    expect(Date.parse(state!.lockedUntil!) - (T0.getTime() + firstEnd + 900)).toBe(2 * cfg.lockMs);
  });

  it("forgets failures after a quiet period, and the backoff after a quiet day", () => {
    const { state } = failures(9);
    expect(currentState(state, at(800 + cfg.quietResetMs), cfg).failures).toBe(9);
    expect(currentState(state, at(801 + cfg.quietResetMs), cfg).failures).toBe(0);
    const locked = failures(10).state!;
    const later = currentState(locked, at(900 + cfg.maxLockMs + 1), cfg);
    expect([later.failures, later.lockedUntil, later.locks]).toEqual([0, null, 0]);
  });

  it("a success starts the account afresh but only takes back its own attempt on the address", () => {
    const { state } = failures(7, 50);
    const a = admit(state, at(5_000), 50, cfg);
    expect(a.admitted && a.next.failures).toBe(8);
    expect(settleSuccess(a.next, "address")!.failures).toBe(7);
    expect(settleSuccess(a.next, "account")).toBeNull();
  });

  it("an address has its own, higher limit", () => {
    expect(failures(50, 50).refusedAt).toEqual([]);
    expect(failures(51, 50).refusedAt).toEqual([51]);
  });

  it("reads its knobs from the environment, defaults for the rest, and names a bad variable", () => {
    expect(throttleConfigFromEnv({})).toEqual(DEFAULT_THROTTLE);
    expect(throttleConfigFromEnv({ ASSAY_SIGNIN_LOCK_MS: "3000", ASSAY_SIGNIN_MAX_FAILURES: " 4 " })).toEqual({ ...DEFAULT_THROTTLE, lockMs: 3000, accountMaxFailures: 4 });
    expect(() => throttleConfigFromEnv({ ASSAY_SIGNIN_LOCK_MS: "soon" })).toThrow(/ASSAY_SIGNIN_LOCK_MS must be a positive whole number/);
    expect(() => throttleConfigFromEnv({ ASSAY_SIGNIN_LOCK_MS: "0" })).toThrow(/ASSAY_SIGNIN_LOCK_MS/);
    expect(() => throttleConfigFromEnv({ ASSAY_SIGNIN_MAX_LOCK_MS: "1000" })).toThrow(/shorter than ASSAY_SIGNIN_LOCK_MS/);
  });
});
