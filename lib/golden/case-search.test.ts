import { describe, expect, it } from "vitest";
import { caseMatches } from "./case-search";

const c = { id: "sup-003", suite: "role", role: "support_desk", behavior: "", brief: "If I request a wire at 3:30 pm, when is it sent?", must_include: ["states that the outgoing wire cut-off is 2 p.m. ET"], must_not_include: ["promises the time of day the wire will arrive"] };

describe("searching golden cases", () => {
  it.each([
    ["", true],
    ["wire", true],
    ["WIRE cut-off", true], // case-insensitive, every term, any order
    ["sup-003", true],
    ["support_desk 3:30", true],
    ["wire rollover", false], // one term missing
    ["margin", false],
  ])("%j → %s", (q, kept) => {
    expect(caseMatches(c, q)).toBe(kept);
  });
  it("items count as well as the brief", () => {
    expect(caseMatches(c, "arrive")).toBe(true);
  });
});
