import { POLICY_BEHAVIORS, type PolicyBehavior } from "../schemas/golden-suite";
import type { CaseDraft } from "./case-schema";
import { BEHAVIOR_CUES, FACT_CUES } from "./placement-cues";

// Seed 002 §D runbook, "where does my case go?": a role-agnostic behaviour (clarify vs proceed, no fabrication,
// escalation, no advice, no timeline promise, …) goes in the policy suite, which is expanded against every role; a
// desk's domain facts and red lines go in that role's file. Guidance shown when a case is created, never enforced.

type Kind = "must_include" | "must_not_include";
export type Placement = {
  target: "policy" | "role";
  /** "policy", "role:<name>", or "role" when the draft names no role yet. */
  label: string;
  role: string | null;
  behavior: PolicyBehavior | null;
  reason: string;
  /** Items that read as belonging to the other suite: split them into a case there. */
  move: Array<{ kind: Kind; text: string; to: "policy" | "role"; why: string }>;
};

// An item with both cues counts as a fact: judging it needs the desk's knowledge, which a policy case must not assume.
type Reading = { kind: Kind; text: string; behaviors: PolicyBehavior[]; facts: string[] };

/** Suggests where a draft case belongs and why, from its declared behaviour (if any), its items and its brief. */
export function suggestPlacement(draft: Pick<CaseDraft, "brief" | "must_include" | "must_not_include"> & Partial<Pick<CaseDraft, "behavior" | "role">>): Placement {
  const role = draft.role ?? null;
  const roleLabel = role ? `role:${role}` : "role";
  const items: Reading[] = (["must_include", "must_not_include"] as const).flatMap((kind) => draft[kind].map((text) => ({ kind, text, ...read(text) })));
  const factItems = items.filter((i) => i.facts.length);
  const behaviorItems = items.filter((i) => i.behaviors.length && !i.facts.length);
  const toRole = (i: Reading) => ({ kind: i.kind, text: i.text, to: "role" as const, why: `checks a desk fact (${i.facts.join(", ")})` });
  const toPolicy = (i: Reading) => ({ kind: i.kind, text: i.text, to: "policy" as const, why: `tests a behaviour (${i.behaviors.join(", ")})` });
  const policy = (behavior: PolicyBehavior, reason: string): Placement => ({ target: "policy", label: "policy", role: null, behavior, reason, move: factItems.map(toRole) });
  const roleFile = (reason: string, move = behaviorItems.map(toPolicy)): Placement => ({ target: "role", label: roleLabel, role, behavior: null, reason, move });

  if (draft.behavior) {
    const caveat = factItems.length ? `; ${factItems.length} item(s) check desk facts and belong in ${roleLabel === "role" ? "a role file" : roleLabel}` : "";
    return policy(draft.behavior, `declared behaviour ${draft.behavior}: behaviours live in the policy suite and are checked against every role${caveat}`);
  }
  const behavior = likeliestBehavior(items, draft.brief);
  if (behaviorItems.length > factItems.length && behavior) {
    const caveat = factItems.length ? `; move the ${factItems.length} fact item(s) to ${roleLabel === "role" ? "a role file" : roleLabel}` : "";
    return policy(behavior, `the items test a role-agnostic behaviour (${behavior}) that every persona must show, not a desk's facts${caveat}`);
  }
  if (factItems.length) {
    const caveat = behaviorItems.length ? `; the ${behaviorItems.length} behaviour item(s) are better as a policy case` : "";
    return roleFile(`the items check desk facts or red lines (${[...new Set(factItems.flatMap((i) => i.facts))].slice(0, 4).join(", ")}): they belong in the role file${caveat}`);
  }
  const hint = behavior ? ` (the brief hints at ${behavior}: if that is what you test, declare it and it goes to the policy suite)` : "";
  return roleFile(`no behaviour cue in the items, so by default a case is a desk's fact or red line${hint}`, []);
}

function read(text: string): { behaviors: PolicyBehavior[]; facts: string[] } {
  const behaviors = POLICY_BEHAVIORS.filter((b) => BEHAVIOR_CUES[b].test(text));
  const facts = [...new Set(FACT_CUES.flatMap((re) => [...text.matchAll(new RegExp(re.source, "gi"))].map((m) => m[0])))];
  return { behaviors, facts };
}

/** The behaviour most items point to; the brief breaks ties, then the order of POLICY_BEHAVIORS. */
function likeliestBehavior(items: Reading[], brief: string): PolicyBehavior | null {
  let best: PolicyBehavior | null = null;
  let bestScore = 0;
  for (const b of POLICY_BEHAVIORS) {
    const score = 2 * items.filter((i) => i.behaviors.includes(b)).length + (BEHAVIOR_CUES[b].test(brief) ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [b, score];
  }
  return best;
}
