import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentBaselineRef } from "../../lib/approval/history";
import { buildApprovalRecord, type ApprovalRecord } from "../../lib/approval/record";
import { reviewItems } from "../../lib/approval/review";
import { hashSessionToken, newSessionToken, SESSION_LIFETIME_MS } from "../../lib/auth/session-token";
import { listApprovals, reviewsFor, type ComparisonPair } from "../queries/baselines";
import { listReportSources, loadComparison } from "../queries/compare";
import { auditLog, baselineApprovals } from "../schema";
import { findUserByEmail, userForSession, usersExist } from "../queries/users";
import { makeTempDb } from "../testing/temp-db";
import { ApprovalConflictError, saveApproval, saveFlipReview } from "./baselines";
import { deleteRun, RunInHistoryError } from "./delete-run";
import { createSession, createUsers, deleteSession } from "./users";

let t: Awaited<ReturnType<typeof makeTempDb>>;
beforeAll(async () => {
  t = await makeTempDb({ seeded: "demo" });
});
afterAll(async () => t.cleanup());

describe("accounts", () => {
  it("stores only a password hash and a session token hash; an expired or deleted session has no user", async () => {
    expect(await usersExist(t.db)).toBe(false);
    await createUsers(t.db, [{ email: "lead@example.org", name: "Lead", roles: ["lead"], password: "a long enough passphrase" }], "test");
    const user = (await findUserByEmail(t.db, "lead@example.org"))!;
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    const token = newSessionToken();
    const now = new Date("2026-07-01T08:00:00Z");
    await createSession(t.db, { userId: user.id, tokenHash: hashSessionToken(token), email: user.email, now });
    expect(await userForSession(t.db, hashSessionToken(token), now)).toMatchObject({ email: "lead@example.org", roles: ["lead"] });
    expect(await userForSession(t.db, hashSessionToken(token), new Date(now.getTime() + SESSION_LIFETIME_MS))).toBeNull();
    await deleteSession(t.db, { tokenHash: hashSessionToken(token), email: user.email });
    expect(await userForSession(t.db, hashSessionToken(token), now)).toBeNull();
  });
});

