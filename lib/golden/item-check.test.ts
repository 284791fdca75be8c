import { describe, expect, it } from "vitest";
import { checkCaseItems, checkItem, suiteItemProblems, type ItemFindingCode, type ItemKind } from "./item-check";

const codes = (text: string) => checkItem(text).map((f) => f.code);

// The examples of both former checkers: this file's and those of the removed judge lint (lib/judge/item-lint.ts, which
// the golden suite test used before it switched to this check). Shipped suite items: golden/judge-suites.test.ts.
const JUDGEABLE = [
  "states that the outgoing wire cut-off is 2 p.m. ET",
  "asks the customer to verify their identity",
  "asks whether the customer means a deposit, a withdrawal or a transfer", // alternatives inside one act
  'lists "deposit funds, deposit marginable securities, or close positions" as the ways to meet the call', // quoted list
  "suggests consulting a tax professional or financial advisor", // "tax professional" is a role, not a judgement
  "states that the customer's figure is not correct", // a checkable fact about the figure
  "explains that the customer can withdraw to their own bank and pay the landlord from there",
  "promises the time of day the wire will arrive at the receiving bank",
  "states that Zoomberg accepts wires and checks", // nouns after "and", not a second act
  // from the removed judge lint's tests
  "offers to send the IRA distribution form",
  "states a specific balance figure",
];

const NOT_JUDGEABLE: Array<[string, ItemFindingCode[]]> = [
  ["", ["empty"]],
  ["   ", ["empty"]],
  ["wire fee", ["too_short"]],
  ["Cut-off stated", ["too_short"]], // judge lint: not a third-person act
  ["states " + "the wire cut-off time for outgoing domestic transfers ".repeat(4), ["too_long"]],
  // vague
  ["is helpful and polite", ["vague", "vague", "no_act"]],
  ["is helpful and accurate", ["vague", "vague", "no_act"]], // judge lint
  ["responds appropriately to the customer", ["vague"]],
  ["gives an appropriate answer", ["vague"]], // judge lint
  ["keeps a professional tone", ["vague"]], // judge lint
  ["gives clear instructions for the transfer", ["vague"]],
  ["explains the fee accurately", ["vague"]],
  ["gives the correct cut-off time", ["vague"]],
  ["shows empathy about the lost money", ["vague"]],
  ["recommends a reasonable withdrawal amount", ["vague"]],
  ["handles the complaint professionally", ["vague"]],
  ["states the well-known rule for wires", ["vague"]], // a judgement word inside a hyphenated compound (judge lint)
  // compound
  ["states the fee and offers a waiver", ["compound"]],
  ["states the cut-off and offers to send the wire form", ["compound"]], // judge lint
  ["states the fee while offers a waiver", ["compound"]], // "while <act>" (judge lint)
  ["states the fee and also the cut-off", ["compound"]], // "and also" without a second act (judge lint)
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
  ["does not mention the balance", ["negated"]], // judge lint
  ["never recommends a security to buy", ["negated"]],
  ["refrains from speculating about interest rates", ["negated"]], // judge lint: "refrains"
  // cross reference (docs/GOLDEN.md rule 4)
  ["also states the deadline", ["cross_reference"]], // also judge lint
  ["states the deadline as well", ["cross_reference"]],
  ["offers the same as the previous item", ["cross_reference"]],
  ["states that the wire fee is the same as last year", ["cross_reference"]], // any "same as" (judge lint)
  // no act (docs/GOLDEN.md rule 2)
  ["the wire fee is $25", ["no_act"]],
  ["wire cut-off of 2 p.m. ET stated", ["no_act"]],
];

describe("items that are one judgeable claim pass", () => {
  it.each(JUDGEABLE)("%s", (text) => {
    expect(checkItem(text)).toEqual([]);
  });

  it.each([
    "states that a deposited check takes five business days to clear",
    "explains that selling before the purchase settles is a good-faith violation",
    "asks about the customer's well-being after the loss",
    'says "we handled your transfer properly" to the customer',
  ])("a judgement word in a domain term, a plain fact or the reply's quoted words is not vague: %s", (text) => {
    expect(checkItem(text)).toEqual([]);
  });
});

describe("items that are not independently judgeable get the right finding", () => {
  it.each(NOT_JUDGEABLE)("%j → %j", (text, expected) => {
    expect(codes(text)).toEqual(expected);
  });
});

describe("the golden suite test rejects an item exactly when the authoring form shows it a finding", () => {
  const examples: Array<[string, ItemFindingCode[]]> = [...JUDGEABLE.map((t): [string, ItemFindingCode[]] => [t, []]), ...NOT_JUDGEABLE];
  const cases = examples.flatMap(([text, expected]) => (["must_include", "must_not_include"] as const).map((kind): [string, ItemKind, ItemFindingCode[]] => [text, kind, expected]));

  it.each(cases)("%j in %s: every golden-test rejection is a finding in the form, and the other way round", (text, kind) => {
    const c = { id: "sup-999", must_include: kind === "must_include" ? [text] : [], must_not_include: kind === "must_not_include" ? [text] : [] };
    const rejected = suiteItemProblems([c]);
    const shown = checkCaseItems(c).flatMap((i) => i.findings);
    expect(rejected).toHaveLength(shown.length);
    shown.forEach((f, i) => expect(rejected[i]).toContain(`${kind}[0] "${text}": ${f.code}: ${f.message}`));
  });

  it.each(NOT_JUDGEABLE)("an item either former checker flagged fails the golden suite test: %j", (text) => {
    expect(suiteItemProblems([{ id: "pol-999", must_include: [text], must_not_include: [] }])).not.toEqual([]);
  });

  it("the golden suite test names the case, the list and position, the item and the fix", () => {
    expect(suiteItemProblems([{ id: "sup-999", must_include: ["states the 2 p.m. ET wire cut-off"], must_not_include: ["does not promise a date"] }])).toEqual([
      'sup-999 must_not_include[0] "does not promise a date": negated: a negated must_not_include item is a double negative (it would forbid not doing it): keep it in must_not_include as the act itself: "promises a date"',
    ]);
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
  it('"and also" without a second act is split with the first act repeated', () => {
    expect(message("states the fee and also the cut-off")).toEqual(['more than one claim (joined by "and also"): split into 2 items: "states the fee" and "states the cut-off"']);
  });
  it('"same as" asks for the fact itself, since the judge sees neither the other item nor the brief', () => {
    expect(message("states that the wire fee is the same as last year")[0]).toMatch(/^"same as" compares with something the judge does not see .*: state the fact itself/);
  });
  it("a question is turned into the statement it asks about", () => {
    expect(message("Does the reply mention the wire fee?")).toEqual(['write a statement about the reply, not a question: "mentions the wire fee"']);
  });
  it("a negated must_not_include item is kept in must_not_include as the act itself, never moved to must_include", () => {
    expect(message("does not make up a number", "must_not_include")).toEqual(['a negated must_not_include item is a double negative (it would forbid not doing it): keep it in must_not_include as the act itself: "makes up a number"']);
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
