import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "./demo";
import { checkPasswordPolicy, hashPassword, needsRehash, verifyPassword } from "./password";
import { verifySignIn } from "./sign-in";

const GOOD = "correct horse battery staple";

describe("password hashing (scrypt)", () => {
  it("a hash verifies against the password it was made from", async () => {
    const stored = await hashPassword(GOOD);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword(GOOD, stored)).toBe(true);
  });

  it("a wrong password does not verify", async () => {
    const stored = await hashPassword(GOOD);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
  });

  it("each hash has its own salt, so the same password never hashes the same twice", async () => {
    expect(await hashPassword(GOOD)).not.toBe(await hashPassword(GOOD));
  });

  it("a tampered hash, salt or parameter does not verify", async () => {
    const stored = await hashPassword(GOOD);
    const parts = stored.split("$");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    const tampered = [
      [...parts.slice(0, 5), flip(parts[5]!)],
      [...parts.slice(0, 4), flip(parts[4]!), parts[5]!],
      [parts[0]!, "16384", ...parts.slice(2)],
      [parts[0]!, parts[1]!, "9", ...parts.slice(3)],
      [...parts.slice(0, 5), parts[5]!.slice(0, 20)],
    ].map((p) => p.join("$"));
    for (const t of tampered) expect(await verifyPassword(GOOD, t)).toBe(false);
  });

  it("a malformed stored value is false, never an exception", async () => {
    for (const bad of ["", "plain", "bcrypt$1$2$3$4$5", "scrypt$0$8$1$aaaa$bbbb", "scrypt$3$8$1$" + "A".repeat(22) + "$" + "A".repeat(43), "scrypt$1073741824$8$1$" + "A".repeat(22) + "$" + "A".repeat(43)]) {
      expect(await verifyPassword(GOOD, bad)).toBe(false);
    }
  });

  it("composed and decomposed accents are the same password (NFKC)", async () => {
    const stored = await hashPassword("caf\u00e9 au lait, please");
    expect(await verifyPassword("cafe\u0301 au lait, please", stored)).toBe(true);
  });

  it("a hash made with other parameters needs a rehash; today's does not", async () => {
    expect(needsRehash(await hashPassword(GOOD))).toBe(false);
    expect(needsRehash("scrypt$16384$8$1$" + "A".repeat(22) + "$" + "A".repeat(43))).toBe(true);
  });

  it("sign-in with an unknown email is refused after the same KDF work", async () => {
    expect(await verifySignIn(GOOD, null)).toBe(false);
    expect(await verifySignIn(GOOD, await hashPassword(GOOD))).toBe(true);
  });
});

describe("password policy", () => {
  it.each([
    ["short", "short1!", /at least 12 characters/],
    ["11 characters", "abcdefghij1", /at least 12 characters/],
    ["known-bad", "password1234", /known-bad/],
    ["known-bad, any case", "ChangeMe1234", /known-bad/],
    ["the published demo password", DEMO_PASSWORD, /known-bad/],
    ["one character repeated", "aaaaaaaaaaaaaa", /four different characters/],
    ["too long", "x".repeat(200) + "y".repeat(57), /at most 256/],
  ])("rejects a %s password with a message saying what to change", (_name, password, message) => {
    const result = checkPasswordPolicy(password);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it("rejects a password containing the person's email", () => {
    expect(checkPasswordPolicy("x-lead@zoomberg.example-x", { email: "Lead@Zoomberg.example" })).toMatchObject({ ok: false, error: /email/ });
  });

  it("accepts a long passphrase", () => {
    expect(checkPasswordPolicy(GOOD)).toEqual({ ok: true });
  });

  it("counts characters, not UTF-16 units: twelve emoji are twelve characters", () => {
    expect(checkPasswordPolicy("🔑🔒🔓🔐🔏🔑🔒🔓🔐🔏🔑🔒").ok).toBe(true);
    expect(checkPasswordPolicy("🔑🔒🔓🔐🔏🔑").ok).toBe(false);
  });
});
