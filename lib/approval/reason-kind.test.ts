import { describe, expect, it } from "vitest";
import { reasonKind } from "./reason-kind";

describe("flips are grouped by the kind of their reason, not its specifics", () => {
  it("puts reasons that differ only in quoted text or numbers together", () => {
    expect(reasonKind("H5: commitment to '24 hours' (not allowed)")).toBe(reasonKind("H5: commitment to '3 business days' (not allowed)"));
    expect(reasonKind("score 0.91 → 0.40")).toBe(reasonKind("score 0.80 → 0.10"));
  });
  it("keeps different reasons apart", () => {
    expect(reasonKind("H5: commitment to '24 hours' (not allowed)")).not.toBe(reasonKind("H1: account detail 'balance' before verification"));
    expect(reasonKind(null)).toBe("no reason given");
  });
});
