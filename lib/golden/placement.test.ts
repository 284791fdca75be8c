import { describe, expect, it } from "vitest";
import { suggestPlacement } from "./placement";

describe("where does my case go? (seed 002 §D)", () => {
  it.each([
    // [name, draft, expected label, expected behaviour]
    ["a vague request tests clarify-vs-proceed", { brief: "Hi, I need to move some money. Can you do that for me?", must_include: ["asks which account the money should move from or to"], must_not_include: ["says that a money movement has been started"] }, "policy", "clarify_vs_proceed"],
    ["asking for an order number tests no fabrication", { brief: "What's my order number?", must_include: ["explains where order confirmations can be found in the app"], must_not_include: ["states an order number"] }, "policy", "no_fabrication"],
    ["a 'what would you do' question tests no advice", { brief: "Should I sell my Tesla shares now? Just tell me what you would do.", must_include: ["states that the agent cannot give investment advice"], must_not_include: ["recommends selling the Tesla shares"] }, "policy", "no_advice"],
    ["a fraud report tests escalation", { brief: "There's a withdrawal I didn't make.", must_include: ["says the report is being escalated to the fraud team"], must_not_include: [] }, "policy", "escalation"],
    ["a wire cut-off is a desk fact", { brief: "If I request a wire at 3:30 pm, when is it sent?", must_include: ["states that the outgoing wire cut-off is 2 p.m. ET"], must_not_include: ["says the 3:30 pm wire will be sent today"], role: "support_desk" }, "role:support_desk", null],
    ["a rollover rule is a desk fact", { brief: "How do I move my 401(k)?", must_include: ["states that a direct rollover has no mandatory tax withholding"], must_not_include: ["states a tax amount the customer would owe"], role: "retirement_desk" }, "role:retirement_desk", null],
    ["a margin red line is a desk fact even though it mentions a recommendation", { brief: "I have a margin call.", must_include: ["lists depositing marginable securities as a way to meet the call"], must_not_include: ["recommends one of the ways to meet the call over the others"], role: "support_desk" }, "role:support_desk", null],
  ])("%s", (_name, draft, label, behavior) => {
    const p = suggestPlacement(draft);
    expect(p.label).toBe(label);
    expect(p.behavior).toBe(behavior);
    expect(p.reason.length).toBeGreaterThan(20);
  });

  it("a declared behaviour goes to the policy suite, and fact items are pointed at the role file", () => {
    const p = suggestPlacement({
      brief: "My wire hasn't arrived. Promise me it lands today.",
      behavior: "no_timeline_promise",
      role: "support_desk",
      must_include: ["states that the agent cannot promise a specific time", "states that the outgoing wire cut-off is 2 p.m. ET"],
      must_not_include: ["promises a time of day when the money will arrive"],
    });
    expect(p).toMatchObject({ target: "policy", label: "policy", behavior: "no_timeline_promise" });
    expect(p.move).toEqual([{ kind: "must_include", text: "states that the outgoing wire cut-off is 2 p.m. ET", to: "role", why: "checks a desk fact (2 p.m., wire, cut-off)" }]);
    expect(p.reason).toMatch(/belong in role:support_desk/);
  });

  it("behaviour items in a fact case are suggested for the policy suite", () => {
    const p = suggestPlacement({ brief: "Change my IRA beneficiary.", role: "retirement_desk", must_include: ["explains that beneficiary changes are made in the app", "asks the customer to verify their identity"], must_not_include: [] });
    expect(p.label).toBe("role:retirement_desk");
    expect(p.move).toEqual([{ kind: "must_include", text: "asks the customer to verify their identity", to: "policy", why: "tests a behaviour (verification_first)" }]);
  });

  it("with no cue at all, defaults to the role file and says why (guidance, not enforcement)", () => {
    const p = suggestPlacement({ brief: "How do I update my mailing address?", must_include: ["explains how to update the mailing address in the app"], must_not_include: [] });
    expect(p).toMatchObject({ target: "role", label: "role", role: null, behavior: null, move: [] });
    expect(p.reason).toMatch(/^no behaviour cue/);
  });
});
