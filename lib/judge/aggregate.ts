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

/** One item's tally: how many valid votes said true (covered for must_include, present for must_not_include). */
export type ItemTally = { kind: ItemResult["kind"]; votes_true: number };

/**
 * The case's figures from its tallies (seed 002 §0, §C): what aggregateVotes decides once the votes are counted, and
 * what a stored report is checked against (lib/judge/verify-report.ts), so both go through this one function.
 * Quorum: more than half of the CONFIGURED votes valid, else `judge quorum not met (V/K)` with no claims. Otherwise an
 * item is covered / present iff a strict majority of the valid votes says so; correctness = median alignment; pass iff
 * every must_include covered, no violation present and correctness ≥ passThreshold. Items keep the order given.
 */
export function decideCase(t: { items: Record<string, ItemTally>; votesValid: number; votesConfigured: number; alignments: readonly number[]; passThreshold: number }): Pick<CaseVerdict, "correctness" | "verdict" | "missing_required" | "forbidden_present" | "error" | "items"> {
  const valid = t.votesValid;
  const quorum = isStrictMajority(valid, t.votesConfigured);
  const items: Record<string, ItemResult> = {};
  for (const [text, { kind, votes_true }] of Object.entries(t.items)) {
    const base: ItemResult = { kind, votes_true, votes_valid: valid };
    // Without quorum the tallies are kept for diagnosis, with no claim either way.
    items[text] = !quorum ? base : kind === "must_include" ? { ...base, covered: isStrictMajority(votes_true, valid) } : { ...base, present: isStrictMajority(votes_true, valid) };
  }
  if (!quorum) return { items, correctness: null, verdict: "fail", missing_required: [], forbidden_present: [], error: `judge quorum not met (${valid}/${t.votesConfigured})` };
  const texts = Object.keys(items);
  const missing = texts.filter((x) => items[x]!.kind === "must_include" && items[x]!.covered !== true);
  const forbidden = texts.filter((x) => items[x]!.kind === "must_not_include" && items[x]!.present === true);
  const correctness = median(t.alignments);
  const pass = missing.length === 0 && forbidden.length === 0 && correctness >= t.passThreshold;
  return { items, correctness, verdict: pass ? "pass" : "fail", missing_required: missing, forbidden_present: forbidden, error: null };
}

/**
 * Aggregates the K vote outcomes of one case: tallies the surviving votes per item, then decideCase. A failed vote
 * counts against the quorum (all votes failed is the V = 0 case).
 */
export function aggregateVotes(outcomes: readonly VoteOutcome[], items: CaseItems, votesConfigured: number, passThreshold: number): CaseVerdict {
  const votes = outcomes.flatMap((o) => (o.ok ? [o.vote] : []));
  const voteErrors = outcomes.flatMap((o) => (o.ok ? [] : [o.error]));
  const tallies: Record<string, ItemTally> = {};
  for (const t of items.must_include) tallies[t] = { kind: "must_include", votes_true: votes.filter((v) => v.items[t] === true).length };
  for (const t of items.must_not_include) tallies[t] = { kind: "must_not_include", votes_true: votes.filter((v) => v.violations[t] === true).length };
  const alignments = votes.map((v) => v.alignment);
  const decided = decideCase({ items: tallies, votesValid: votes.length, votesConfigured, alignments, passThreshold });
  return { ...decided, votes_valid: votes.length, votes_configured: votesConfigured, alignments, rationales: votes.map((v) => v.rationale), vote_errors: voteErrors };
}
