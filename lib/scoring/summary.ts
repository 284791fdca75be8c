import { COMPONENTS, HARD_CODES, type Component, type DetectorCode, type HardCode } from "../pack/vocab";
import type { DecisionResult, Summary } from "./report-schema";

type EpisodeState = { sum: number; n: number; failed: boolean };

/** Running totals for one group of decisions; memory is bounded by the number of episode instances, not decisions. */
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
  episodes: Map<string, EpisodeState>;
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
    episodes: new Map(),
  };
}

/**
 * Adds one decision. Escalation diagnostics count format-valid decisions only (a format-invalid output took no action;
 * it is counted in format_invalid_rate instead) — docs/SCORING.md states each denominator.
 */
export function accumulate(acc: SummaryAccumulator, d: DecisionResult, episodeKey: string, advisory: ReadonlySet<DetectorCode>): void {
  acc.n++;
  acc.score += d.score;
  acc.strict += d.score_strict;
  for (const c of COMPONENTS) acc.components[c] += d.components[c];
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
  let ep = acc.episodes.get(episodeKey);
  if (!ep) {
    ep = { sum: 0, n: 0, failed: false };
    acc.episodes.set(episodeKey, ep);
  }
  ep.sum += d.score;
  ep.n++;
  // Seed 000: a hard violation at any decision point fails the whole episode.
  if (d.hard_violations.some((h) => !advisory.has(h as DetectorCode))) ep.failed = true;
}

const rate = (num: number, den: number): number | null => (den === 0 ? null : num / den);

export function finishSummary(acc: SummaryAccumulator): Summary {
  const components = {} as Record<Component, number>;
  for (const c of COMPONENTS) components[c] = acc.n === 0 ? 0 : acc.components[c] / acc.n;
  let failed = 0;
  let epSum = 0;
  for (const ep of acc.episodes.values()) {
    if (ep.failed) failed++;
    epSum += ep.sum / ep.n;
  }
  const hard = {} as Record<HardCode, number>;
  for (const h of HARD_CODES) hard[h] = acc.hard[h];
  return {
    n_decisions: acc.n,
    n_episodes: acc.episodes.size,
    composite: rate(acc.score, acc.n),
    composite_strict: rate(acc.strict, acc.n),
    components,
    hard_violations: hard,
    format_invalid: acc.formatInvalid,
    format_invalid_rate: rate(acc.formatInvalid, acc.n),
    over_escalation_rate: rate(acc.overNum, acc.overDen),
    under_escalation_rate: rate(acc.underEscNum, acc.underEscDen),
    under_route_rate: rate(acc.underRouteNum, acc.underRouteDen),
    episodes_failed: failed,
    episode_mean: rate(epSum, acc.episodes.size),
  };
}
