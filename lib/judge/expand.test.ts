import { describe, expect, it } from "vitest";
import { makePolicySuite, makeRoleFile } from "../testing/judge-factories";
import { expandSuites } from "./expand";

const roles = [makeRoleFile("support_desk", ["sup-001", "sup-002"]), makeRoleFile("retirement_desk", ["ret-001"])];
const policy = makePolicySuite(["pol-001", "pol-002"]);
const keys = (r: ReturnType<typeof expandSuites>) => (r.ok ? r.cases.map((c) => `${c.role}/${c.id}`) : r.error);

describe("policy suite expansion (seed 002 §D)", () => {
  it("expands the policy suite against every discovered role as policy@<role>, after each role's own cases", () => {
    expect(keys(expandSuites(roles, policy))).toEqual([
      "retirement_desk/ret-001",
      "policy@retirement_desk/pol-001",
      "policy@retirement_desk/pol-002",
      "support_desk/sup-001",
      "support_desk/sup-002",
      "policy@support_desk/pol-001",
      "policy@support_desk/pol-002",
    ]);
  });

  it("a policy case judged as a role carries that role's persona and the policy items", () => {
    const r = expandSuites(roles, policy);
    const c = r.ok ? r.cases.find((x) => x.role === "policy@support_desk" && x.id === "pol-001") : undefined;
    expect(c).toMatchObject({ suite: "policy", base_role: "support_desk", role_context: "You are the support_desk agent.", must_not_include: ["states an invented figure pol-001"] });
  });

  it("--roles restricts both the role suites and the policy expansion to the named roles", () => {
    expect(keys(expandSuites(roles, policy, ["support_desk"]))).toEqual([
      "support_desk/sup-001",
      "support_desk/sup-002",
      "policy@support_desk/pol-001",
      "policy@support_desk/pol-002",
    ]);
  });

  it("an unknown name in --roles is an error naming the known roles", () => {
    expect(keys(expandSuites(roles, policy, ["support_desk", "ecommerce"]))).toBe("unknown role 'ecommerce' in --roles (known: retirement_desk, support_desk)");
  });

  it("zero role files is a clear error, not an empty run", () => {
    const r = expandSuites([], policy);
    expect(r.ok).toBe(false);
    expect(keys(r)).toMatch(/^no role files: the policy suite is expanded against every role in golden\/roles\//);
  });
});
