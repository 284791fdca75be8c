import { afterEach, describe, expect, it } from "vitest";
import { startScriptedJudge, type ScriptedJudge, type ScriptedJudgeOptions, type ScriptStep } from "../../scripts/scripted-judge";
import { makeJob, makeTestClient } from "../testing/judge-factories";
import { judgeReportV2Schema } from "./report-schema";
import { runJudge, type JudgeJob } from "./run-judge";

// Protocol v2 end to end: the real client over real HTTP against the scripted judge (seed 002 §0, §A, §C).

const INCLUDE = ["states that the outgoing wire cut-off is 2 p.m. ET", "states that a late wire is sent the next business day"];
const EXCLUDE = ["says the 3:30 pm wire will be sent today"];
const job = (overrides: Partial<JudgeJob> = {}) => makeJob({ must_include: INCLUDE, must_not_include: EXCLUDE, ...overrides });

let judge: ScriptedJudge | undefined;
afterEach(async () => {
  await judge?.close();
  judge = undefined;
});

async function judgeWith(plan: ScriptStep[], jobs: JudgeJob[], votes: number, opts: { client?: Parameters<typeof makeTestClient>[1]; server?: ScriptedJudgeOptions } = {}) {
  judge = await startScriptedJudge({ mode: "fail", plan, ...opts.server });
  // concurrency 1 keeps the plan in case order: votes of case 1, then case 2, …
  const { client, sleeps } = makeTestClient(judge.url, { concurrency: 1, ...opts.client });
  const report = await runJudge(jobs, { complete: client.complete, votes, passThreshold: 0.7, model: "test-judge" });
  return { report: judgeReportV2Schema.parse(report), sleeps, requests: judge.requests };
}

const vote = (alignment: number, items: Record<string, boolean> = {}, violations: Record<string, boolean> = {}): ScriptStep => ({ kind: "vote", vote: { alignment, items, violations } });

describe("item and violation majorities", () => {
  it("an item is covered only when a strict majority of valid votes says true (2 of 3)", async () => {
    const [a, b] = INCLUDE as [string, string];
    const { report } = await judgeWith([vote(0.9, { [b]: false }), vote(0.9, { [a]: false, [b]: false }), vote(0.9)], [job()], 3);
    const c = report.cases[0]!;
    expect(c.items[a]).toMatchObject({ kind: "must_include", covered: true, votes_true: 2, votes_valid: 3 });
    expect(c.items[b]).toMatchObject({ covered: false, votes_true: 1, votes_valid: 3 });
    expect(c.missing_required).toEqual([b]);
    expect(c.verdict).toBe("fail");
  });

  it("a violation is present when a strict majority says true, and a present violation fails a well-aligned case", async () => {
    const v = EXCLUDE[0]!;
    const { report } = await judgeWith([vote(0.95, {}, { [v]: true }), vote(0.95, {}, { [v]: true }), vote(0.95)], [job()], 3);
    const c = report.cases[0]!;
    expect(c.items[v]).toMatchObject({ kind: "must_not_include", present: true, votes_true: 2, votes_valid: 3 });
    expect(c.forbidden_present).toEqual([v]);
    expect(c.missing_required).toEqual([]);
    expect(c.verdict).toBe("fail");
  });

  it("an even split is not a majority: 2 of 4 neither covers an item nor makes a violation present", async () => {
    const a = INCLUDE[0]!;
    const v = EXCLUDE[0]!;
    const plan = [vote(0.9, { [a]: false }, { [v]: true }), vote(0.9, { [a]: false }, { [v]: true }), vote(0.9), vote(0.9)];
    const { report } = await judgeWith(plan, [job()], 4);
    const c = report.cases[0]!;
    expect(c.items[a]).toMatchObject({ covered: false, votes_true: 2, votes_valid: 4 });
    expect(c.items[v]).toMatchObject({ present: false, votes_true: 2, votes_valid: 4 });
    expect(c.missing_required).toEqual([a]);
    expect(c.forbidden_present).toEqual([]);
  });

  it("majority is over surviving votes once quorum holds: 2 true of 3 valid (K=4, one dropped) covers the item", async () => {
    const a = INCLUDE[0]!;
    const plan: ScriptStep[] = [vote(0.9), { kind: "content", content: "not json" }, vote(0.9, { [a]: false }), vote(0.9)];
    const { report } = await judgeWith(plan, [job()], 4);
    const c = report.cases[0]!;
    expect(c.votes_valid).toBe(3);
    expect(c.items[a]).toMatchObject({ covered: true, votes_true: 2, votes_valid: 3 });
    expect(c.error).toBeNull();
  });
});

