import { describe, expect, it } from "vitest";
import { makeOutput, makePack, makeTarget } from "../testing/factories";
import { explainComponents } from "./explain";

describe("explainComponents", () => {
  it("names a wrong action type as the reason destination scores 0", () => {
    const why = explainComponents(makeOutput({ type: "escalate", queue: null, escalate_to: "supervisor" }), makeTarget(), makePack());
    expect(why.destination).toMatch(/wrong action type/);
  });

  it("names a forbidden flag and an unknown policy id", () => {
    const why = explainComponents(makeOutput({ flags: ["regulatory_complaint"], policy_ids: ["XYZ-99"] }), makeTarget({ forbidden_flags: ["regulatory_complaint"] }), makePack());
    expect(why.flags).toMatch(/forbidden flag emitted \(regulatory_complaint\)/);
    expect(why.policy_citation).toMatch(/XYZ-99, not in the pack/);
  });

  it("lists the must-ask keys asked and missed", () => {
    const out = makeOutput({}, "Could you confirm your date of birth?");
    const why = explainComponents(out, makeTarget({ must_ask: ["identity_verification", "statement_date"] }), makePack());
    expect(why.must_ask).toBe("asked 1/2: asked [identity_verification], not asked [statement_date]");
  });
});
