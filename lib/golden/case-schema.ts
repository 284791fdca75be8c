import { z } from "zod";
import type { Split } from "../pack/vocab";
import { POLICY_BEHAVIORS, policyCaseSchema, roleCaseSchema, roleFileSchema, suiteCaseSplit } from "../schemas/golden-suite";

// Issue 5: analysts author role cases and policy behaviours in the browser. The case itself is exactly the golden-suite
// schema's (lib/schemas/golden-suite.ts, reused, not redefined), so an export writes it to golden/ unchanged. The
// authoring wrapper adds only where it lives (suite, role). The split is the case's own `split` field (absent = dev),
// the one the suite files carry, so there is one source of truth: a case is frozen exactly when it is in eval.

export const roleNameSchema = roleFileSchema.shape.role;

export const authoredRoleCaseSchema = z.object({ suite: z.literal("role"), role: roleNameSchema, case: roleCaseSchema }).strict();
export const authoredPolicyCaseSchema = z.object({ suite: z.literal("policy"), case: policyCaseSchema }).strict();
export const authoredCaseSchema = z.discriminatedUnion("suite", [authoredRoleCaseSchema, authoredPolicyCaseSchema]);

export type AuthoredRoleCase = z.infer<typeof authoredRoleCaseSchema>;
export type AuthoredPolicyCase = z.infer<typeof authoredPolicyCaseSchema>;
export type AuthoredCase = z.infer<typeof authoredCaseSchema>;

/**
 * A case being written, before it has an id or a home: what the "where does my case go?" guidance reads. Items may
 * still be rough here; checkItem reports on them and the final case schema enforces the rest.
 */
export const caseDraftSchema = z.object({
  brief: z.string().trim().min(1, "write the customer's message first"),
  must_include: z.array(z.string()).default([]),
  must_not_include: z.array(z.string()).default([]),
  behavior: z.enum(POLICY_BEHAVIORS).optional(),
  role: roleNameSchema.optional(),
});
export type CaseDraft = z.infer<typeof caseDraftSchema>;

/** Stable identity of an authored case across versions: `role:<role>/<id>` or `policy/<id>`. */
export function caseKey(c: Pick<AuthoredRoleCase, "suite" | "role" | "case"> | Pick<AuthoredPolicyCase, "suite" | "case">): string {
  return c.suite === "role" ? `role:${c.role}/${c.case.id}` : `policy/${c.case.id}`;
}

/** The case's split: `eval` only when the case says so (golden-suite.ts). */
export function caseSplit(c: Pick<AuthoredCase, "case">): Split {
  return suiteCaseSplit(c.case);
}

/**
 * Issue 5: cases in the eval split are frozen and cannot be changed in place. golden/suites.lock.json locks their
 * content in git (bin/load/suites-lock.ts); the workbench refuses edits (versioning.ts nextVersion).
 */
export function isFrozen(c: Pick<AuthoredCase, "case">): boolean {
  return caseSplit(c) === "eval";
}

/** The next free id with a prefix ("sup" → "sup-009"), for a case that replaces a frozen one or is new. */
export function nextCaseId(existing: readonly string[], prefix: string): string {
  const used = existing.filter((id) => id.startsWith(`${prefix}-`)).map((id) => Number(id.slice(prefix.length + 1)));
  const next = Math.max(0, ...used.filter(Number.isInteger)) + 1;
  return `${prefix}-${String(next).padStart(3, "0")}`;
}
