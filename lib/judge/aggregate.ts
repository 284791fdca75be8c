import type { ItemResult } from "./report-schema";
import type { CaseItems, VoteOutcome } from "./vote";

// Seed 002 §0 and §C: K-vote aggregation over the surviving votes, with the quorum guard so that one surviving vote
// can never act as a majority.

export type CaseVerdict = {
  correctness: number | null;
  verdict: "pass" | "fail";
  missing_required: string[];
  forbidden_present: string[];
  error: string | null;
  items: Record<string, ItemResult>;
  votes_valid: number;
  votes_configured: number;
  alignments: number[];
  rationales: string[];
  vote_errors: string[];
};

/** Strict majority: more than half. An even split is not a majority, either way. */
export function isStrictMajority(yes: number, of: number): boolean {
  return yes * 2 > of;
}

/** Median of a non-empty list; the mean of the two middle values when the length is even. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Aggregates the K vote outcomes of one case. Quorum: more than half of the CONFIGURED votes must be valid, else the
 * case is an error `judge quorum not met (V/K)` with no verdict claims (all votes failed is the V = 0 case).
 * Otherwise: item covered / violation present iff a strict majority of valid votes says true; correctness = median
 * alignment; pass iff every must_include covered, no violation present and correctness ≥ passThreshold.
 */
export function aggregateVotes(outcomes: readonly VoteOutcome[], items: CaseItems, votesConfigured: number, passThreshold: number): CaseVerdict {
  const votes = outcomes.flatMap((o) => (o.ok ? [o.vote] : []));
  const voteErrors = outcomes.flatMap((o) => (o.ok ? [] : [o.error]));
  const valid = votes.length;
  const quorum = isStrictMajority(valid, votesConfigured);

  const tally = (kind: ItemResult["kind"], text: string): ItemResult => {
    const yes = votes.filter((v) => (kind === "must_include" ? v.items[text] : v.violations[text]) === true).length;
    const base: ItemResult = { kind, votes_true: yes, votes_valid: valid };
    if (!quorum) return base; // tallies kept for diagnosis; no claim either way
    return kind === "must_include" ? { ...base, covered: isStrictMajority(yes, valid) } : { ...base, present: isStrictMajority(yes, valid) };
  };
  const itemResults: Record<string, ItemResult> = {};
  for (const t of items.must_include) itemResults[t] = tally("must_include", t);
  for (const t of items.must_not_include) itemResults[t] = tally("must_not_include", t);

  const common = {
    items: itemResults,
    votes_valid: valid,
    votes_configured: votesConfigured,
    alignments: votes.map((v) => v.alignment),
    rationales: votes.map((v) => v.rationale),
    vote_errors: voteErrors,
  };
  if (!quorum) {
    return { ...common, correctness: null, verdict: "fail", missing_required: [], forbidden_present: [], error: `judge quorum not met (${valid}/${votesConfigured})` };
  }
  const missing = items.must_include.filter((t) => itemResults[t]!.covered !== true);
  const forbidden = items.must_not_include.filter((t) => itemResults[t]!.present === true);
  const correctness = median(common.alignments);
  const pass = missing.length === 0 && forbidden.length === 0 && correctness >= passThreshold;
  return { ...common, correctness, verdict: pass ? "pass" : "fail", missing_required: missing, forbidden_present: forbidden, error: null };
}
