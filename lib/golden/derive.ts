import type { Flag, Priority } from "../pack/vocab";
import type { DecisionFacts } from "../schemas/episode";
import type { CitationWhen, Matter, PackFacts } from "../schemas/pack";
import type { Target } from "../schemas/target";

// Issue 17: what the pack's own files say a decision's target must be, given the decision's facts. The linter compares
// the authored target with this; nothing here restates a policy: every value is read from golden/pack/*.json.

export type PackIndex = {
  facts: PackFacts;
  matters: ReadonlyMap<string, Matter>;
  policyText: ReadonlyMap<string, string>;
  deadlines: ReadonlySet<string>;
  conditions: ReadonlySet<string>;
};

export function indexPack(facts: PackFacts): PackIndex {
  return {
    facts,
    matters: new Map(facts.matters.matters.map((m) => [m.id, m])),
    policyText: new Map(facts.policies.policies.map((p) => [p.id, p.text])),
    deadlines: new Set(facts.matters.deadlines.map((d) => d.value)),
    conditions: new Set(facts.matters.conditions.map((c) => c.value)),
  };
}

/** What the pack implies for one decision. Sets are compared as sets; order follows the pack. */
export type Expected = {
  action_type: Target["action_type"];
  destination: Target["destination"];
  priority: Priority | null;
  required_flags: Flag[];
  /** Flags a deciding policy rules out; the target may forbid more (the tempting wrong ones). */
  implied_forbidden: Flag[];
  required_policy_ids: string[];
  acceptable_policy_ids: string[];
  /** Timelines the facts allow, before the decision's own timeline_exceptions. */
  timeline_claims: string[];
  may_disclose_account_details: boolean;
  requires: Target["requires"];
};

const RANK: Record<Priority, number> = { P0: 0, P1: 1, P2: 2, P3: 3 };
const REQUIREMENT_OF: Record<string, Target["requires"][number]> = { "FRD-01.claim": "fraud_claim", "CMP-01.regulatory": "regulatory_complaint" };

const uniq = <T>(xs: Iterable<T>): T[] => [...new Set(xs)];

/** ESC-03 (v1.5): the matter's own priority, raised only where its policy names the deadline that raises it. */
export function matterPriority(m: Matter, deadline: string): Priority | null {
  if (m.priority === null) return null;
  if (m.raise && m.raise.deadlines.includes(deadline) && RANK[m.raise.to] < RANK[m.priority]) return m.raise.to;
  return m.priority;
}

/** The policies whose statements a decision may repeat: the deciding ones, those they point to, and those the customer raised. */
function citedBasis(ms: readonly Matter[], facts: DecisionFacts): Set<string> {
  return new Set([...ms.map((m) => m.policy), ...ms.flatMap((m) => m.accepts), ...facts.raised]);
}

/** Timeline strings stated by a policy in `cited` whose statement the facts do not rule out. */
function allowedByFacts(pack: PackIndex, ms: readonly Matter[], facts: DecisionFacts): string[] {
  const cited = citedBasis(ms, facts);
  const matterIds = new Set(ms.map((m) => m.id));
  return pack.facts.timelines.claims
    .filter((c) =>
      c.stated_by.some(
        (s) => cited.has(s.policy) && !s.unless_conditions.some((x) => facts.conditions.includes(x)) && !s.unless_matters.some((x) => matterIds.has(x)),
      ),
    )
    .map((c) => c.claim);
}

/** The decision's matters as the pack defines them; unknown ids are reported by the linter, not here. */
export function mattersOf(pack: PackIndex, facts: DecisionFacts): Matter[] {
  return facts.matters.flatMap((id) => pack.matters.get(id) ?? []);
}

export function expectedTarget(pack: PackIndex, facts: DecisionFacts, exceptions: Readonly<Record<string, string>> = {}): Expected {
  const ms = mattersOf(pack, facts);
  const lead = ms[0];
  const action_type = lead?.action ?? "resolve";
  const routed = action_type === "route" || action_type === "escalate";
  const priorities = ms.map((m) => matterPriority(m, facts.deadline)).filter((p): p is Priority => p !== null);
  const priority = routed && priorities.length ? priorities.reduce((a, b) => (RANK[b] < RANK[a] ? b : a)) : null;

  const required_flags = uniq<Flag>(ms.flatMap((m) => m.flags));
  // docs/SCHEMA.md flag convention: who is in contact is flagged on every action that hands the matter on or asks.
  if (!facts.verified && facts.caller === "holder" && (action_type === "ask_verification" || routed)) required_flags.push("unverified_caller");
  if (facts.caller === "third_party" && action_type !== "resolve") {
    required_flags.push("third_party_caller");
    if (routed) required_flags.push("unverified_caller");
  }
  const implied_forbidden = uniq<Flag>(ms.flatMap((m) => m.forbids)).filter((f) => !required_flags.includes(f));

  const timeline_claims = allowedByFacts(pack, ms, facts);
  const allowed = timeline_claims.filter((c) => !(c in exceptions));
  const when = new Set<CitationWhen>();
  if (routed) when.add("route_or_escalate");
  if (action_type === "escalate") when.add("escalate");
  if (!facts.verified) when.add("unverified");
  if (facts.caller === "third_party") when.add("third_party");
  if (action_type === "ask_verification") when.add("ask_verification");
  if (allowed.length) when.add("timelines_allowed");
  const companions = pack.facts.matters.citation.filter((c) => when.has(c.when)).flatMap((c) => c.accept);
  const required_policy_ids = uniq(ms.map((m) => m.policy));
  const acceptable_policy_ids = uniq([...required_policy_ids, ...ms.flatMap((m) => m.accepts), ...facts.raised, ...companions]);

  return {
    action_type,
    destination: lead?.destination ?? null,
    priority,
    required_flags,
    implied_forbidden,
    required_policy_ids,
    acceptable_policy_ids,
    timeline_claims,
    may_disclose_account_details: facts.verified && facts.caller === "holder",
    requires: uniq(ms.flatMap((m) => REQUIREMENT_OF[m.id] ?? [])),
  };
}
