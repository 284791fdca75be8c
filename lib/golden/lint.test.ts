import { describe, expect, it } from "vitest";
import { loadEpisodes } from "../../bin/load/episodes";
import { loadPackFacts } from "../../bin/load/pack";
import type { Episode } from "../schemas/episode";
import type { PackFacts } from "../schemas/pack";
import { indexPack, matterPriority } from "./derive";
import { LINT_RULES, decisionsOf, lintGolden, timelinePattern, type LintRule } from "./lint";

// Issue 17, "done when": each check of `assay lint-golden` is seen to fail on a deliberately broken target. Each case
// starts from a shipped decision that passes, breaks one thing, and expects exactly that rule on exactly that field.

const facts = loadPackFacts();
const episodes = loadEpisodes();
const pack = indexPack(facts);
const clone = <T>(x: T): T => structuredClone(x);

type Decision = Extract<Episode["turns"][number], { role: "decision" }>;

/** The golden set with one decision edited. */
function withDecision(id: string, edit: (d: Decision) => void): Episode[] {
  const eps = clone(episodes);
  const d = eps.flatMap((e) => e.turns).find((t): t is Decision => t.role === "decision" && t.id === id);
  if (!d) throw new Error(`no decision ${id}`);
  edit(d);
  return eps;
}

const rulesFor = (eps: Episode[], p: PackFacts = facts) => lintGolden(indexPack(p), eps).map((f) => `${f.decision} ${f.field} ${f.rule}`);

const BROKEN: Array<[LintRule, string, () => string[]]> = [
  ["pack-reference", "must_ask.json order_id pack-reference", () => rulesFor(episodes, { ...facts, mustAsk: { ...facts.mustAsk, keys: { ...facts.mustAsk.keys, order_id: { ...facts.mustAsk.keys.order_id, basis: [{ policy: "ORD-02", quote: "ask for the order in writing" }] } } } })],
  ["facts", "mgn-008-d2 facts.matters facts", () => rulesFor(withDecision("mgn-008-d2", (d) => void (d.facts!.matters = ["MGN-04.waiver"])))],
  ["matter-action", "mgn-008-d2 action_type matter-action", () => rulesFor(withDecision("mgn-008-d2", (d) => void (d.target.action_type = "escalate")))],
  ["priority-precedence", "mgn-008-d2 priority priority-precedence", () => rulesFor(withDecision("mgn-008-d2", (d) => void (d.target.priority = "P1")))],
  ["flags-named", "ver-007-d1 required_flags flags-named", () => rulesFor(withDecision("ver-007-d1", (d) => void d.target.required_flags.push("time_sensitive")))],
  ["forbidden-implied", "cmp-005-d1 forbidden_flags forbidden-implied", () => rulesFor(withDecision("cmp-005-d1", (d) => void (d.target.forbidden_flags = [])))],
  ["required-subset", "cmp-005-d1 acceptable_policy_ids required-subset", () => rulesFor(withDecision("cmp-005-d1", (d) => void (d.target.acceptable_policy_ids = d.target.acceptable_policy_ids.filter((p) => p !== "CMP-02"))))],
  ["citation-required", "mgn-008-d2 required_policy_ids citation-required", () => rulesFor(withDecision("mgn-008-d2", (d) => void d.target.required_policy_ids.push("ESC-03")))],
  ["citation-acceptable", "trf-006-d1 acceptable_policy_ids citation-acceptable", () => rulesFor(withDecision("trf-006-d1", (d) => void (d.target.acceptable_policy_ids = d.target.acceptable_policy_ids.filter((p) => p !== "TRF-02"))))],
  ["timeline-known", "fnd-002-d2 allowed_timeline_claims timeline-known", () => rulesFor(withDecision("fnd-002-d2", (d) => void d.target.allowed_timeline_claims.push("48 hours")))],
  ["timelines-stated", "ord-003-d1 allowed_timeline_claims timelines-stated", () => rulesFor(withDecision("ord-003-d1", (d) => void (d.target.allowed_timeline_claims = [])))],
  ["must-ask-basis", "ver-011-d1 must_ask must-ask-basis", () => rulesFor(withDecision("ver-011-d1", (d) => void d.target.must_ask.push("callback_number")))],
  ["disclosure", "ord-003-d1 may_disclose_account_details disclosure", () => rulesFor(withDecision("ord-003-d1", (d) => void (d.target.may_disclose_account_details = true)))],
  ["requires", "cmp-005-d2 requires requires", () => rulesFor(withDecision("cmp-005-d2", (d) => void (d.target.requires = [])))],
  [
    "reference-timelines",
    "acc-008-d1 allowed_timeline_claims reference-timelines",
    // Issue 28: acc-008-d1 as v1.5 shipped it. Its reference says "consolidated 1099s are available by February 15"
    // while the target allowed no timeline and did not accept ACC-02; every other rule passes that target.
    () =>
      rulesFor(
        withDecision("acc-008-d1", (d) => {
          d.facts!.raised = [];
          d.target.acceptable_policy_ids = ["FRD-03", "IDV-02", "FRD-02"];
          d.target.allowed_timeline_claims = [];
        }),
      ),
  ],
  [
    "same-facts",
    "trf-007-d2 allowed_timeline_claims same-facts",
    // trf-006-d2 given trf-007-d2's facts but another timeline: reported on the later of the two.
    () => {
      const other = decisionsOf(episodes).find((d) => d.id === "trf-007-d2")!;
      return rulesFor(
        withDecision("trf-006-d2", (d) => {
          d.facts = clone(other.facts);
          d.target.acceptable_policy_ids = [...other.target.acceptable_policy_ids];
          d.target.allowed_timeline_claims = ["6 business days"];
        }),
      ).filter((r) => r.endsWith("same-facts"));
    },
  ],
];

