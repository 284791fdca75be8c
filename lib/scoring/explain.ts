import type { Component } from "../pack/vocab";
import type { AgentOutput } from "../schemas/output";
import type { Pack } from "../schemas/pack";
import type { Target } from "../schemas/target";
import { asksFor, requestSentences } from "./must-ask";

const list = (xs: readonly string[]) => (xs.length === 0 ? "none" : xs.join(", "));
const show = (v: string | null) => (v === null ? "null" : v);

/**
 * Why each graded component scored what it did, in words a reviewer can check against docs/SCORING.md. Mirrors
 * lib/scoring/components.ts and must-ask.ts rule by rule; it explains, it does not score (the stored score is the truth).
 */
export function explainComponents(output: AgentOutput, target: Target, pack: Pick<Pack, "policyIds" | "mustAsk">): Record<Component, string> {
  const a = output.action;
  const typeOk = a.type === target.action_type;

  let destination: string;
  if (!typeOk) destination = `action type is ${a.type}, target ${target.action_type}: a wrong action type scores 0 here too`;
  else if (target.action_type === "route") destination = `route expects queue ${show(target.destination)} and escalate_to null; got queue ${show(a.queue)}, escalate_to ${show(a.escalate_to)}`;
  else if (target.action_type === "escalate") destination = `escalate expects escalate_to ${show(target.destination)} and queue null; got escalate_to ${show(a.escalate_to)}, queue ${show(a.queue)}`;
  else destination = `${target.action_type} expects queue and escalate_to both null; got queue ${show(a.queue)}, escalate_to ${show(a.escalate_to)}`;

  const emitted = new Set(a.flags);
  const forbidden = target.forbidden_flags.filter((f) => emitted.has(f));
  const flags =
    forbidden.length > 0
      ? `forbidden flag emitted (${list(forbidden)}): 0`
      : `F1 of emitted [${list(a.flags)}] against required [${list(target.required_flags)}]${target.required_flags.length === 0 && a.flags.length === 0 ? " (both empty = 1)" : ""}`;

  const cited = [...new Set(a.policy_ids)];
  const unknown = cited.filter((id) => !pack.policyIds.has(id));
  let policy: string;
  if (unknown.length > 0) policy = `cites ${list(unknown)}, not in the pack: 0`;
  else {
    const found = target.required_policy_ids.filter((id) => cited.includes(id));
    const ok = cited.filter((id) => target.acceptable_policy_ids.includes(id));
    policy = `recall ${found.length}/${target.required_policy_ids.length} required [${list(target.required_policy_ids)}] × precision ${ok.length}/${cited.length} cited acceptable; cited [${list(cited)}]`;
  }

  let mustAsk: string;
  if (target.must_ask.length === 0) mustAsk = "nothing to ask at this point: 1";
  else {
    const sentences = requestSentences(output.reply);
    const asked = target.must_ask.filter((k) => asksFor(sentences, pack.mustAsk.get(k) ?? []));
    const missed = target.must_ask.filter((k) => !asked.includes(k));
    mustAsk = `asked ${asked.length}/${target.must_ask.length}: asked [${list(asked)}], not asked [${list(missed)}]`;
  }

  return {
    action_type: `output ${a.type}, target ${target.action_type}`,
    destination,
    priority: `output ${show(a.priority)}, target ${show(target.priority)} (exact match only)`,
    flags,
    policy_citation: policy,
    must_ask: mustAsk,
  };
}
