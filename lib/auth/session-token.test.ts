import { describe, expect, it } from "vitest";
import { SESSION_LIFETIME_MS, hashSessionToken, isExpired, isWellFormedToken, newSessionToken, sessionCookieOptions, sessionExpiresAt } from "./session-token";

const NOW = new Date("2026-07-02T09:00:00.000Z");

describe("session tokens", () => {
  it("a token is 32 random bytes in base64url, different every time", () => {
    const a = newSessionToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, "base64url")).toHaveLength(32);
    expect(newSessionToken()).not.toBe(a);
  });
  it("the database stores a sha256 hex of the token, never the token", () => {
    const t = newSessionToken();
    expect(hashSessionToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(t)).toBe(hashSessionToken(t));
    expect(hashSessionToken(t)).not.toContain(t);
    expect(hashSessionToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
  it("only our token shape is well formed", () => {
    expect(isWellFormedToken(newSessionToken())).toBe(true);
    for (const bad of [undefined, "", "x".repeat(42), "x".repeat(44), "a+b/".repeat(11)]) expect(isWellFormedToken(bad)).toBe(false);
  });
});

describe("session expiry", () => {
  const session = { expires_at: sessionExpiresAt(NOW).toISOString() };
  it("a session lasts 12 hours", () => {
    expect(SESSION_LIFETIME_MS).toBe(12 * 3600 * 1000);
    expect(session.expires_at).toBe("2026-07-02T21:00:00.000Z");
  });
  it("is live one millisecond before its expiry and expired at it", () => {
    expect(isExpired(session, new Date(Date.parse(session.expires_at) - 1))).toBe(false);
    expect(isExpired(session, new Date(session.expires_at))).toBe(true);
  });
  it("an unreadable expiry counts as expired (fail closed)", () => {
    expect(isExpired({ expires_at: "tomorrow" }, NOW)).toBe(true);
  });
  it("the cookie is httpOnly, SameSite=Lax, lives as long as the session, and sign-out clears it", () => {
    expect(sessionCookieOptions({ secure: true })).toEqual({ httpOnly: true, sameSite: "lax", secure: true, path: "/", maxAge: 43200 });
    expect(sessionCookieOptions({ secure: false, signOut: true }).maxAge).toBe(0);
  });
});
