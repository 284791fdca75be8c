import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApprovalRecord } from "../../lib/approval/record";
import { hashSessionToken, newSessionToken, SESSION_LIFETIME_MS } from "../../lib/auth/session-token";
import { reviewsFor } from "../queries/baselines";
import { loadComparison } from "../queries/compare";
import { findUserByEmail, userForSession, usersExist } from "../queries/users";
import { makeTempDb } from "../testing/temp-db";
import { saveApproval, saveFlipReview } from "./baselines";
import { deleteRun, RunInHistoryError } from "./delete-run";
import { seedFromRepo } from "./seed-repo";
import { createSession, createUsers, deleteSession } from "./users";

let t: ReturnType<typeof makeTempDb>;
beforeAll(() => {
  t = makeTempDb();
  seedFromRepo(t.db);
});
afterAll(() => t.cleanup());

describe("accounts", () => {
  it("stores only a password hash and a session token hash; an expired or deleted session has no user", async () => {
    expect(usersExist(t.db)).toBe(false);
    await createUsers(t.db, [{ email: "lead@example.org", name: "Lead", roles: ["lead"], password: "a long enough passphrase" }], "test");
    const user = findUserByEmail(t.db, "lead@example.org")!;
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    const token = newSessionToken();
    const now = new Date("2026-07-01T08:00:00Z");
    createSession(t.db, { userId: user.id, tokenHash: hashSessionToken(token), email: user.email, now });
    expect(userForSession(t.db, hashSessionToken(token), now)).toMatchObject({ email: "lead@example.org", roles: ["lead"] });
    expect(userForSession(t.db, hashSessionToken(token), new Date(now.getTime() + SESSION_LIFETIME_MS))).toBeNull();
    deleteSession(t.db, { tokenHash: hashSessionToken(token), email: user.email });
    expect(userForSession(t.db, hashSessionToken(token), now)).toBeNull();
  });
});

describe("baseline approval storage", () => {
  it("a reviewed and justified candidate is approved, and a run in the history cannot be deleted", () => {
    const data = loadComparison(t.db, { baseline: "run:2", candidate: "run:1" });
    if (!data.ok || !data.outcome.ok) throw new Error("comparison failed");
    const compare = data.outcome.result;
    const lead = { id: 1, email: "lead@example.org", roles: ["lead" as const] };
    const pair = { baselineRunId: 2, candidateRunId: 1 };
    for (const f of compare.gate_flips.pass_to_fail) saveFlipReview(t.db, { ...pair, review: { case_key: f.key, decision: "accept", note: "acceptable", reviewer: lead.email, at: "2026-07-01T09:00:00.000Z" } });
    const outcome = buildApprovalRecord({ user: lead, compare, reviews: reviewsFor(t.db, pair), justification: "the blocker was reviewed and accepted by the lead", baseline_run_id: 2, candidate_run_id: 1, current_baseline_run_id: null, at: new Date("2026-07-01T10:00:00Z") });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(saveApproval(t.db, outcome.record)).toBeGreaterThan(0);
    expect(() => deleteRun(t.db, { runId: 1, actor: "test" })).toThrow(RunInHistoryError);
  });
});
