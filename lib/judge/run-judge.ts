import { aggregateVotes, type CaseVerdict } from "./aggregate";
import type { Completion } from "./client";
import { extractJudgedText } from "./envelope";
import type { SuiteCase } from "./expand";
import { buildJudgeMessages, type ChatMessage } from "./prompt";
import type { JudgeCaseV2, JudgeReportV2 } from "./report-schema";
import { summarizeCases } from "./summary";
import { parseVote, type VoteOutcome } from "./vote";

export type JudgeJob = SuiteCase & { candidate: string };

export type RunJudgeOptions = {
  complete: (messages: ChatMessage[]) => Promise<Completion>;
  votes: number;
  passThreshold: number;
  model: string;
  temperature?: number;
  example?: boolean;
  createdAt?: string;
  missingCandidates?: string[];
  /** Called as each case finishes (progress reporting). */
  onCase?: (c: JudgeCaseV2, done: number, total: number) => void;
};

/**
 * Judges every job with K votes (all cases in flight at once; the client's limiter bounds the requests) and builds the
 * v2 report in job order. Fail-open: a case whose votes fail becomes an error case and the run goes on.
 */
export async function runJudge(jobs: readonly JudgeJob[], o: RunJudgeOptions): Promise<JudgeReportV2> {
  let done = 0;
  const cases = await Promise.all(
    jobs.map(async (job) => {
      const c = await judgeCase(job, o);
      o.onCase?.(c, ++done, jobs.length);
      return c;
    }),
  );
  return {
    schema_version: 2,
    kind: "judge",
    example: o.example ?? false,
    ...(o.createdAt ? { created_at: o.createdAt } : {}),
    judge: { model: o.model, votes: o.votes, pass_threshold: o.passThreshold, ...(o.temperature === undefined ? {} : { temperature: o.temperature }) },
    summary: summarizeCases(cases),
    ...(o.missingCandidates && o.missingCandidates.length > 0 ? { missing_candidates: o.missingCandidates } : {}),
    cases,
  };
}

/** One case: extract the reply, K independent votes, aggregate. Never throws. */
export async function judgeCase(job: JudgeJob, o: Pick<RunJudgeOptions, "complete" | "votes" | "passThreshold">): Promise<JudgeCaseV2> {
  const { text, enveloped } = extractJudgedText(job.candidate);
  const messages = buildJudgeMessages({
    role: job.role_title,
    role_context: job.role_context,
    suite: job.suite,
    customer_message: job.brief,
    must_include: job.must_include,
    must_not_include: job.must_not_include,
    reply: text,
  });
  const outcomes = await Promise.all(
    Array.from({ length: o.votes }, async (): Promise<VoteOutcome> => {
      try {
        const r = await o.complete(messages);
        return r.ok ? parseVote(r.content, job) : { ok: false, error: r.error };
      } catch (e) {
        return { ok: false, error: `judge call failed: ${(e as Error)?.message ?? String(e)}` };
      }
    }),
  );
  const v: CaseVerdict = aggregateVotes(outcomes, job, o.votes, o.passThreshold);
  return {
    role: job.role,
    id: job.id,
    correctness: v.correctness,
    verdict: v.verdict,
    missing_required: v.missing_required,
    forbidden_present: v.forbidden_present,
    error: v.error,
    suite: job.suite,
    candidate: job.candidate,
    judged_text: text,
    enveloped,
    items: v.items,
    votes_valid: v.votes_valid,
    votes_configured: v.votes_configured,
    alignments: v.alignments,
    rationales: v.rationales,
    vote_errors: v.vote_errors,
  };
}
