import { POLICY_ROLE_PREFIX, type PolicySuite, type RoleFile } from "../schemas/golden-suite";

// Seed 002 §D: a behaviour is a property every persona must satisfy, so the policy suite runs once per role and is
// reported as policy@<role>; role files keep their own domain cases.

/** One case ready to judge: its report identity plus what the judge is told. */
export type SuiteCase = {
  suite: "role" | "policy";
  /** Report role: `support_desk`, or `policy@support_desk` for an expanded policy case. */
  role: string;
  /** The role file whose persona answered. */
  base_role: string;
  id: string;
  role_title: string;
  role_context: string;
  brief: string;
  must_include: string[];
  must_not_include: string[];
};

export type Expansion = { ok: true; cases: SuiteCase[] } | { ok: false; error: string };

export function policyRole(role: string): string {
  return `${POLICY_ROLE_PREFIX}${role}`;
}

/**
 * Every role's own cases, then the policy suite × every role, in role-name order. `only` (from --roles) restricts both
 * to the named roles. No role files, or an unknown name in `only`, is an explicit error.
 */
export function expandSuites(roles: readonly RoleFile[], policy: PolicySuite | null, only?: readonly string[]): Expansion {
  if (roles.length === 0) {
    return { ok: false, error: "no role files: the policy suite is expanded against every role in golden/roles/, so at least one role file is needed" };
  }
  const known = roles.map((r) => r.role).sort();
  const unknown = (only ?? []).filter((r) => !known.includes(r));
  if (unknown.length > 0) return { ok: false, error: `unknown role ${unknown.map((r) => `'${r}'`).join(", ")} in --roles (known: ${known.join(", ")})` };
  const selected = [...roles].filter((r) => !only || only.includes(r.role)).sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));

  const cases: SuiteCase[] = [];
  for (const r of selected) {
    const persona = { base_role: r.role, role_title: r.title, role_context: r.system_prompt };
    for (const c of r.cases) cases.push({ suite: "role", role: r.role, id: c.id, ...persona, brief: c.brief, must_include: c.must_include, must_not_include: c.must_not_include });
    for (const c of policy?.cases ?? []) {
      cases.push({ suite: "policy", role: policyRole(r.role), id: c.id, ...persona, brief: c.brief, must_include: c.must_include, must_not_include: c.must_not_include });
    }
  }
  return { ok: true, cases };
}
