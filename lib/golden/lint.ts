import type { DecisionFacts, Episode } from "../schemas/episode";
import type { Target } from "../schemas/target";
import { expectedTarget, mattersOf, type PackIndex } from "./derive";

// Issue 17: `assay lint-golden`. Each rule names a check a careful reviewer would make by hand; every failure names the
// decision, the field and the rule. The facts the rules read are the pack's (golden/pack/*.json), never restated here.

export const LINT_RULES = {
  "pack-reference": "the pack's matters, citation companions and timeline claims name policies that exist, and every must-ask key's basis quote occurs in its policy's text",
  facts: "the decision has facts in the pack's vocabulary: known matters, deadline and conditions, existing policy ids",
  "matter-action": "the action and destination are the ones the deciding matter's policy names",
  "priority-precedence": "the priority is the one the deciding policy names, raised only where that policy says a deadline raises it (ESC-03)",
  "flags-named": "the required flags are exactly those the deciding policy names, plus the caller flags of the convention",
  "forbidden-implied": "flags a deciding policy rules out are forbidden",
  "required-subset": "every required policy is acceptable",
  "citation-required": "the required policies are the deciding matters' policies (docs/SCHEMA.md §4.1)",
  "citation-acceptable": "the acceptable policies are the required ones, those they point to, those the customer raised and the convention's companions",
  "timeline-known": "every allowed timeline is a string the pack lists (golden/pack/timelines.json)",
  "timelines-stated": "every timeline a required or accepted policy states, and the facts permit, is allowed, unless the decision names why not",
  "must-ask-basis": "every must-ask key has a pack basis among the decision's required or acceptable policies",
  disclosure: "account details may be disclosed exactly when the holder is verified",
  requires: "H2 and H3 are required exactly on FRD-01 and CMP-01 matters",
  "same-facts": "decisions with the same facts have the same allowed timelines and acceptable policies",
  "reference-timelines": "every pack date or period the reference reply states is allowed by the target, or listed in timeline_mentions as mentioned without a commitment",
} as const;
export type LintRule = keyof typeof LINT_RULES;

export type LintFailure = { decision: string; field: string; rule: LintRule; message: string };

type Decision = {
  id: string;
  target: Target;
  facts?: DecisionFacts;
  timeline_exceptions?: Record<string, string>;
  reference_reply?: string;
  timeline_mentions?: Record<string, string>;
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === new Set(a).size && new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));
const list = (xs: readonly string[]) => (xs.length ? xs.join(", ") : "[]");
const setDiff = (a: readonly string[], b: readonly string[]) => {
  const missing = b.filter((x) => !a.includes(x));
  const extra = a.filter((x) => !b.includes(x));
  return [missing.length ? `missing ${list(missing)}` : "", extra.length ? `extra ${list(extra)}` : ""].filter(Boolean).join("; ");
};

/** Checks the pack's own files refer to things that exist; a failure here names the pack file as its "decision". */
export function lintPack(pack: PackIndex): LintFailure[] {
  const out: LintFailure[] = [];
  const fail = (decision: string, field: string, message: string) => out.push({ decision, field, rule: "pack-reference", message });
  const known = (id: string) => pack.policyText.has(id);
  for (const m of pack.facts.matters.matters) {
    for (const id of [m.policy, ...m.accepts]) if (!known(id)) fail("matters.json", m.id, `${id} is not a policy of pack v${pack.facts.version}`);
    for (const d of m.raise?.deadlines ?? []) if (!pack.deadlines.has(d)) fail("matters.json", m.id, `raise names unknown deadline '${d}'`);
  }
  for (const c of pack.facts.matters.citation) for (const id of c.accept) if (!known(id)) fail("matters.json", `citation.${c.when}`, `${id} is not a policy`);
  for (const c of pack.facts.timelines.claims) {
    for (const s of c.stated_by) {
      if (!known(s.policy)) fail("timelines.json", c.claim, `${s.policy} is not a policy`);
      for (const x of s.unless_conditions) if (!pack.conditions.has(x)) fail("timelines.json", c.claim, `unknown condition '${x}'`);
      for (const x of s.unless_matters) if (!pack.matters.has(x)) fail("timelines.json", c.claim, `unknown matter '${x}'`);
    }
  }
  for (const [key, rule] of Object.entries(pack.facts.mustAsk.keys)) {
    for (const b of rule.basis) {
      const text = pack.policyText.get(b.policy);
      if (text === undefined) fail("must_ask.json", key, `basis names ${b.policy}, which is not a policy`);
      else if (!text.includes(b.quote)) fail("must_ask.json", key, `basis quote is not in ${b.policy}'s text: "${b.quote}"`);
    }
  }
  return out;
}

