import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../lib/auth/password";
import { hashSessionToken, newSessionToken, SESSION_LIFETIME_MS } from "../../lib/auth/session-token";
import { SETUP_TOKEN_LIFETIME_MS } from "../../lib/auth/setup-token";
import { findUserByEmail, listUsers, userForSession, usersExist } from "../queries/users";
import { auditLog, sessions, setupTokens } from "../schema";
import { makeTempDb } from "../testing/temp-db";
import { issueSetupToken, redeemSetupToken } from "./setup-token";
import { addPerson, changeRoles, createSession, createUsers, resetPassword } from "./users";

const STRONG = "tidal-violet-harbour-42";
const NOW = new Date("2026-07-02T09:00:00.000Z");

let t: Awaited<ReturnType<typeof makeTempDb>>;
beforeEach(async () => {
  t = await makeTempDb();
});
afterEach(async () => t.cleanup());

const audits = async (action: string) => (await t.db.select().from(auditLog).orderBy(auditLog.id)).filter((r) => r.action === action);
const form = (token: string, extra: Record<string, string> = {}) => ({ token, email: "Ana@Zoomberg.example", name: "Ana", password: STRONG, ...extra });
const redeem = (f: unknown, now = NOW) => redeemSetupToken(t.db, { form: f, sessionTokenHash: hashSessionToken(newSessionToken()), now });

describe("one-time setup token", () => {
  it("db:setup stores only the token's hash, and a new token replaces the old one", async () => {
    const first = await issueSetupToken(t.db, NOW);
    const second = await issueSetupToken(t.db, NOW);
    expect(await t.db.select().from(setupTokens)).toEqual([{ tokenHash: hashSessionToken(second.token), createdAt: NOW.toISOString(), expiresAt: second.expires_at }]);
    expect(first.token).not.toBe(second.token);
  });

  it("a valid token creates the lead, deletes the token and signs them in, in one go", async () => {
    const { token } = await issueSetupToken(t.db, NOW);
    const session = newSessionToken();
    const r = await redeemSetupToken(t.db, { form: form(token), sessionTokenHash: hashSessionToken(session), now: NOW });
    expect(r).toMatchObject({ ok: true, user: { email: "ana@zoomberg.example" } });
    const lead = (await findUserByEmail(t.db, "ana@zoomberg.example"))!;
    expect(lead).toMatchObject({ name: "Ana", roles: ["lead"] });
    expect(await verifyPassword(STRONG, lead.passwordHash)).toBe(true);
    expect(await t.db.select().from(setupTokens)).toEqual([]);
    expect(await userForSession(t.db, hashSessionToken(session), NOW)).toMatchObject({ email: "ana@zoomberg.example", roles: ["lead"] });
    expect(await audits("user.create")).toMatchObject([{ actor: "ana@zoomberg.example", detail: { via: "setup_token", roles: ["lead"] } }]);
  });

  it("the same link used a second time is refused (409: people exist) and audited", async () => {
    const { token } = await issueSetupToken(t.db, NOW);
    expect((await redeem(form(token))).ok).toBe(true);
    const again = await redeem(form(token, { email: "mallory@example.org" }));
    expect(again).toMatchObject({ ok: false, status: 409, error: /setup is closed/ });
    expect((await listUsers(t.db)).map((u) => u.email)).toEqual(["ana@zoomberg.example"]);
    expect(await audits("setup.redeem.refused")).toMatchObject([{ actor: "anonymous", entity: "setup", detail: { status: 409 } }]);
  });

  it("a wrong or expired token creates nobody, keeps the token, and is audited (403)", async () => {
    const { token } = await issueSetupToken(t.db, NOW);
    expect(await redeem(form(newSessionToken()))).toMatchObject({ ok: false, status: 403 });
    expect(await redeem(form(token), new Date(NOW.getTime() + SETUP_TOKEN_LIFETIME_MS))).toMatchObject({ ok: false, status: 403 });
    expect(await redeem(form("not-a-token"))).toMatchObject({ ok: false, status: 403 });
    expect(await usersExist(t.db)).toBe(false);
    expect(await t.db.select().from(setupTokens)).toHaveLength(1);
    // Issue 26: refusals from one address within ten minutes are one row with a count; the expired try is a day later.
    expect((await audits("setup.redeem.refused")).map((r) => [r.detail.status, r.detail.count])).toEqual([
      [403, 2],
      [403, 1],
    ]);
  });

  it("a weak password is refused (400) and the token still works afterwards", async () => {
    const { token } = await issueSetupToken(t.db, NOW);
    expect(await redeem(form(token, { password: "changeme1234" }))).toMatchObject({ ok: false, status: 400, error: /known-bad/ });
    expect((await redeem(form(token))).ok).toBe(true);
  });
});

