import { describe, expect, it } from "vitest";
import { chosenHome, placementChoice, suggestForDraft } from "./placement-choice";

const fraud = { brief: "There's a withdrawal I didn't make.", must_include: "says the report is being escalated to the fraud team", must_not_include: "", behavior: "" };
const wire = { brief: "If I request a wire at 3:30 pm, when is it sent?", must_include: "states that the outgoing wire cut-off is 2 p.m. ET", must_not_include: "says the 3:30 pm wire will be sent today", behavior: "" };

describe("placement guidance beside the suite selector", () => {
  it("says plainly when the chosen suite differs from the suggestion", () => {
    const p = suggestForDraft({ ...fraud, home: "role:support_desk" })!;
    expect(p.target).toBe("policy");
    expect(placementChoice(p, "role:support_desk")).toEqual({ differs: true, text: "Your choice differs from the suggestion: you chose the role file support_desk, the guidance suggests the policy suite (behaviour escalation)." });
  });

  it("and when it matches", () => {
    const p = suggestForDraft({ ...wire, home: "role:support_desk" })!;
    expect(placementChoice(p, "role:support_desk")).toEqual({ differs: false, text: "Your choice, the role file support_desk, matches the suggestion." });
  });

  it("a desk fact filed under the policy suite differs (no behaviour declared)", () => {
    const p = suggestForDraft({ ...wire, home: "policy" })!;
    expect(placementChoice(p, "policy").differs).toBe(true);
    expect(placementChoice(p, "policy").text).toContain("you chose the policy suite, the guidance suggests a role file");
  });

  it("before a choice it only suggests; before any text there is nothing to suggest", () => {
    const p = suggestForDraft({ ...fraud, home: "" })!;
    expect(placementChoice(p, "")).toEqual({ differs: false, text: "Suggested: the policy suite (behaviour escalation). Choose where the case goes." });
    expect(suggestForDraft({ brief: " ", must_include: "", must_not_include: "\n", home: "policy", behavior: "" })).toBeNull();
  });

  it("a declared behaviour counts only with the policy suite chosen, as the server's check reads it", () => {
    const declared = suggestForDraft({ ...wire, home: "policy", behavior: "no_timeline_promise" })!;
    expect(declared).toMatchObject({ target: "policy", behavior: "no_timeline_promise" });
    expect(suggestForDraft({ ...wire, home: "role:support_desk", behavior: "no_timeline_promise" })!.target).toBe("role");
  });

  it("reads the chosen home", () => {
    expect(chosenHome("policy")).toEqual({ suite: "policy" });
    expect(chosenHome("role:retirement_desk")).toEqual({ suite: "role", role: "retirement_desk" });
    expect(chosenHome("role:Bad Name")).toBeNull();
    expect(chosenHome("")).toBeNull();
  });
});