describe("correctness is the median alignment", () => {
  it("odd K: the middle value (0.2, 0.8, 0.9 → 0.8), and the case passes at threshold 0.7", async () => {
    const { report } = await judgeWith([vote(0.9), vote(0.2), vote(0.8)], [job()], 3);
    expect(report.cases[0]!.correctness).toBe(0.8);
    expect(report.cases[0]!.alignments).toEqual([0.9, 0.2, 0.8]);
    expect(report.cases[0]!.verdict).toBe("pass");
  });

  it("even K: the mean of the two middle values (0.1, 0.6, 0.8, 1.0 → 0.7)", async () => {
    const { report } = await judgeWith([vote(1), vote(0.1), vote(0.8), vote(0.6)], [job()], 4);
    expect(report.cases[0]!.correctness).toBeCloseTo(0.7, 12);
  });

  it("a median below the threshold fails a case whose items are all satisfied", async () => {
    const { report } = await judgeWith([vote(0.6), vote(0.65), vote(0.9)], [job()], 3);
    const c = report.cases[0]!;
    expect(c.missing_required).toEqual([]);
    expect(c.forbidden_present).toEqual([]);
    expect(c.correctness).toBe(0.65);
    expect(c.verdict).toBe("fail");
  });
});

describe("quorum guard and fail-open", () => {
  it("1 of 3 valid votes is an error `judge quorum not met (1/3)`, not a one-vote majority", async () => {
    const plan: ScriptStep[] = [vote(0.95), { kind: "content", content: "{\"items\": {}}" }, { kind: "raw", body: "<html>bad gateway</html>" }];
    const { report } = await judgeWith(plan, [job()], 3, { client: { retries: 0 } });
    const c = report.cases[0]!;
    expect(c.error).toBe("judge quorum not met (1/3)");
    expect(c.verdict).toBe("fail");
    expect(c.correctness).toBeNull();
    expect(c.votes_valid).toBe(1);
    expect(c.missing_required).toEqual([]);
    expect(c.items[INCLUDE[0]!]).toEqual({ kind: "must_include", votes_true: 1, votes_valid: 1 });
    expect(c.vote_errors).toHaveLength(2);
    expect(report.summary).toMatchObject({ errors: 1, n_cases: 1, mean_correctness: null, pass_rate: 0 });
  });

  it("quorum counts the configured K: 2 of 4 valid is not more than half", async () => {
    const plan: ScriptStep[] = [vote(0.9), vote(0.9), { kind: "content", content: "nope" }, { kind: "content", content: "nope" }];
    const { report } = await judgeWith(plan, [job()], 4);
    expect(report.cases[0]!.error).toBe("judge quorum not met (2/4)");
  });

  it("all votes failing is a case error and the run goes on to the next case", async () => {
    const failing: ScriptStep = { kind: "status", status: 503 };
    const plan = [failing, failing, failing, vote(0.9), vote(0.9), vote(0.9)];
    const jobs = [job({ id: "sup-001" }), job({ id: "sup-002" })];
    const { report } = await judgeWith(plan, jobs, 3, { client: { retries: 0 } });
    expect(report.cases.map((c) => [c.id, c.error, c.verdict])).toEqual([
      ["sup-001", "judge quorum not met (0/3)", "fail"],
      ["sup-002", null, "pass"],
    ]);
    expect(report.cases[0]!.vote_errors).toEqual(expect.arrayContaining([expect.stringMatching(/^HTTP 503/)]));
    expect(report.summary).toEqual({ mean_correctness: 0.9, pass_rate: 0.5, errors: 1, n_cases: 2 });
  });
});

