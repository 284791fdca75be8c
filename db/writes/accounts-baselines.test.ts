import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentBaselineRef } from "../../lib/approval/history";
import { buildApprovalRecord, type ApprovalRecord } from "../../lib/approval/record";
import { reviewItems } from "../../lib/approval/review";
import { hashSessionToken, newSessionToken, SESSION_LIFETIME_MS } from "../../lib/auth/session-token";
import { listApprovals, reviewsFor, type ComparisonPair } from "../queries/baselines";
import { listReportSources, loadComparison } from "../queries/compare";
import { baselineApprovals } from "../schema";
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
  const lead = { id: 1, email: "lead@example.org", roles: ["lead" as const] };
  const refOf = (kind: "score" | "judge", name: string) => listReportSources(t.db).find((s) => s.kind === kind && s.name === name)!.ref;
  const compareOf = (pair: ComparisonPair) => {
    const data = loadComparison(t.db, { baseline: pair.baselineRef, candidate: pair.candidateRef });
    if (!data.ok || !data.outcome.ok) throw new Error("comparison failed");
    return data.outcome.result;
  };

  it("a reviewed and justified candidate is approved, and a run in the history cannot be deleted", () => {
    const pair: ComparisonPair = { baselineRef: "run:2", candidateRef: "run:1" };
    const compare = compareOf(pair);
    for (const f of compare.gate_flips.pass_to_fail) saveFlipReview(t.db, { ...pair, review: { case_key: f.key, decision: "accept", note: "acceptable", reviewer: lead.email, at: "2026-07-01T09:00:00.000Z" } });
    const outcome = buildApprovalRecord({ user: lead, compare, reviews: reviewsFor(t.db, pair), justification: "the blocker was reviewed and accepted by the lead", baseline_ref: "run:2", candidate_ref: "run:1", current_baseline_ref: null, at: new Date("2026-07-01T10:00:00Z") });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(saveApproval(t.db, outcome.record)).toBeGreaterThan(0);
    expect(listApprovals(t.db)[0]).toMatchObject({ baselineRef: "run:2", candidateRef: "run:1", reportKind: "score", record: { baseline_ref: "run:2", candidate_ref: "run:1" } });
    expect(() => deleteRun(t.db, { runId: 1, actor: "test" })).toThrow(RunInHistoryError);
  });

  it("reviews belong to one (baseline, candidate) pair of refs: run 3 and judge report 3 are different reports", () => {
    const review = { case_key: "x", decision: "reject" as const, note: "", reviewer: lead.email, at: "2026-07-01T09:00:00.000Z" };
    saveFlipReview(t.db, { baselineRef: "judge:3", candidateRef: "judge:2", review });
    expect(reviewsFor(t.db, { baselineRef: "judge:3", candidateRef: "judge:2" })).toEqual([review]);
    expect(reviewsFor(t.db, { baselineRef: "run:3", candidateRef: "run:2" })).toEqual([]);
    expect(reviewsFor(t.db, { baselineRef: "judge:2", candidateRef: "judge:3" })).toEqual([]);
  });

  it("deleting a run is refused while any flip review names it (issue 20), but not for the judge report with the same number", () => {
    const review = { case_key: "y", decision: "reject" as const, note: "", reviewer: lead.email, at: "2026-07-01T09:00:00.000Z" };
    saveFlipReview(t.db, { baselineRef: "run:4", candidateRef: "run:5", review });
    saveFlipReview(t.db, { baselineRef: "judge:4", candidateRef: "judge:6", review });
    expect(() => deleteRun(t.db, { runId: 5, actor: "test" })).toThrow(/1 flip review\(s\) of the comparison run:4 → run:5 name it/);
    expect(reviewsFor(t.db, { baselineRef: "run:4", candidateRef: "run:5" })).toEqual([review]);
    deleteRun(t.db, { runId: 6, actor: "test" });
    expect(reviewsFor(t.db, { baselineRef: "judge:4", candidateRef: "judge:6" })).toEqual([review]);
  });

  it("a judge report pair is reviewed and approved by ref, and becomes the current judge baseline beside the score one", () => {
    const pair: ComparisonPair = { baselineRef: refOf("judge", "careful"), candidateRef: refOf("judge", "sloppy") };
    const compare = compareOf(pair);
    expect(compare.kind).toBe("judge");
    const items = reviewItems(compare);
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) saveFlipReview(t.db, { ...pair, review: { case_key: i.key, decision: "accept", note: "sloppy wording is known and tracked", reviewer: lead.email, at: "2026-07-01T11:00:00.000Z" } });
    const outcome = buildApprovalRecord({ user: lead, compare, reviews: reviewsFor(t.db, pair), justification: "regression accepted while the wording fix ships", baseline_ref: pair.baselineRef, candidate_ref: pair.candidateRef, current_baseline_ref: null, at: new Date("2026-07-01T12:00:00Z") });
    if (!outcome.ok) throw new Error(outcome.reasons.join("; "));
    saveApproval(t.db, outcome.record);
    const history = listApprovals(t.db).map((a) => a.record);
    expect(currentBaselineRef(history, "judge")).toBe(pair.candidateRef);
    expect(currentBaselineRef(history, "score")).toBe("run:1");
    // judge:<n> in the history does not keep run <n>: the refs name different tables (n is 3 here, no score approval names run 3).
    const n = Number(pair.candidateRef.slice("judge:".length));
    expect(listApprovals(t.db).some((a) => a.baselineRef === `run:${n}` || a.candidateRef === `run:${n}`)).toBe(false);
    expect(() => deleteRun(t.db, { runId: n, actor: "test" })).not.toThrow();
  });

  it("an approval stored before refs existed is read with the refs of its row", () => {
    const [stored] = listApprovals(t.db).filter((a) => a.reportKind === "score");
    const { baseline_ref: _b, candidate_ref: _c, ...rest } = stored!.record;
    const legacy = { ...rest, baseline_run_id: 2, candidate_run_id: 1 } as unknown as ApprovalRecord;
    t.db.insert(baselineApprovals).values({ baselineRef: "run:2", candidateRef: "run:1", reportKind: "score", approvedBy: lead.email, approvedAt: "2026-06-01T00:00:00.000Z", record: legacy }).run();
    const read = listApprovals(t.db).find((a) => a.approvedAt === "2026-06-01T00:00:00.000Z")!;
    expect(read.record).toMatchObject({ baseline_ref: "run:2", candidate_ref: "run:1" });
    expect(read.record).not.toHaveProperty("baseline_run_id");
  });
});
