import { describe, expect, it } from "vitest";
import { makeAction, makeTarget } from "../testing/factories";
import { scoreActionType, scoreDestination, scoreFlags, scorePolicyCitation, scorePriority, weightedSum } from "./components";
import { COMPONENT_WEIGHTS } from "../pack/vocab";

const KNOWN = new Set(["FND-01", "FND-02", "FRD-01", "ESC-02", "ESC-03"]);

describe("stage 3 graded components (seed 000)", () => {
  it("the six weights sum to 1.0", () => {
    expect(Object.values(COMPONENT_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("action_type is an exact match", () => {
    expect(scoreActionType(makeAction(), makeTarget())).toBe(1);
    expect(scoreActionType(makeAction({ type: "escalate" }), makeTarget())).toBe(0);
  });

  it("a resolve that invents a queue scores 0 on destination", () => {
    const t = makeTarget({ action_type: "resolve", destination: null, priority: null });
    expect(scoreDestination(makeAction({ type: "resolve", queue: "funding_ops", priority: null }), t)).toBe(0);
    expect(scoreDestination(makeAction({ type: "resolve", queue: null, priority: null }), t)).toBe(1);
  });

  it("an ask_clarifying that names an escalation target scores 0 on destination", () => {
    const t = makeTarget({ action_type: "ask_clarifying", destination: null, priority: null });
    expect(scoreDestination(makeAction({ type: "ask_clarifying", queue: null, escalate_to: "supervisor", priority: null }), t)).toBe(0);
  });

  it("a wrong action type also zeroes destination, even with the right queue named", () => {
    const t = makeTarget({ action_type: "route", destination: "funding_ops" });
    expect(scoreDestination(makeAction({ type: "escalate", queue: "funding_ops" }), t)).toBe(0);
  });

  it("over-escalation scores 0 on destination exactly as under-escalation does (ESC-02)", () => {
    const route = makeTarget({ action_type: "route", destination: "margin_desk" });
    const esc = makeTarget({ action_type: "escalate", destination: "margin_risk", priority: "P0" });
    expect(scoreDestination(makeAction({ type: "escalate", queue: null, escalate_to: "supervisor" }), route)).toBe(0);
    expect(scoreDestination(makeAction({ type: "route", queue: "margin_desk" }), esc)).toBe(0);
  });

  it("an escalation scores destination on escalate_to and needs queue null", () => {
    const t = makeTarget({ action_type: "escalate", destination: "fraud_ops", priority: "P0" });
    expect(scoreDestination(makeAction({ type: "escalate", queue: null, escalate_to: "fraud_ops" }), t)).toBe(1);
    expect(scoreDestination(makeAction({ type: "escalate", queue: "funding_ops", escalate_to: "fraud_ops" }), t)).toBe(0);
  });

  it("P1 for a P0 target gets no partial credit", () => {
    expect(scorePriority(makeAction({ priority: "P1" }), makeTarget({ priority: "P0" }))).toBe(0);
    expect(scorePriority(makeAction({ priority: "P0" }), makeTarget({ priority: "P0" }))).toBe(1);
  });

  it("a forbidden flag zeroes flags even when every required flag is present", () => {
    const t = makeTarget({ required_flags: ["fraud_claim"], forbidden_flags: ["regulatory_complaint"] });
    expect(scoreFlags(makeAction({ flags: ["fraud_claim", "regulatory_complaint"] }), t)).toBe(0);
  });

  it("flags is F1 against required_flags", () => {
    const t = makeTarget({ required_flags: ["fraud_claim", "account_takeover_suspected"] });
    expect(scoreFlags(makeAction({ flags: ["fraud_claim"] }), t)).toBeCloseTo(2 / 3, 12); // p=1, r=.5
    expect(scoreFlags(makeAction({ flags: ["fraud_claim", "time_sensitive"] }), t)).toBeCloseTo(0.5, 12); // p=.5, r=.5
    expect(scoreFlags(makeAction({ flags: [] }), makeTarget())).toBe(1);
    expect(scoreFlags(makeAction({ flags: ["time_sensitive"] }), makeTarget())).toBe(0);
  });

  it("a citation of a policy that does not exist zeroes policy_citation", () => {
    const t = makeTarget({ required_policy_ids: ["FND-02"], acceptable_policy_ids: ["FND-02"] });
    expect(scorePolicyCitation(makeAction({ policy_ids: ["FND-02", "FND-99"] }), t, KNOWN)).toBe(0);
  });

  it("policy_citation is recall over required times precision against acceptable", () => {
    const t = makeTarget({ required_policy_ids: ["FRD-01", "ESC-03"], acceptable_policy_ids: ["FRD-01", "ESC-03", "ESC-02"] });
    expect(scorePolicyCitation(makeAction({ policy_ids: ["FRD-01", "ESC-03"] }), t, KNOWN)).toBe(1);
    expect(scorePolicyCitation(makeAction({ policy_ids: ["FRD-01"] }), t, KNOWN)).toBe(0.5);
    expect(scorePolicyCitation(makeAction({ policy_ids: ["FRD-01", "ESC-03", "FND-01"] }), t, KNOWN)).toBeCloseTo(2 / 3, 12);
    expect(scorePolicyCitation(makeAction({ policy_ids: ["FRD-01", "ESC-02"] }), t, KNOWN)).toBe(0.5);
    expect(scorePolicyCitation(makeAction({ policy_ids: [] }), t, KNOWN)).toBe(0);
  });

  it("the weighted sum of perfect components is 1 and of a lone destination miss is 0.75", () => {
    const all = { action_type: 1, destination: 1, priority: 1, flags: 1, policy_citation: 1, must_ask: 1 };
    expect(weightedSum(all)).toBeCloseTo(1, 12);
    expect(weightedSum({ ...all, destination: 0 })).toBeCloseTo(0.75, 12);
  });

  it("a resolve where a route was required loses 0.40 of the graded score, not 0.15", () => {
    const t = makeTarget();
    const a = makeAction({ type: "resolve", queue: null, priority: null });
    const c = { action_type: scoreActionType(a, t), destination: scoreDestination(a, t), priority: 1, flags: 1, policy_citation: 1, must_ask: 1 };
    expect(1 - weightedSum(c)).toBeCloseTo(0.4, 12);
  });
});
