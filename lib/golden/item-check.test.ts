import { describe, expect, it } from "vitest";
import policySuite from "../../golden/policy_behaviors.json";
import retirementDesk from "../../golden/roles/retirement_desk.json";
import supportDesk from "../../golden/roles/support_desk.json";
import { checkCaseItems, checkItem, type ItemFindingCode } from "./item-check";

const codes = (text: string) => checkItem(text).map((f) => f.code);

describe("items that are one judgeable claim pass", () => {
  it.each([
    "states that the outgoing wire cut-off is 2 p.m. ET",
    "asks the customer to verify their identity",
    "asks whether the customer means a deposit, a withdrawal or a transfer", // alternatives inside one act
    'lists "deposit funds, deposit marginable securities, or close positions" as the ways to meet the call', // quoted list
    "suggests consulting a tax professional or financial advisor", // "tax professional" is a role, not a judgement
    "states that the customer's figure is not correct", // a checkable fact about the figure
    "explains that the customer can withdraw to their own bank and pay the landlord from there",
    "promises the time of day the wire will arrive at the receiving bank",
    "states that Zoomberg accepts wires and checks", // nouns after "and", not a second act
  ])("%s", (text) => {
    expect(checkItem(text)).toEqual([]);
  });

  it("every item in the shipped golden suites passes", () => {
    const cases = [...supportDesk.cases, ...retirementDesk.cases, ...policySuite.cases];
    const flagged = cases.flatMap((c) => checkCaseItems(c).filter((i) => i.findings.length).map((i) => `${c.id}: ${i.text} → ${i.findings.map((f) => f.code)}`));
    expect(flagged).toEqual([]);
  });
});

describe("items that are not independently judgeable get the right finding", () => {
  it.each<[string, ItemFindingCode[]]>([
    ["", ["empty"]],
    ["   ", ["empty"]],
    ["wire fee", ["too_short"]],
    ["states " + "the wire cut-off time for outgoing domestic transfers ".repeat(4), ["too_long"]],
    // vague
    ["is helpful and polite", ["vague", "vague", "no_act"]],
    ["responds appropriately to the customer", ["vague"]],
    ["gives clear instructions for the transfer", ["vague"]],
    ["explains the fee accurately", ["vague"]],
    ["gives the correct cut-off time", ["vague"]],
    ["shows empathy about the lost money", ["vague"]],
    ["recommends a reasonable withdrawal amount", ["vague"]],
    ["handles the complaint professionally", ["vague"]],
    // compound
    ["states the fee and offers a waiver", ["compound"]],
    ["states the wire fee; offers to waive it", ["compound"]],
    ["mentions the fee as well as the cut-off", ["compound"]],
    ["states both the fee and the cut-off", ["compound"]],
    ["mentions both fees", ["compound"]],
    ["asks for the account, confirms the amount and offers a transfer", ["compound"]],
    ["states that the wire is sent today and the fee is $25", ["compound"]],
    ["offers a refund and/or a credit", ["compound"]],
    ["states the cut-off or explains the delay", ["compound"]],
    // question
    ["Does the reply mention the wire fee?", ["question"]],
    ["what is the wire cut-off?", ["question"]],
    ["Is the agent asking for identity verification", ["question"]],
    // hedge
    ["explains the wire fee where appropriate", ["hedge"]],
    ["lists the ways to meet the call, etc.", ["hedge"]],
    ["asks for identifying details such as date of birth", ["hedge"]],
    ["mentions the fee if applicable", ["hedge"]],
    ["tries to calm the customer down", ["hedge"]],
    // negated
    ["does not promise a date for the transfer", ["negated"]],
    ["never recommends a security to buy", ["negated"]],
    // cross reference (docs/GOLDEN.md rule 4)
    ["also states the deadline", ["cross_reference"]],
    ["states the deadline as well", ["cross_reference"]],
    ["offers the same as the previous item", ["cross_reference"]],
    // no act (docs/GOLDEN.md rule 2)
    ["the wire fee is $25", ["no_act"]],
    ["wire cut-off of 2 p.m. ET stated", ["no_act"]],
  ])("%j → %j", (text, expected) => {
    expect(codes(text)).toEqual(expected);
  });
});

describe("messages say how to fix the item", () => {
  const message = (text: string, kind?: "must_include" | "must_not_include") => checkItem(text, kind).map((f) => f.message);

  it("a compound item is split into the items to write", () => {
    expect(message("states the fee and offers a waiver")).toEqual(['more than one claim (joined by "and offers"): split into 2 items: "states the fee" and "offers a waiver"']);
    expect(message("asks for the account, confirms the amount and offers a transfer")[0]).toMatch(/split into 3 items: "asks for the account", "confirms the amount" and "offers a transfer"$/);
    expect(message("mentions the fee as well as the cut-off")[0]).toMatch(/"mentions the fee" and "mentions the cut-off"$/);
    expect(message("states that the wire is sent today and the fee is $25")[0]).toMatch(/"states that the wire is sent today" and "states that the fee is \$25"$/);
  });
  it("a question is turned into the statement it asks about", () => {
    expect(message("Does the reply mention the wire fee?")).toEqual(['write a statement about the reply, not a question: "mentions the wire fee"']);
  });
  it("a negated must_include points to must_not_include with the positive act", () => {
    expect(message("does not promise a date", "must_include")).toEqual(['a negated item is hard to judge (a reply that says nothing satisfies it): put the act itself in must_not_include: "promises a date"']);
  });
  it("a vague word is named", () => {
    expect(checkItem("responds appropriately to the customer")).toEqual([
      { code: "vague", match: "appropriately", message: '"appropriately" is a judgement the judge cannot check: name the observable act instead (what the reply states, asks or offers)' },
    ]);
  });
  it("the item itself is never rewritten: checkItem only reports", () => {
    const text = "  is helpful  ";
    checkItem(text);
    expect(text).toBe("  is helpful  ");
  });
});

describe("checkCaseItems", () => {
  it("reports per item with its list and position", () => {
    const r = checkCaseItems({ must_include: ["states the 2 p.m. ET wire cut-off", "is helpful"], must_not_include: ["promises a date"] });
    expect(r.map((i) => [i.kind, i.index, i.findings.map((f) => f.code)])).toEqual([
      ["must_include", 0, []],
      ["must_include", 1, ["too_short", "vague"]],
      ["must_not_include", 0, []],
    ]);
  });
});
