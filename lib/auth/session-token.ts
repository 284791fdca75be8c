import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

// Issue 5: sessions live in an httpOnly SameSite cookie holding a random token; the database keeps only its SHA-256,
// so a leaked database cannot be replayed as cookies.
export const SESSION_COOKIE = "assay_session";
/** Absolute lifetime: a working day. After it the person signs in again whatever their activity. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/; // 32 bytes in unpadded base64url

/** A fresh session token (32 random bytes, base64url): goes in the cookie, never in the database. */
export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** What the database stores and looks sessions up by: sha256 of the token, hex. A fast hash is enough for 256 random bits. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Cheap shape check on a cookie value before any lookup: anything else is not one of our tokens. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}

export const sessionSchema = z.object({
  token_hash: z.string().regex(/^[0-9a-f]{64}$/, "token_hash is a sha256 hex digest"),
  user_id: z.union([z.number().int().positive(), z.string().min(1)]),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Expiry of a session created at `now` (the clock is a parameter: lib/ reads no clock). */
export function sessionExpiresAt(now: Date): Date {
  return new Date(now.getTime() + SESSION_LIFETIME_MS);
}

/** A session is expired from its expires_at instant on; an unreadable expires_at counts as expired (fail closed). */
export function isExpired(session: Pick<Session, "expires_at">, now: Date): boolean {
  const end = Date.parse(session.expires_at);
  return Number.isNaN(end) || now.getTime() >= end;
}

/**
 * Cookie attributes for the session token: httpOnly (no script reads it), SameSite=Lax (no cross-site POST carries
 * it), Secure whenever served over https, and a Max-Age equal to the session lifetime. Sign-out sets maxAge 0.
 */
export function sessionCookieOptions(options: { secure: boolean; signOut?: boolean }) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: options.secure,
    path: "/",
    maxAge: options.signOut ? 0 : SESSION_LIFETIME_MS / 1000,
  };
}
