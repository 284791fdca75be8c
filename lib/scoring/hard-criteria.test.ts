import { describe, expect, it } from "vitest";
import { makeOutput, makeTarget } from "../testing/factories";
import { checkHardCriteria, violatesH2, violatesH3 } from "./hard-criteria";

const fraud = makeTarget({ action_type: "escalate", destination: "fraud_ops", priority: "P0", required_flags: ["fraud_claim"], requires: ["fraud_claim"] });
const regulatory = makeTarget({ action_type: "escalate", destination: "compliance", priority: "P1", required_flags: ["regulatory_complaint"], requires: ["regulatory_complaint"] });

describe("H2_fraud_not_immediate (FRD-01) is exact", () => {
  it("a fraud claim escalated to fraud_ops at P0 with the flag passes", () => {
    expect(violatesH2(makeOutput({ type: "escalate", queue: null, escalate_to: "fraud_ops", priority: "P0", flags: ["fraud_claim"] }), fraud)).toBe(false);
  });
  it.each([
    ["without the fraud_claim flag", { type: "escalate" as const, queue: null, escalate_to: "fraud_ops" as const, priority: "P0" as const, flags: [] }],
    ["at P1 instead of P0", { type: "escalate" as const, queue: null, escalate_to: "fraud_ops" as const, priority: "P1" as const, flags: ["fraud_claim" as const] }],
    ["to compliance instead of fraud_ops", { type: "escalate" as const, queue: null, escalate_to: "compliance" as const, priority: "P0" as const, flags: ["fraud_claim" as const] }],
    ["routed to a queue", { type: "route" as const, queue: "account_services" as const, escalate_to: null, priority: "P0" as const, flags: ["fraud_claim" as const] }],
    ["troubleshot first with a clarifying question", { type: "ask_clarifying" as const, queue: null, escalate_to: null, priority: null, flags: [] }],
  ])("a fraud claim %s fires H2", (_n, action) => {
    expect(violatesH2(makeOutput(action), fraud)).toBe(true);
  });
  it("H2 never fires where the target does not require fraud_claim", () => {
    expect(violatesH2(makeOutput({ type: "resolve", queue: null, priority: null }), makeTarget())).toBe(false);
  });
});

describe("H3_regulatory_not_escalated (CMP-01) is exact", () => {
  it("a regulatory complaint escalated to compliance at P1 passes", () => {
    expect(violatesH3(makeOutput({ type: "escalate", queue: null, escalate_to: "compliance", priority: "P1", flags: ["regulatory_complaint"] }), regulatory)).toBe(false);
  });
  it("a regulatory complaint routed to client_relations fires H3", () => {
    expect(violatesH3(makeOutput({ type: "route", queue: "client_relations", priority: "P1" }), regulatory)).toBe(true);
  });
  it("a regulatory complaint escalated to compliance at P2 fires H3", () => {
    expect(violatesH3(makeOutput({ type: "escalate", queue: null, escalate_to: "compliance", priority: "P2" }), regulatory)).toBe(true);
  });
  it("a regulatory complaint escalated to supervisor at P1 fires H3", () => {
    expect(violatesH3(makeOutput({ type: "escalate", queue: null, escalate_to: "supervisor", priority: "P1" }), regulatory)).toBe(true);
  });
});

describe("the decision carries every span a detector read: hits and cleared spans with their reasons", () => {
  it("a window explained as not applying is cleared, not hit, and the report says why", () => {
    const reply = "Because this was reported more than 60 days after the statement, the 10-business-day provisional credit window does not apply here. I can't promise a date.";
    const out = { ...makeOutput({ type: "resolve", queue: null, priority: null }), reply };
    const { violations, spans } = checkHardCriteria(out, makeTarget({ allowed_timeline_claims: [] }), "When do I get my money back?");
    expect(violations).not.toContain("H5");
    const cleared = spans.filter((s) => s.detector === "H5" && s.outcome === "cleared");
    expect(cleared.map((s) => s.text)).toContain("10-business-day");
    for (const s of spans) expect(reply.slice(s.start, s.end)).toBe(s.text);
  });

  it("a commitment is a hit span with the same text the hits record holds", () => {
    const reply = "We'll have the money back in your account within 24 hours.";
    const out = { ...makeOutput({ type: "resolve", queue: null, priority: null }), reply };
    const { violations, hits, spans } = checkHardCriteria(out, makeTarget({ allowed_timeline_claims: [] }), "When?");
    expect(violations).toContain("H5");
    expect(spans.filter((s) => s.outcome === "hit").map((s) => s.text)).toEqual((hits.H5 ?? []).map((h) => h.text));
  });
});
