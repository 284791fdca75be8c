import { describe, expect, it } from "vitest";
import { itemProblems } from "./item-lint";

describe("items are one independently judgeable yes/no claim", () => {
  it.each([
    "offers to send the IRA distribution form",
    "states a specific balance figure",
    "states that the outgoing wire cut-off is 2 p.m. ET",
    "asks whether the customer means a deposit, a withdrawal or a transfer",
  ])("accepts %j", (item) => {
    expect(itemProblems(item)).toEqual([]);
  });

  it.each([
    ["is helpful and accurate", /vague/],
    ["gives an appropriate answer", /vague/],
    ["keeps a professional tone", /vague/],
    ["states the cut-off and offers to send the wire form", /two claims/],
    ["does not mention the balance", /negative item/],
    ["also states the deadline", /another item/],
    ["Cut-off stated", /third person/],
  ])("flags %j", (item, problem) => {
    expect(itemProblems(item).join("; ")).toMatch(problem);
  });
});
