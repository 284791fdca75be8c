import { z } from "zod";

// Issue 5: three roles; a person may hold several. The tuple feeds zod here and the users table's column in db/.
export const ROLES = ["annotator", "analyst", "lead"] as const;
export type Role = (typeof ROLES)[number];

export const roleSchema = z.enum(ROLES);

/** A person's roles: at least one, no repeats (order carries no meaning). */
export const rolesSchema = z
  .array(roleSchema)
  .min(1, "a person needs at least one role")
  .refine((roles) => new Set(roles).size === roles.length, "a role is listed twice");

/** Emails identify people: compared trimmed and lower-cased so "Lead@X" and "lead@x" are one account. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("not an email address"));

/** The signed-in person as the server sees them after loading the session: what permission checks read. */
export const sessionUserSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().min(1)]),
  email: emailSchema,
  roles: rolesSchema,
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
