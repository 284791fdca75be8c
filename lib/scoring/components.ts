import type { AgentAction } from "../schemas/output";
import type { Target } from "../schemas/target";
import type { Component } from "../pack/vocab";
import { COMPONENT_WEIGHTS, COMPONENTS } from "../pack/vocab";

export type ComponentScores = Record<Component, number>;

// A target's lists are fixed per decision point, so each becomes a Set once rather than once per scored line.
const setCache = new WeakMap<readonly string[], ReadonlySet<string>>();

function setOf(list: readonly string[]): ReadonlySet<string> {
  let set = setCache.get(list);
  if (!set) setCache.set(list, (set = new Set(list)));
  return set;
}

export function scoreActionType(action: AgentAction, target: Target): number {
  return action.type === target.action_type ? 1 : 0;
}

/**
 * Seed 000: queue for a route, escalate_to for an escalation, exact match; the other slot must be null.
 * A wrong action type scores 0 here too. For resolve/ask_* the target is null and both slots must be null:
 * inventing a queue while claiming to resolve is a miss.
 */
export function scoreDestination(action: AgentAction, target: Target): number {
  if (action.type !== target.action_type) return 0;
  switch (target.action_type) {
    case "route":
      return action.queue === target.destination && action.escalate_to === null ? 1 : 0;
    case "escalate":
      return action.escalate_to === target.destination && action.queue === null ? 1 : 0;
    default:
      return action.queue === null && action.escalate_to === null ? 1 : 0;
  }
}

/** Exact match, no partial credit for adjacent bands: P1 for a P0 target is a real miss (ESC-03). */
export function scorePriority(action: AgentAction, target: Target): number {
  return action.priority === target.priority ? 1 : 0;
}

/** F1 against required_flags (both empty = 1); any forbidden flag present forces 0. */
export function scoreFlags(action: AgentAction, target: Target): number {
  const emitted = new Set(action.flags);
  for (const f of target.forbidden_flags) if (emitted.has(f)) return 0;
  const required = setOf(target.required_flags);
  if (required.size === 0 && emitted.size === 0) return 1;
  let tp = 0;
  for (const f of emitted) if (required.has(f)) tp++;
  if (tp === 0) return 0;
  const precision = tp / emitted.size;
  const recall = tp / required.size;
  return (2 * precision * recall) / (precision + recall);
}

/** Recall over required × precision against acceptable; citing a policy that does not exist zeroes the component. */
export function scorePolicyCitation(action: AgentAction, target: Target, knownPolicyIds: ReadonlySet<string>): number {
  const cited = new Set(action.policy_ids);
  for (const id of cited) if (!knownPolicyIds.has(id)) return 0;
  const required = target.required_policy_ids;
  let found = 0;
  for (const id of required) if (cited.has(id)) found++;
  const recall = required.length === 0 ? 1 : found / required.length;
  if (cited.size === 0) return required.length === 0 ? 1 : 0;
  const acceptable = setOf(target.acceptable_policy_ids);
  let ok = 0;
  for (const id of cited) if (acceptable.has(id)) ok++;
  return recall * (ok / cited.size);
}

/** Stage 3: the weighted sum of the six components (weights fixed in lib/pack/vocab.ts). */
export function weightedSum(c: ComponentScores): number {
  let s = 0;
  for (const k of COMPONENTS) s += COMPONENT_WEIGHTS[k] * c[k];
  return s;
}

export const ZERO_COMPONENTS: Readonly<ComponentScores> = Object.freeze({
  action_type: 0,
  destination: 0,
  priority: 0,
  flags: 0,
  policy_citation: 0,
  must_ask: 0,
});