describe("transport failures", () => {
  it("a 429 is retried after its Retry-After and the vote then counts", async () => {
    const plan: ScriptStep[] = [{ kind: "status", status: 429, retryAfter: "2" }, vote(0.9), vote(0.9), vote(0.9)];
    const { report, sleeps, requests } = await judgeWith(plan, [job()], 3);
    expect(requests).toHaveLength(4);
    expect(sleeps).toEqual([2000]);
    expect(report.cases[0]).toMatchObject({ votes_valid: 3, error: null, verdict: "pass" });
  });

  it("a hanging vote hits the per-request timeout and counts as a failed vote", async () => {
    const plan: ScriptStep[] = [{ kind: "hang" }, vote(0.9), vote(0.9)];
    const started = performance.now();
    const { report } = await judgeWith(plan, [job()], 3, { client: { timeoutMs: 300 } });
    const c = report.cases[0]!;
    expect(c.votes_valid).toBe(2);
    expect(c.vote_errors).toEqual(["timeout after 300 ms"]);
    expect(c.error).toBeNull(); // 2 of 3 still meets quorum
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe("votes that do not fit the v2 shape are dropped", () => {
  it("a fenced JSON vote is accepted; a vote missing an item, with a non-boolean, or alignment > 1 is dropped", async () => {
    const a = INCLUDE[0]!;
    const fenced: ScriptStep = { kind: "vote", vote: { alignment: 0.9, fence: true } };
    const missingItem: ScriptStep = { kind: "content", content: JSON.stringify({ items: { [a]: true }, violations: { [EXCLUDE[0]!]: false }, alignment: 0.9, rationale: "" }) };
    const nonBoolean: ScriptStep = { kind: "content", content: JSON.stringify({ items: { [a]: "yes", [INCLUDE[1]!]: true }, violations: { [EXCLUDE[0]!]: false }, alignment: 0.9 }) };
    const outOfRange: ScriptStep = { kind: "vote", vote: { alignment: 1.2 } };
    const { report } = await judgeWith([fenced, missingItem, nonBoolean, outOfRange, vote(0.9)], [job()], 5);
    const c = report.cases[0]!;
    expect(c.votes_valid).toBe(2);
    expect(c.error).toBe("judge quorum not met (2/5)");
    expect(c.vote_errors).toHaveLength(3);
  });
});

describe("envelope extraction (seed 002 §A)", () => {
  it("the judge sees the reply of a JSON envelope; the report keeps the raw candidate", async () => {
    const envelope = JSON.stringify({ reply: "The cut-off is 2 p.m. ET.", confidence: 0.8 });
    const { report, requests } = await judgeWith([vote(0.9), vote(0.9), vote(0.9)], [job({ candidate: envelope })], 3);
    expect(requests[0]!.payload!.reply).toBe("The cut-off is 2 p.m. ET.");
    expect(report.cases[0]).toMatchObject({ candidate: envelope, judged_text: "The cut-off is 2 p.m. ET.", enveloped: true });
  });

  it("plain prose and malformed JSON candidates are judged verbatim", async () => {
    const prose = "Wires after 2 p.m. ET go out the next business day.";
    const malformed = '{"reply": "The cut-off is 2 p.m. ET.", ';
    const plan = Array.from({ length: 6 }, () => vote(0.9));
    const { report, requests } = await judgeWith(plan, [job({ id: "sup-001", candidate: prose }), job({ id: "sup-002", candidate: malformed })], 3);
    expect(requests.map((r) => r.payload!.reply)).toEqual([prose, prose, prose, malformed, malformed, malformed]);
    expect(report.cases.map((c) => [c.judged_text, c.enveloped])).toEqual([
      [prose, false],
      [malformed, false],
    ]);
  });
});
