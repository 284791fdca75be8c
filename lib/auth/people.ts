import { z } from "zod";
import { checkPasswordPolicy } from "./password";
import { emailSchema, ROLES, rolesSchema, type Role } from "./roles";

// Issue 5: the rules of the People page (lead only). Pure: app/users and db/writes/users call them with what the
// database holds, inside the write's transaction, so two leads editing at once cannot both pass a stale check.

export type Person = { id: number; email: string; roles: readonly Role[] };
export type PeopleRefusal = { ok: false; status: 400 | 404 | 409; error: string };

/** A display name: trimmed, 1–100 characters, no control characters. Rendered as text, never as markup. */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, "enter a name")
  .max(100, "a name has at most 100 characters")
  .refine((s) => !/\p{Cc}/u.test(s), "a name cannot contain control characters");

/** Roles in the table's order (annotator, analyst, lead), so a stored role list never differs by order alone. */
export function canonicalRoles(roles: readonly Role[]): Role[] {
  return ROLES.filter((r) => roles.includes(r));
}

const issues = (e: z.ZodError) => e.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");

/** A role list from a form (checkbox values) or JSON: at least one known role, no repeats. */
export function parseRoles(input: unknown): { ok: true; roles: Role[] } | PeopleRefusal {
  const parsed = rolesSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, error: `roles: ${parsed.error.issues.map((i) => i.message).join("; ")}` };
  return { ok: true, roles: canonicalRoles(parsed.data) };
}

const newPersonSchema = z.object({ email: emailSchema, name: personNameSchema, roles: z.unknown(), password: z.string().max(1024) });

/**
 * A lead adds a person: a valid email nobody has yet (409 otherwise), a name, at least one role, and an initial
 * password held to the password policy (lib/auth/password.ts).
 */
export function checkNewPerson(input: { form: unknown; people: ReadonlyArray<Pick<Person, "email">> }):
  | { ok: true; person: { email: string; name: string; roles: Role[]; password: string } }
  | PeopleRefusal {
  const parsed = newPersonSchema.safeParse(input.form);
  if (!parsed.success) return { ok: false, status: 400, error: issues(parsed.error) };
  const { email, name, password } = parsed.data;
  const roles = parseRoles(parsed.data.roles);
  if (!roles.ok) return roles;
  const policy = checkPasswordPolicy(password, { email });
  if (!policy.ok) return { ok: false, status: 400, error: policy.error };
  if (input.people.some((p) => p.email === email)) return { ok: false, status: 409, error: `someone with the email ${email} already exists` };
  return { ok: true, person: { email, name, roles: roles.roles, password } };
}

/**
 * The last-lead rule: someone must always be able to manage people, so the lead role cannot be taken from the only
 * person who holds it. Returns the refusal message, or null when the change keeps at least one lead.
 */
export function lastLeadRefusal(people: ReadonlyArray<Person>, targetId: number, roles: readonly Role[]): string | null {
  const leadsBefore = people.filter((p) => p.roles.includes("lead"));
  const leadsAfter = people.filter((p) => (p.id === targetId ? roles : p.roles).includes("lead"));
  if (leadsBefore.length > 0 && leadsAfter.length === 0) {
    const target = people.find((p) => p.id === targetId);
    return `${target?.email ?? "this person"} is the last lead: make someone else a lead before removing the lead role`;
  }
  return null;
}

/** A lead changes a person's roles: the person exists (404), the roles are valid (400), differ (400), and a lead remains (409). */
export function checkRoleChange(input: { people: ReadonlyArray<Person>; targetId: number; roles: unknown }): { ok: true; email: string; from: Role[]; to: Role[] } | PeopleRefusal {
  const target = input.people.find((p) => p.id === input.targetId);
  if (!target) return { ok: false, status: 404, error: `no person with id ${input.targetId}` };
  const parsed = parseRoles(input.roles);
  if (!parsed.ok) return parsed;
  const from = canonicalRoles(target.roles);
  if (from.join() === parsed.roles.join()) return { ok: false, status: 400, error: `${target.email} already has exactly these roles` };
  const lastLead = lastLeadRefusal(input.people, input.targetId, parsed.roles);
  if (lastLead) return { ok: false, status: 409, error: lastLead };
  return { ok: true, email: target.email, from, to: parsed.roles };
}

/** A lead sets a new password for a person: the person exists and the password passes the policy for their email. */
export function checkPasswordReset(input: { target: Pick<Person, "email"> | null; password: unknown }): { ok: true; password: string } | PeopleRefusal {
  if (!input.target) return { ok: false, status: 404, error: "no such person" };
  if (typeof input.password !== "string" || input.password.length > 1024) return { ok: false, status: 400, error: "enter the new password" };
  const policy = checkPasswordPolicy(input.password, { email: input.target.email });
  if (!policy.ok) return { ok: false, status: 400, error: policy.error };
  return { ok: true, password: input.password };
}
