import { COMPONENTS, HARD_CODES, type Component, type DetectorCode, type HardCode } from "../pack/vocab";
import type { DecisionResult, Summary } from "./report-schema";

/** One episode instance (episode × thinking × sample): seed 000 scores it as the mean of its decisions. */
export type EpisodeState = { sum: number; n: number; failed: boolean };

/** Running totals for one group of decisions; episodes are tallied once, at the end, from their own states. */
export type SummaryAccumulator = {
  n: number;
  score: number;
  strict: number;
  components: Record<Component, number>;
  hard: Record<HardCode, number>;
  formatInvalid: number;
  overNum: number;
  overDen: number;
  underEscNum: number;
  underEscDen: number;
  underRouteNum: number;
  underRouteDen: number;
  episodes: number;
  episodesFailed: number;
  episodeSum: number;
};

export function newAccumulator(): SummaryAccumulator {
  return {
    n: 0,
    score: 0,
    strict: 0,
    components: { action_type: 0, destination: 0, priority: 0, flags: 0, policy_citation: 0, must_ask: 0 },
    hard: { H1: 0, H2: 0, H3: 0, H4: 0, H5: 0 },
    formatInvalid: 0,
    overNum: 0,
    overDen: 0,
    underEscNum: 0,
    underEscDen: 0,
    underRouteNum: 0,
    underRouteDen: 0,
    episodes: 0,
    episodesFailed: 0,
    episodeSum: 0,
  };
}

/**
 * Adds one decision. Escalation diagnostics count format-valid decisions only (a format-invalid output took no action;
 * it is counted in format_invalid_rate instead) — docs/SCORING.md states each denominator.
 */
export function accumulate(acc: SummaryAccumulator, d: DecisionResult): void {
  acc.n++;
  acc.score += d.score;
  acc.strict += d.score_strict;
  const c = d.components;
  const ac = acc.components;
  ac.action_type += c.action_type;
  ac.destination += c.destination;
  ac.priority += c.priority;
  ac.flags += c.flags;
  ac.policy_citation += c.policy_citation;
  ac.must_ask += c.must_ask;
  for (const h of d.hard_violations) acc.hard[h]++;
  if (!d.format_valid) acc.formatInvalid++;
  else {
    const target = d.target_type;
    const out = d.output_type;
    if (target !== "escalate") {
      acc.overDen++;
      if (out === "escalate") acc.overNum++;
    } else {
      acc.underEscDen++;
      if (out !== "escalate") acc.underEscNum++;
    }
    if (target === "route" || target === "escalate") {
      acc.underRouteDen++;
      if (out === "resolve") acc.underRouteNum++;
    }
  }
}

/** Adds a decision to its episode instance. Seed 000: a hard violation at any decision point fails the whole episode. */
export function addToEpisode(ep: EpisodeState, d: DecisionResult, advisory: ReadonlySet<DetectorCode>): void {
  ep.sum += d.score;
  ep.n++;
  if (!ep.failed) for (const h of d.hard_violations) if (!advisory.has(h as DetectorCode)) ep.failed = true;
}

/** Counts a finished episode instance in a group. */
export function tallyEpisode(acc: SummaryAccumulator, ep: EpisodeState): void {
  acc.episodes++;
  acc.episodeSum += ep.sum / ep.n;
  if (ep.failed) acc.episodesFailed++;
}

/** Adds the totals of `from` into `into` (groups are built from the per-cell totals of a run). */
export function mergeInto(into: SummaryAccumulator, from: SummaryAccumulator): void {
  into.n += from.n;
  into.score += from.score;
  into.strict += from.strict;
  for (const c of COMPONENTS) into.components[c] += from.components[c];
  for (const h of HARD_CODES) into.hard[h] += from.hard[h];
  into.formatInvalid += from.formatInvalid;
  into.overNum += from.overNum;
  into.overDen += from.overDen;
  into.underEscNum += from.underEscNum;
  into.underEscDen += from.underEscDen;
  into.underRouteNum += from.underRouteNum;
  into.underRouteDen += from.underRouteDen;
  into.episodes += from.episodes;
  into.episodesFailed += from.episodesFailed;
  into.episodeSum += from.episodeSum;
}

const rate = (num: number, den: number): number | null => (den === 0 ? null : num / den);

export function finishSummary(acc: SummaryAccumulator): Summary {
  const components = {} as Record<Component, number>;
  for (const c of COMPONENTS) components[c] = acc.n === 0 ? 0 : acc.components[c] / acc.n;
  const hard = {} as Record<HardCode, number>;
  for (const h of HARD_CODES) hard[h] = acc.hard[h];
  return {
    n_decisions: acc.n,
    n_episodes: acc.episodes,
    composite: rate(acc.score, acc.n),
    composite_strict: rate(acc.strict, acc.n),
    components,
    hard_violations: hard,
    format_invalid: acc.formatInvalid,
    format_invalid_rate: rate(acc.formatInvalid, acc.n),
    over_escalation_rate: rate(acc.overNum, acc.overDen),
    under_escalation_rate: rate(acc.underEscNum, acc.underEscDen),
    under_route_rate: rate(acc.underRouteNum, acc.underRouteDen),
    episodes_failed: acc.episodesFailed,
    episode_mean: rate(acc.episodeSum, acc.episodes),
  };
}
