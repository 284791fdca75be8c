import { z } from "zod";
import { SPLITS } from "@/lib/pack/vocab";
import { POLICY_BEHAVIORS } from "@/lib/schemas/golden-suite";

// The golden case forms (new case, edit) as zod schemas over FormData entries. They only shape the input (lines into
// items, empty into absent); the case itself is checked by lib/golden (authoredCaseSchema via nextVersion), so the rules
// live in one place.

const text = (max: number) => z.string().max(max, `at most ${max} characters`);
const lines = text(20_000).transform((s) =>
  s
    .split("\n")
    .map((x) => x.trim())
    .filter(Boolean),
);
const optional = (max: number) => text(max).transform((s) => s.trim() || undefined);

const caseFields = {
  brief: text(5000).trim().min(1, "brief: write the customer's message"),
  must_include: lines,
  must_not_include: lines,
  notes: optional(2000),
  split: z.enum(SPLITS, { message: "split: choose dev or eval" }),
  behavior: z.union([z.enum(POLICY_BEHAVIORS), z.literal("")], { message: "behaviour: choose one of the policy behaviours" }).transform((b) => b || undefined),
};

/** "policy" or "role:<role>": where a new case lives. */
const home = z
  .string()
  .regex(/^(policy|role:[a-z][a-z0-9_]*)$/, "suite: choose a role file or the policy suite")
  .transform((h) => (h === "policy" ? { suite: "policy" as const, role: null } : { suite: "role" as const, role: h.slice("role:".length) }));

export const newCaseFormSchema = z.object({
  ...caseFields,
  home,
  id: text(20)
    .trim()
    .regex(/^$|^[a-z]{3}-\d{3}$/, "id: like sup-009, or leave it empty for the next free id")
    .transform((s) => s || undefined),
  change_note: optional(500),
}).refine((f) => f.home.suite !== "policy" || f.behavior !== undefined, { message: "behaviour: choose the behaviour this policy case tests", path: ["behavior"] });

export const editCaseFormSchema = z.object({
  ...caseFields,
  case_id: text(200).min(1),
  base_version: z.coerce.number().int().positive(),
  change_note: text(500).trim().min(1, "change note: say what changed and why"),
});

/** The draft "Check" reads: what placement guidance and item checks need, nothing else required. */
export const draftFormSchema = z.object({
  brief: text(5000),
  must_include: lines,
  must_not_include: lines,
  home: z.string().max(100).optional(),
  behavior: caseFields.behavior.optional(),
});

/** The FormData entries these schemas read (absent fields become "" so a missing field reads as empty). */
export function formEntries(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "")]));
}
export const NEW_CASE_FIELDS = ["brief", "must_include", "must_not_include", "notes", "split", "behavior", "home", "id", "change_note"] as const;
export const EDIT_CASE_FIELDS = ["brief", "must_include", "must_not_include", "notes", "split", "behavior", "case_id", "base_version", "change_note"] as const;

type CaseFields = { brief: string; must_include: string[]; must_not_include: string[]; notes?: string; split: "dev" | "eval"; behavior?: string };

/**
 * The authored case the form describes. A dev case carries no `split` (absent means dev, as in the shipped files), so
 * saving or exporting a dev case never adds `"split": "dev"` lines to golden/.
 */
export function contentOf(f: CaseFields, where: { suite: "role" | "policy"; role: string | null; id: string }): unknown {
  const c = {
    id: where.id,
    ...(where.suite === "policy" ? { behavior: f.behavior } : {}),
    ...(f.split === "eval" ? { split: "eval" } : {}),
    brief: f.brief,
    must_include: f.must_include,
    must_not_include: f.must_not_include,
    ...(f.notes ? { notes: f.notes } : {}),
  };
  return where.suite === "role" ? { suite: "role", role: where.role, case: c } : { suite: "policy", case: c };
}
