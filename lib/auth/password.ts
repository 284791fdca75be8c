import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { DEMO_PASSWORD } from "./demo";

// Issue 5: passwords are stored only as a standard KDF hash. scrypt (RFC 7914) with OWASP's N=2^15, r=8, p=1.
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// scrypt needs 128·N·r bytes (32 MiB here) plus overhead; Node's default maxmem is exactly 32 MiB, so it would refuse.
const maxmemFor = (N: number, r: number) => 128 * N * r * 2;
// A stored hash we did not write could name huge parameters; refuse rather than burn memory or CPU on it.
const LIMITS = { N: 2 ** 20, r: 32, p: 16 } as const;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

// Passwords that meet the length rule yet sit at the top of every breach list, plus our own published demo password.
const KNOWN_BAD = new Set(
  [
    "password1234", "password12345", "password123456", "passwordpassword", "changeme1234", "changemechangeme",
    "123456789012", "1234567890123", "qwertyuiop12", "qwerty123456", "letmein12345", "administrator",
    "welcome12345", "iloveyou1234", "abcdefghijkl", "abc123456789", "assay1234567", "zoomberg1234", DEMO_PASSWORD,
  ].map((p) => p.toLowerCase()),
);

export type PolicyResult = { ok: true } | { ok: false; error: string };

/**
 * Password policy (issue 5): 12–256 characters, not a known-bad password (case-insensitive), at least four different
 * characters ("aaaaaaaaaaaa" fails), and not containing the person's own email. The error says what to change.
 */
export function checkPasswordPolicy(password: string, context: { email?: string } = {}): PolicyResult {
  const length = [...normalise(password)].length;
  if (length < PASSWORD_MIN_LENGTH) return { ok: false, error: `password is too short: use at least ${PASSWORD_MIN_LENGTH} characters (a phrase of three or four words works well)` };
  if (length > PASSWORD_MAX_LENGTH) return { ok: false, error: `password is too long: use at most ${PASSWORD_MAX_LENGTH} characters` };
  const lower = normalise(password).toLowerCase();
  if (KNOWN_BAD.has(lower)) return { ok: false, error: "password is on the list of known-bad passwords: choose one nobody would guess" };
  if (new Set(lower).size < 4) return { ok: false, error: "password repeats too few characters: use at least four different characters" };
  if (context.email && lower.includes(context.email.trim().toLowerCase())) return { ok: false, error: "password must not contain your email address" };
  return { ok: true };
}

/**
 * Hashes with a fresh 16-byte salt; the result is `scrypt$N$r$p$salt$hash`, salt and hash base64url. `params` other than
 * SCRYPT_PARAMS are for tests that exercise sign-in, not the KDF (needsRehash flags such a hash).
 */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = SCRYPT_PARAMS): Promise<string> {
  const { N, r, p } = params;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(normalise(password), salt, KEY_BYTES, { N, r, p, maxmem: maxmemFor(N, r) });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * True iff `password` matches `stored`. Never throws: a malformed, truncated or tampered hash is false. Uses the
 * parameters recorded in `stored`, so hashes made before a parameter change still verify (see needsRehash).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const { N, r, p, salt, hash } = parsed;
  try {
    const key = await derive(normalise(password), salt, hash.length, { N, r, p, maxmem: maxmemFor(N, r) });
    // Constant-time: the comparison must not leak how many leading bytes matched.
    return timingSafeEqual(key, hash);
  } catch {
    return false;
  }
}

/** True when `stored` was made with other parameters than today's: rehash on the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  return !parsed || parsed.N !== SCRYPT_PARAMS.N || parsed.r !== SCRYPT_PARAMS.r || parsed.p !== SCRYPT_PARAMS.p || parsed.hash.length !== KEY_BYTES;
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; hash: Buffer };

function parseStored(stored: string): Parsed | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((s) => (/^[1-9]\d{0,8}$/.test(s!) ? Number(s) : NaN)) as [number, number, number];
  if (!(N >= 2 && N <= LIMITS.N && (N & (N - 1)) === 0 && r >= 1 && r <= LIMITS.r && p >= 1 && p <= LIMITS.p)) return null;
  const b64url = /^[A-Za-z0-9_-]+$/;
  if (!b64url.test(parts[4]!) || !b64url.test(parts[5]!)) return null;
  const salt = Buffer.from(parts[4]!, "base64url");
  const hash = Buffer.from(parts[5]!, "base64url");
  // Our own hashes always carry 16 + 32 bytes; shorter ones are truncated or forged.
  if (salt.length < SALT_BYTES || hash.length < KEY_BYTES) return null;
  return { N, r, p, salt, hash };
}

// NFKC so the same password typed on two keyboards (composed vs decomposed accents) hashes the same (NIST SP 800-63B).
function normalise(password: string): string {
  return password.normalize("NFKC");
}

function derive(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}