describe("people management writes", () => {
  beforeEach(async () => {
    await createUsers(t.db, [{ email: "lead@example.org", name: "Lead", roles: ["lead"], password: STRONG }], "test");
  });
  const idOf = async (email: string) => (await findUserByEmail(t.db, email))!.id;

  it("a lead adds a person with roles; the password is stored hashed and the change is audited", async () => {
    const r = await addPerson(t.db, { form: { email: "ann@example.org", name: "Ann", roles: ["annotator"], password: STRONG }, actor: "lead@example.org" });
    expect(r).toMatchObject({ ok: true, email: "ann@example.org" });
    const ann = (await findUserByEmail(t.db, "ann@example.org"))!;
    expect(ann.roles).toEqual(["annotator"]);
    expect(ann.passwordHash).toMatch(/^scrypt\$/);
    expect((await audits("user.create")).at(-1)).toMatchObject({ actor: "lead@example.org", entityId: String(ann.id), detail: { email: "ann@example.org", roles: ["annotator"] } });
  });

  it("adding an email that exists is refused (409) and writes nothing", async () => {
    const before = (await t.db.select().from(auditLog)).length;
    expect(await addPerson(t.db, { form: { email: "LEAD@example.org", name: "Again", roles: ["analyst"], password: STRONG }, actor: "lead@example.org" })).toMatchObject({ ok: false, status: 409 });
    expect(await t.db.select().from(auditLog)).toHaveLength(before);
  });

  it("the last lead keeps the lead role: the change is refused (409), audited, and nothing changes", async () => {
    const id = await idOf("lead@example.org");
    expect(await changeRoles(t.db, { userId: id, roles: ["analyst"], actor: "lead@example.org" })).toMatchObject({ ok: false, status: 409, error: /last lead/ });
    expect((await findUserByEmail(t.db, "lead@example.org"))!.roles).toEqual(["lead"]);
    expect(await audits("user.roles.refused")).toHaveLength(1);
    expect(await audits("user.roles")).toHaveLength(0);
  });

  it("once a second lead exists, the first may give up the lead role; each change is audited with before and after", async () => {
    await addPerson(t.db, { form: { email: "ana@example.org", name: "Ana", roles: ["analyst"], password: STRONG }, actor: "lead@example.org" });
    expect(await changeRoles(t.db, { userId: await idOf("ana@example.org"), roles: ["analyst", "lead"], actor: "lead@example.org" })).toMatchObject({ ok: true, to: ["analyst", "lead"] });
    expect(await changeRoles(t.db, { userId: await idOf("lead@example.org"), roles: ["annotator"], actor: "lead@example.org" })).toMatchObject({ ok: true, from: ["lead"], to: ["annotator"] });
    expect((await audits("user.roles")).map((r) => r.detail)).toEqual([
      { email: "ana@example.org", from: ["analyst"], to: ["analyst", "lead"] },
      { email: "lead@example.org", from: ["lead"], to: ["annotator"] },
    ]);
  });

  it("a password reset sets the new hash and ends every session of that person (only theirs)", async () => {
    await addPerson(t.db, { form: { email: "ann@example.org", name: "Ann", roles: ["annotator"], password: STRONG }, actor: "lead@example.org" });
    const ann = await idOf("ann@example.org");
    const lead = await idOf("lead@example.org");
    const tokens = [newSessionToken(), newSessionToken(), newSessionToken()];
    await createSession(t.db, { userId: ann, tokenHash: hashSessionToken(tokens[0]!), email: "ann@example.org", now: NOW });
    await createSession(t.db, { userId: ann, tokenHash: hashSessionToken(tokens[1]!), email: "ann@example.org", now: NOW });
    await createSession(t.db, { userId: lead, tokenHash: hashSessionToken(tokens[2]!), email: "lead@example.org", now: NOW });
    const fresh = "a brand new passphrase 7";
    expect(await resetPassword(t.db, { userId: ann, passwordHash: await hashPassword(fresh), actor: "lead@example.org" })).toEqual({ ok: true, email: "ann@example.org", sessionsEnded: 2 });
    expect(await verifyPassword(fresh, (await findUserByEmail(t.db, "ann@example.org"))!.passwordHash)).toBe(true);
    const inside = new Date(NOW.getTime() + SESSION_LIFETIME_MS / 2);
    expect(await userForSession(t.db, hashSessionToken(tokens[0]!), inside)).toBeNull();
    expect(await userForSession(t.db, hashSessionToken(tokens[2]!), inside)).toMatchObject({ email: "lead@example.org" });
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    expect(await audits("user.password_reset")).toMatchObject([{ actor: "lead@example.org", detail: { email: "ann@example.org", sessions_ended: 2 } }]);
  });

  it("resetting the password of nobody is 404", async () => {
    expect(await resetPassword(t.db, { userId: 999, passwordHash: "x", actor: "lead@example.org" })).toMatchObject({ ok: false, status: 404 });
  });
});
