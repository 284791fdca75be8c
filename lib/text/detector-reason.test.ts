import { describe, expect, it } from "vitest";
import { reasonWithCode } from "./detector-reason";

describe("a detector's reason names its code once", () => {
  it("does not repeat a code the reason already starts with", () => {
    expect(reasonWithCode("H5", "H5: commitment to '24 hours' (not allowed)")).toBe("H5: commitment to '24 hours' (not allowed)");
    expect(reasonWithCode("H1", "H1: states an amount as the customer's", "cleared")).toBe("H1 cleared: states an amount as the customer's");
  });
  it("adds the code to a reason without one", () => {
    expect(reasonWithCode("H4", "one option only")).toBe("H4: one option only");
  });
});