function lintFacts(pack: PackIndex, d: Decision, facts: DecisionFacts): LintFailure[] {
  const out: LintFailure[] = [];
  const fail = (field: string, message: string) => out.push({ decision: d.id, field: `facts.${field}`, rule: "facts", message });
  for (const id of facts.matters) if (!pack.matters.has(id)) fail("matters", `unknown matter '${id}'`);
  if (!pack.deadlines.has(facts.deadline)) fail("deadline", `unknown deadline '${facts.deadline}'`);
  for (const c of facts.conditions) if (!pack.conditions.has(c)) fail("conditions", `unknown condition '${c}'`);
  for (const p of facts.raised) if (!pack.policyText.has(p)) fail("raised", `${p} is not a policy`);
  const [a, b] = mattersOf(pack, facts);
  if (a && b && (a.action !== b.action || a.destination !== b.destination)) fail("matters", `${a.id} and ${b.id} name different actions; one decision takes one action`);
  return out;
}

const NUMBER_WORDS: Record<string, string> = { "1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine", "10": "ten" };
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * How a reply may write one timeline string of timelines.json: digits or words ("5" or "five"), spaces or hyphens
 * ("5-business-day"), singular or plural days, a month abbreviated or after its day ("Feb 15th", "15 February").
 * Spelling only: which strings exist is the pack's (timelines.json), never listed here.
 */
export function timelinePattern(claim: string): RegExp {
  const token = (t: string) => {
    if (/^\d+$/.test(t)) return NUMBER_WORDS[t] ? `(?:${t}|${NUMBER_WORDS[t]})(?:st|nd|rd|th)?` : `${t}(?:st|nd|rd|th)?`;
    if (MONTHS.includes(t)) return `(?:${t}|${t.slice(0, 3)}\\.?)`;
    if (/^days?$/i.test(t)) return "days?";
    return escapeRe(t);
  };
  const tokens = claim.split(/\s+/);
  const forms = [tokens.map(token).join("[\\s-]+")];
  if (tokens.length === 2 && MONTHS.includes(tokens[0]!) && /^\d+$/.test(tokens[1]!)) forms.push(`${token(tokens[1]!)}\\s+(?:of\\s+)?${token(tokens[0]!)}`);
  return new RegExp(`\\b(?:${forms.join("|")})\\b`, "i");
}

/**
 * Issue 28: a reference reply that states a pack date or period its target does not allow teaches a reply H5 would
 * zero in another tense (acc-008-d1 said "1099s are available by February 15" and allowed nothing). A mention that
 * commits to nothing (a window that does not apply or has passed, a correction) is listed with why.
 */
function lintReferenceTimelines(pack: PackIndex, d: Decision): LintFailure[] {
  if (d.reference_reply === undefined) return [];
  const out: LintFailure[] = [];
  const fail = (field: string, message: string) => out.push({ decision: d.id, field, rule: "reference-timelines", message });
  const allowed = new Set(d.target.allowed_timeline_claims);
  const mentions = d.timeline_mentions ?? {};
  const stated = new Set<string>();
  for (const { claim } of pack.facts.timelines.claims) {
    const m = timelinePattern(claim).exec(d.reference_reply);
    if (!m) continue;
    stated.add(claim);
    if (!allowed.has(claim) && !(claim in mentions)) {
      fail("allowed_timeline_claims", `the reference reply states '${m[0]}' (${claim}) but the target does not allow it: allow it, or list it in timeline_mentions with why the reply commits to nothing`);
    }
  }
  for (const claim of Object.keys(mentions)) {
    if (!stated.has(claim)) fail("timeline_mentions", `'${claim}' is listed as mentioned, but the reference reply does not mention it`);
    else if (allowed.has(claim)) fail("timeline_mentions", `'${claim}' is allowed, so it needs no mention`);
  }
  return out;
}

