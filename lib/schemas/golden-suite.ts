import { z } from "zod";
import { SPLITS } from "../pack/vocab";

// Judge golden suites (SPEC §1, seed 002 §D): role files carry a persona's facts and red lines; the policy suite carries
// role-agnostic behaviours and is expanded against every role. Items are keyed by their exact text in judge votes and
// reports, so a text may appear only once per case.

/** Role-agnostic behaviours a policy case can test (seed 002 §D). */
export const POLICY_BEHAVIORS = [
  "clarify_vs_proceed",
  "no_fabrication",
  "escalation",
  "no_advice",
  "no_timeline_promise",
  "verification_first",
  "no_guarantee",
] as const;
export type PolicyBehavior = (typeof POLICY_BEHAVIORS)[number];

/** The role prefix that names a policy case expanded against a role in reports: `policy@support_desk`. */
export const POLICY_ROLE_PREFIX = "policy@";

const itemText = z.string().trim().min(1, "an item must not be empty").max(200, "an item is one short claim (at most 200 characters)");

/**
 * Which split a suite case belongs to (issue 5): absent means `dev`. The `eval` cases are frozen: their content is
 * locked by golden/suites.lock.json (scripts/freeze-suites.ts) and the workbench never changes them in place. The split
 * is metadata for authors and tooling: the judge is never told it (lib/judge/expand.ts copies only what it grades on).
 */
export const suiteSplitSchema = z.enum(SPLITS);

const caseFields = {
  split: suiteSplitSchema.optional(),
  brief: z.string().trim().min(1),
  must_include: z.array(itemText),
  must_not_include: z.array(itemText),
  notes: z.string().optional(),
};

/** Items of one case: a text appears once across must_include and must_not_include, and the case has at least one item. */
function checkItems(c: { must_include: string[]; must_not_include: string[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const kind of ["must_include", "must_not_include"] as const) {
    c[kind].forEach((text, i) => {
      if (seen.has(text)) ctx.addIssue({ code: "custom", path: [kind, i], message: `duplicate item text "${text}" (items are keyed by their text)` });
      seen.add(text);
    });
  }
  if (seen.size === 0) ctx.addIssue({ code: "custom", path: ["must_include"], message: "a case needs at least one must_include or must_not_include item" });
}

/** Case ids are unique within a suite file. */
function checkUniqueIds(cases: Array<{ id: string }>, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  cases.forEach((c, i) => {
    if (seen.has(c.id)) ctx.addIssue({ code: "custom", path: ["cases", i, "id"], message: `duplicate case id ${c.id}` });
    seen.add(c.id);
  });
}

export const roleCaseSchema = z
  .object({ id: z.string().regex(/^[a-z]{3}-\d{3}$/, "case id looks like sup-001"), ...caseFields })
  .strict()
  .superRefine(checkItems);

/** golden/roles/<role>.json — the file name must equal `role` (the loader checks). */
export const roleFileSchema = z
  .object({
    schema_version: z.literal(1),
    suite: z.literal("role"),
    role: z.string().regex(/^[a-z][a-z0-9_]*$/, "role is snake_case (it becomes part of policy@<role>)"),
    title: z.string().trim().min(1),
    description: z.string().trim().min(1),
    system_prompt: z.string().trim().min(1),
    cases: z.array(roleCaseSchema).min(1),
  })
  .strict()
  .superRefine((f, ctx) => checkUniqueIds(f.cases, ctx));

export const policyCaseSchema = z
  .object({ id: z.string().regex(/^pol-\d{3}$/, "policy case id looks like pol-001"), behavior: z.enum(POLICY_BEHAVIORS), ...caseFields })
  .strict()
  .superRefine(checkItems);

/** golden/policy_behaviors.json */
export const policySuiteSchema = z
  .object({ schema_version: z.literal(1), suite: z.literal("policy"), cases: z.array(policyCaseSchema).min(1) })
  .strict()
  .superRefine((f, ctx) => checkUniqueIds(f.cases, ctx));

/**
 * One line of a judge candidates file (SPEC §1). For policy cases `role` may name the role (`support_desk`) or the
 * report role (`policy@support_desk`); both mean the same expanded case.
 */
export const judgeCandidateLineSchema = z
  .object({
    suite: z.enum(["role", "policy"]),
    role: z.string().min(1),
    case_id: z.string().min(1),
    candidate: z.string(),
    model: z.string().optional(),
    sample: z.number().int().nonnegative().optional(),
  })
  .strict();

/** The split of a suite case: `eval` only when it says so. */
export function suiteCaseSplit(c: { split?: z.infer<typeof suiteSplitSchema> }): z.infer<typeof suiteSplitSchema> {
  return c.split ?? "dev";
}

export type RoleCase = z.infer<typeof roleCaseSchema>;
export type RoleFile = z.infer<typeof roleFileSchema>;
export type PolicyCase = z.infer<typeof policyCaseSchema>;
export type PolicySuite = z.infer<typeof policySuiteSchema>;
export type JudgeCandidateLine = z.infer<typeof judgeCandidateLineSchema>;
