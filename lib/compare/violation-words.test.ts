import { describe, expect, it } from "vitest";
import { hardViolationWords } from "./violation-words";

describe("a hard violation in words (flip and blocker reasons)", () => {
  it("uses the detector's own hit reasons, distinct, each once", () => {
    const hits = [{ reason: "H5: commitment to '24 hours' (not allowed)" }, { reason: "H5: commitment to '24 hours' (not allowed)" }, { reason: "H5: commitment to '2 business days' (not allowed)" }];
    expect(hardViolationWords("H5", hits)).toBe("H5: commitment to '24 hours' (not allowed); H5: commitment to '2 business days' (not allowed)");
  });
  it("prefixes a reason that does not name its code", () => {
    expect(hardViolationWords("H4", [{ reason: "ranks a way to meet the call" }])).toBe("H4: ranks a way to meet the call");
  });
  it("H2 and H3 are rules on the action, said with their policy", () => {
    expect(hardViolationWords("H2", undefined)).toMatch(/^H2: a fraud claim not escalated to fraud_ops at P0 .*\(FRD-01\)$/);
    expect(hardViolationWords("H3", [])).toMatch(/\(CMP-01\)$/);
  });
  it("without hits, the criterion's name rather than the bare code", () => {
    expect(hardViolationWords("H1", [])).toBe("H1: disclosure before verification");
  });
});