/** Every check of one decision against what the pack implies for its facts. */
export function lintDecision(pack: PackIndex, d: Decision): LintFailure[] {
  const t = d.target;
  const out: LintFailure[] = [];
  const fail = (field: string, rule: LintRule, message: string) => out.push({ decision: d.id, field, rule, message });

  for (const id of t.required_policy_ids) if (!t.acceptable_policy_ids.includes(id)) fail("acceptable_policy_ids", "required-subset", `required ${id} is not acceptable`);
  const claims = new Set(pack.facts.timelines.claims.map((c) => c.claim));
  for (const c of t.allowed_timeline_claims) if (!claims.has(c)) fail("allowed_timeline_claims", "timeline-known", `'${c}' is not a timeline string of the pack`);
  out.push(...lintReferenceTimelines(pack, d));

  if (!d.facts) {
    fail("facts", "facts", "the decision has no facts: add matter, verification, caller, deadline, conditions and raised policies");
    return out;
  }
  const factFailures = lintFacts(pack, d, d.facts);
  if (factFailures.length) return [...out, ...factFailures];

  const exceptions = d.timeline_exceptions ?? {};
  const e = expectedTarget(pack, d.facts, exceptions);
  const lead = d.facts.matters[0];
  if (t.action_type !== e.action_type) fail("action_type", "matter-action", `${lead} names ${e.action_type}, target has ${t.action_type}`);
  else if (t.destination !== e.destination) fail("destination", "matter-action", `${lead} names ${e.destination}, target has ${t.destination}`);
  if (t.priority !== e.priority) fail("priority", "priority-precedence", `${lead} with deadline '${d.facts.deadline}' gives ${e.priority ?? "no priority"}, target has ${t.priority ?? "none"}`);
  if (!sameSet(t.required_flags, e.required_flags)) fail("required_flags", "flags-named", setDiff(t.required_flags, e.required_flags));
  const unforbidden = e.implied_forbidden.filter((f) => !t.forbidden_flags.includes(f));
  if (unforbidden.length) fail("forbidden_flags", "forbidden-implied", `${list(unforbidden)} ruled out by ${list(d.facts.matters)} but not forbidden`);
  if (!sameSet(t.required_policy_ids, e.required_policy_ids)) fail("required_policy_ids", "citation-required", setDiff(t.required_policy_ids, e.required_policy_ids));
  if (!sameSet(t.acceptable_policy_ids, e.acceptable_policy_ids)) fail("acceptable_policy_ids", "citation-acceptable", setDiff(t.acceptable_policy_ids, e.acceptable_policy_ids));

  const allowed = e.timeline_claims.filter((c) => !(c in exceptions));
  if (!sameSet(t.allowed_timeline_claims, allowed)) fail("allowed_timeline_claims", "timelines-stated", setDiff(t.allowed_timeline_claims, allowed));
  for (const c of Object.keys(exceptions)) {
    if (!e.timeline_claims.includes(c)) fail("timeline_exceptions", "timelines-stated", `'${c}' is excepted but the facts would not allow it anyway`);
  }

  const cited = new Set([...t.required_policy_ids, ...t.acceptable_policy_ids]);
  for (const key of t.must_ask) {
    const basis = pack.facts.mustAsk.keys[key]?.basis ?? [];
    if (!basis.some((b) => cited.has(b.policy))) fail("must_ask", "must-ask-basis", `${key} rests on ${list(basis.map((b) => b.policy))}, none of which this target cites`);
  }
  if (t.may_disclose_account_details !== e.may_disclose_account_details) {
    fail("may_disclose_account_details", "disclosure", `facts say ${d.facts.verified ? "verified" : "unverified"} ${d.facts.caller}, target says ${t.may_disclose_account_details}`);
  }
  if (!sameSet(t.requires, e.requires)) fail("requires", "requires", setDiff(t.requires, e.requires));
  return out;
}

/** Same facts, same allowed timelines and acceptable sets: reported once per pair, on the later decision. */
function lintSameFacts(decisions: readonly Decision[]): LintFailure[] {
  const out: LintFailure[] = [];
  const seen = new Map<string, Decision>();
  for (const d of decisions) {
    if (!d.facts) continue;
    const f = d.facts;
    const key = JSON.stringify([[...f.matters].sort(), f.verified, f.caller, f.deadline, [...f.conditions].sort(), [...f.raised].sort()]);
    const first = seen.get(key);
    if (!first) {
      seen.set(key, d);
      continue;
    }
    const a = first.target;
    const b = d.target;
    if (!sameSet(b.allowed_timeline_claims, a.allowed_timeline_claims)) out.push({ decision: d.id, field: "allowed_timeline_claims", rule: "same-facts", message: `same facts as ${first.id}, which allows ${list(a.allowed_timeline_claims)}; this allows ${list(b.allowed_timeline_claims)}` });
    if (!sameSet(b.acceptable_policy_ids, a.acceptable_policy_ids)) out.push({ decision: d.id, field: "acceptable_policy_ids", rule: "same-facts", message: `same facts as ${first.id}: ${setDiff(b.acceptable_policy_ids, a.acceptable_policy_ids)}` });
  }
  return out;
}

export function decisionsOf(episodes: readonly Episode[]): Decision[] {
  return episodes.flatMap((e) => e.turns.flatMap((t) => (t.role === "decision" ? [{ id: t.id, target: t.target, facts: t.facts, timeline_exceptions: t.timeline_exceptions, reference_reply: t.reference_reply, timeline_mentions: t.timeline_mentions }] : [])));
}

/** The whole golden set against the pack: pack references first, then each decision, then the cross-decision check. */
export function lintGolden(pack: PackIndex, episodes: readonly Episode[]): LintFailure[] {
  const decisions = decisionsOf(episodes);
  return [...lintPack(pack), ...decisions.flatMap((d) => lintDecision(pack, d)), ...lintSameFacts(decisions)];
}