describe("baseline approval storage", () => {
  const lead = { id: 1, email: "lead@example.org", roles: ["lead" as const] };
  const refOf = async (kind: "score" | "judge", name: string) => (await listReportSources(t.db)).find((s) => s.kind === kind && s.name === name)!.ref;
  const compareOf = async (pair: ComparisonPair) => {
    const data = await loadComparison(t.db, { baseline: pair.baselineRef, candidate: pair.candidateRef });
    if (!data.ok || !data.outcome.ok) throw new Error("comparison failed");
    return data.outcome.result;
  };

  it("a reviewed and justified candidate is approved, and a run in the history cannot be deleted", async () => {
    const pair: ComparisonPair = { baselineRef: "run:2", candidateRef: "run:1" };
    const compare = await compareOf(pair);
    for (const f of compare.gate_flips.pass_to_fail) await saveFlipReview(t.db, { ...pair, review: { case_key: f.key, decision: "accept", note: "acceptable", reviewer: lead.email, at: "2026-07-01T09:00:00.000Z" } });
    const outcome = buildApprovalRecord({ user: lead, compare, reviews: await reviewsFor(t.db, pair), justification: "the blocker was reviewed and accepted by the lead", baseline_ref: "run:2", candidate_ref: "run:1", current_baseline_ref: null, at: new Date("2026-07-01T10:00:00Z") });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(await saveApproval(t.db, outcome.record)).toBeGreaterThan(0);
    expect((await listApprovals(t.db))[0]).toMatchObject({ baselineRef: "run:2", candidateRef: "run:1", reportKind: "score", record: { baseline_ref: "run:2", candidate_ref: "run:1" } });
    await expect(deleteRun(t.db, { runId: 1, actor: "test" })).rejects.toThrow(RunInHistoryError);
  });

  it("reviews belong to one (baseline, candidate) pair of refs: run 3 and judge report 3 are different reports", async () => {
    const review = { case_key: "x", decision: "reject" as const, note: "", reviewer: lead.email, at: "2026-07-01T09:00:00.000Z" };
    await saveFlipReview(t.db, { baselineRef: "judge:3", candidateRef: "judge:2", review });
    expect(await reviewsFor(t.db, { baselineRef: "judge:3", candidateRef: "judge:2" })).toEqual([review]);
    expect(await reviewsFor(t.db, { baselineRef: "run:3", candidateRef: "run:2" })).toEqual([]);
    expect(await reviewsFor(t.db, { baselineRef: "judge:2", candidateRef: "judge:3" })).toEqual([]);
  });

  it("deleting a run is refused while any flip review names it (issue 20), but not for the judge report with the same number", async () => {
    const review = { case_key: "y", decision: "reject" as const, note: "", reviewer: lead.email, at: "2026-07-01T09:00:00.000Z" };
    await saveFlipReview(t.db, { baselineRef: "run:4", candidateRef: "run:5", review });
    await saveFlipReview(t.db, { baselineRef: "judge:4", candidateRef: "judge:6", review });
    await expect(deleteRun(t.db, { runId: 5, actor: "test" })).rejects.toThrow(/1 flip review\(s\) of the comparison run:4 → run:5 name it/);
    expect(await reviewsFor(t.db, { baselineRef: "run:4", candidateRef: "run:5" })).toEqual([review]);
    await deleteRun(t.db, { runId: 6, actor: "test" });
    expect(await reviewsFor(t.db, { baselineRef: "judge:4", candidateRef: "judge:6" })).toEqual([review]);
  });

  it("a judge report pair is reviewed and approved by ref, and becomes the current judge baseline beside the score one", async () => {
    const pair: ComparisonPair = { baselineRef: await refOf("judge", "careful"), candidateRef: await refOf("judge", "sloppy") };
    const compare = await compareOf(pair);
    expect(compare.kind).toBe("judge");
    const items = reviewItems(compare);
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) await saveFlipReview(t.db, { ...pair, review: { case_key: i.key, decision: "accept", note: "sloppy wording is known and tracked", reviewer: lead.email, at: "2026-07-01T11:00:00.000Z" } });
    const outcome = buildApprovalRecord({ user: lead, compare, reviews: await reviewsFor(t.db, pair), justification: "regression accepted while the wording fix ships", baseline_ref: pair.baselineRef, candidate_ref: pair.candidateRef, current_baseline_ref: null, at: new Date("2026-07-01T12:00:00Z") });
    if (!outcome.ok) throw new Error(outcome.reasons.join("; "));
    await saveApproval(t.db, outcome.record);
    const history = (await listApprovals(t.db)).map((a) => a.record);
    expect(currentBaselineRef(history, "judge")).toBe(pair.candidateRef);
    expect(currentBaselineRef(history, "score")).toBe("run:1");
    // judge:<n> in the history does not keep run <n>: the refs name different tables (n is 3 here, no score approval names run 3).
    const n = Number(pair.candidateRef.slice("judge:".length));
    expect((await listApprovals(t.db)).some((a) => a.baselineRef === `run:${n}` || a.candidateRef === `run:${n}`)).toBe(false);
    await expect(deleteRun(t.db, { runId: n, actor: "test" })).resolves.not.toThrow();
  });

  it("an approval stored before refs existed is read with the refs of its row", async () => {
    const [stored] = (await listApprovals(t.db)).filter((a) => a.reportKind === "score");
    const { baseline_ref: _b, candidate_ref: _c, ...rest } = stored!.record;
    const legacy = { ...rest, baseline_run_id: 2, candidate_run_id: 1 } as unknown as ApprovalRecord;
    await t.db.insert(baselineApprovals).values({ baselineRef: "run:2", candidateRef: "run:1", reportKind: "score", approvedBy: lead.email, approvedAt: "2026-06-01T00:00:00.000Z", record: legacy });
    const read = (await listApprovals(t.db)).find((a) => a.approvedAt === "2026-06-01T00:00:00.000Z")!;
    expect(read.record).toMatchObject({ baseline_ref: "run:2", candidate_ref: "run:1" });
    expect(read.record).not.toHaveProperty("baseline_run_id");
  });

  it("two leads approving over the same baseline at once (issue 29): one wins, the other is a conflict, nothing half-written", async () => {
    const other = await t.open(); // a second connection: another app instance
    const current = (await listApprovals(t.db)).find((a) => a.reportKind === "score")!;
    expect(current.candidateRef).toBe("run:1");
    const candidate = (await listReportSources(t.db)).find((s) => s.kind === "score" && s.ref !== "run:1" && s.ref !== "run:2")!.ref;
    const pair: ComparisonPair = { baselineRef: "run:1", candidateRef: candidate };
    const compare = await compareOf(pair);
    for (const i of reviewItems(compare)) await saveFlipReview(t.db, { ...pair, review: { case_key: i.key, decision: "accept", note: "known and tracked", reviewer: lead.email, at: "2026-07-02T09:00:00.000Z" } });
    const reviews = await reviewsFor(t.db, pair);
    const build = (user: typeof lead, at: string) => {
      const outcome = buildApprovalRecord({ user, compare, reviews, justification: "both leads read the same comparison and approve it", baseline_ref: "run:1", candidate_ref: candidate, current_baseline_ref: "run:1", at: new Date(at) });
      if (!outcome.ok) throw new Error(outcome.reasons.join("; "));
      return outcome.record;
    };
    const second = { id: 2, email: "lead2@example.org", roles: ["lead" as const] };
    const seen = { approvalId: current.id };
    const results = await Promise.allSettled([saveApproval(t.db, build(lead, "2026-07-02T10:00:00.000Z"), seen), saveApproval(other, build(second, "2026-07-02T10:00:00.000Z"), seen)]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(ApprovalConflictError);
    expect((lost[0]!.reason as Error).message).toMatch(new RegExp(`^run \\d+ was approved as the score baseline by lead2?@example\\.org at 2026-07-02T10:00:00\\.000Z while you were reviewing; reload to review against it$`));
    const [rows] = await t.db.select({ n: count() }).from(baselineApprovals).where(and(eq(baselineApprovals.baselineRef, "run:1"), eq(baselineApprovals.candidateRef, candidate)));
    expect(rows!.n).toBe(1);
    const [audits] = await t.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, "baseline.approve"), eq(auditLog.entityId, candidate.slice("run:".length))));
    expect(audits!.n).toBe(1);
    // Without the state the lead saw (an older API caller), the record's own baseline must still be the current one.
    await expect(saveApproval(t.db, build(lead, "2026-07-02T11:00:00.000Z"))).rejects.toThrow(ApprovalConflictError);
  });
});