describe("assay lint-golden (issue 17)", () => {
  it("has a broken-target case for every rule it checks", () => {
    expect(BROKEN.map(([rule]) => rule).sort()).toEqual(Object.keys(LINT_RULES).sort());
  });

  it("passes on the shipped golden set", () => {
    expect(rulesFor(episodes)).toEqual([]);
  });

  it.each(BROKEN)("%s fails on a deliberately broken target and names decision, field and rule", (_rule, expected, run) => {
    expect(run()).toContain(expected);
  });

  it("ESC-03 precedence: MGN-04 keeps P2 on a deadline tomorrow while FND-02 and IDV-04 raise to P1 as their text says", () => {
    const m = (id: string) => pack.matters.get(id)!;
    expect(matterPriority(m("MGN-04.extension"), "next_business_day")).toBe("P2");
    expect(matterPriority(m("FND-02.delayed"), "next_business_day")).toBe("P1");
    expect(matterPriority(m("IDV-04.locked"), "next_business_day")).toBe("P2");
    expect(matterPriority(m("IDV-04.locked"), "today")).toBe("P1");
  });

  it("acc-008-d1 as v1.5 shipped it fails reference-timelines and nothing else", () => {
    const v15 = withDecision("acc-008-d1", (d) => {
      d.facts!.raised = [];
      d.target.acceptable_policy_ids = ["FRD-03", "IDV-02", "FRD-02"];
      d.target.allowed_timeline_claims = [];
    });
    expect(rulesFor(v15)).toEqual(["acc-008-d1 allowed_timeline_claims reference-timelines"]);
  });

  it("reference-timelines: a mention listed in timeline_mentions that the reference no longer makes is stale", () => {
    const eps = withDecision("frd-002-d2", (d) => void (d.reference_reply = "I'm escalating the charge to fraud operations now."));
    expect(rulesFor(eps)).toEqual(["frd-002-d2 timeline_mentions reference-timelines"]);
  });

  it("reference-timelines reads a pack string however a reply spells it, and no longer number as it", () => {
    expect(["within five business days", "a 5-business-day hold", "5 business days"].every((s) => timelinePattern("5 business days").test(s))).toBe(true);
    expect(["by Feb 15th", "by the 15th of February", "February 15"].every((s) => timelinePattern("February 15").test(s))).toBe(true);
    expect(["15 business days", "25 business days", "February 150"].some((s) => timelinePattern("5 business days").test(s) || timelinePattern("February 15").test(s))).toBe(false);
  });

  it("a decision without facts is named, not skipped", () => {
    expect(rulesFor(withDecision("acc-001-d1", (d) => void delete d.facts))).toEqual(["acc-001-d1 facts facts"]);
  });
});
