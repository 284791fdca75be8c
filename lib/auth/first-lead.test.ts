import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "./demo";
import { planFirstStart } from "./first-lead";
import { hashSessionToken } from "./session-token";
import { checkSetupRedemption, newSetupToken } from "./setup-token";

const STRONG = "tidal-violet-harbour-42";
const NOW = new Date("2026-07-02T09:00:00.000Z");

describe("first start", () => {
  it("with people already in the database, does nothing (the env is never re-applied)", () => {
    const plan = planFirstStart({ env: { ASSAY_FIRST_LEAD_EMAIL: "a@b.example", ASSAY_FIRST_LEAD_PASSWORD: STRONG, ASSAY_DEMO: "1" }, usersExist: true });
    expect(plan).toMatchObject({ action: "none", reason: /ignored/ });
  });

  it("creates the first lead from ASSAY_FIRST_LEAD_EMAIL and ASSAY_FIRST_LEAD_PASSWORD", () => {
    const plan = planFirstStart({ env: { ASSAY_FIRST_LEAD_EMAIL: " Ana@Zoomberg.Example ", ASSAY_FIRST_LEAD_PASSWORD: STRONG }, usersExist: false });
    expect(plan).toMatchObject({ action: "create", source: "env", users: [{ email: "ana@zoomberg.example", roles: ["lead"], password: STRONG }] });
  });

  it("holds the env password to the password policy, naming the variable", () => {
    const plan = planFirstStart({ env: { ASSAY_FIRST_LEAD_EMAIL: "ana@zoomberg.example", ASSAY_FIRST_LEAD_PASSWORD: "changeme1234" }, usersExist: false });
    expect(plan).toMatchObject({ action: "error", error: /^ASSAY_FIRST_LEAD_PASSWORD: .*known-bad/ });
  });

  it.each([
    [{ ASSAY_FIRST_LEAD_EMAIL: "ana@zoomberg.example" }, /no default password/],
    [{ ASSAY_FIRST_LEAD_PASSWORD: STRONG }, /ASSAY_FIRST_LEAD_EMAIL is not/],
    [{ ASSAY_FIRST_LEAD_EMAIL: "ana", ASSAY_FIRST_LEAD_PASSWORD: STRONG }, /not an email/],
    [{ ASSAY_DEMO: "yes" }, /ASSAY_DEMO must be 1/],
  ])("refuses half-set or malformed variables with a message: %o", (env, message) => {
    expect(planFirstStart({ env, usersExist: false })).toMatchObject({ action: "error", error: message });
  });

  it("without env or demo mode, never invents a password: it asks for a one-time setup token", () => {
    for (const env of [{}, { NODE_ENV: "production" }, { ASSAY_DEMO: "0" }, { ASSAY_FIRST_LEAD_EMAIL: "", ASSAY_FIRST_LEAD_PASSWORD: "  " }]) {
      expect(planFirstStart({ env, usersExist: false }).action).toBe("setup_token");
    }
  });

  it("demo mode seeds one person per role with the documented demo password, even in a production build", () => {
    const plan = planFirstStart({ env: { ASSAY_DEMO: "1", NODE_ENV: "production" }, usersExist: false });
    expect(plan.action).toBe("create");
    if (plan.action !== "create") return;
    expect(plan.source).toBe("demo");
    expect(plan.users.map((u) => [u.email, u.roles, u.password])).toEqual([
      ["lead@assay.test", ["lead"], DEMO_PASSWORD],
      ["analyst@assay.test", ["analyst"], DEMO_PASSWORD],
      ["annotator@assay.test", ["annotator"], DEMO_PASSWORD],
    ]);
    expect(plan.notice).toMatch(/DEMO MODE/);
  });

  it("demo mode also creates the env lead when one is given", () => {
    const plan = planFirstStart({ env: { ASSAY_DEMO: "1", ASSAY_FIRST_LEAD_EMAIL: "ana@zoomberg.example", ASSAY_FIRST_LEAD_PASSWORD: STRONG }, usersExist: false });
    expect(plan.action === "create" && plan.users.map((u) => u.email)).toEqual(["lead@assay.test", "analyst@assay.test", "annotator@assay.test", "ana@zoomberg.example"]);
  });
});

describe("one-time setup token", () => {
  const issued = newSetupToken(NOW);
  const stored = { token_hash: issued.token_hash, expires_at: issued.expires_at };
  const form = { token: issued.token, email: "ana@zoomberg.example", name: "Ana", password: STRONG };

  it("stores only the token's hash", () => {
    expect(issued.token_hash).toBe(hashSessionToken(issued.token));
  });
  it("the right token before expiry creates a lead", () => {
    expect(checkSetupRedemption({ form, stored, usersExist: false, now: NOW })).toEqual({ ok: true, user: { email: "ana@zoomberg.example", name: "Ana", roles: ["lead"], password: STRONG } });
  });
  it("a wrong, missing or expired token is refused with one message", () => {
    const wrong = checkSetupRedemption({ form: { ...form, token: "A".repeat(43) }, stored, usersExist: false, now: NOW });
    const none = checkSetupRedemption({ form, stored: null, usersExist: false, now: NOW });
    const late = checkSetupRedemption({ form, stored, usersExist: false, now: new Date(issued.expires_at) });
    expect(wrong).toMatchObject({ ok: false, status: 403 });
    expect(none).toEqual(wrong);
    expect(late).toEqual(wrong);
  });
  it("is closed once anyone exists", () => {
    expect(checkSetupRedemption({ form, stored, usersExist: true, now: NOW })).toMatchObject({ ok: false, status: 409 });
  });
  it("holds the chosen password to the policy", () => {
    expect(checkSetupRedemption({ form: { ...form, password: "password1234" }, stored, usersExist: false, now: NOW })).toMatchObject({ ok: false, status: 400, error: /known-bad/ });
  });
});
