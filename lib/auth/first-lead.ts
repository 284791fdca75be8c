import { z } from "zod";
import { DEMO_PASSWORD, DEMO_PEOPLE } from "./demo";
import { checkPasswordPolicy } from "./password";
import { emailSchema, type Role } from "./roles";

// Issue 5: the first lead comes from the environment or a one-time setup token; never from a default password
// outside demo mode. Demo mode (ASSAY_DEMO=1) is an explicit opt-in, whatever NODE_ENV says (npm run serve is
// a production build, and the README's demo line runs it).

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v));

/** The variables first start reads; anything else in the environment is ignored. Blank counts as unset. */
export const firstStartEnvSchema = z.object({
  ASSAY_FIRST_LEAD_EMAIL: optional,
  ASSAY_FIRST_LEAD_PASSWORD: optional,
  ASSAY_FIRST_LEAD_NAME: optional,
  ASSAY_DEMO: optional.pipe(z.enum(["1", "true", "0", "false"], "ASSAY_DEMO must be 1 (demo mode) or unset").optional()),
});
export type FirstStartEnv = z.infer<typeof firstStartEnvSchema>;

export type PlannedUser = { email: string; name: string; roles: Role[]; password: string };

export type FirstStartPlan =
  | { action: "none"; reason: string }
  | { action: "create"; source: "env" | "demo"; users: PlannedUser[]; notice: string }
  | { action: "setup_token"; notice: string }
  | { action: "error"; error: string };

/**
 * What to do at start-up. People exist → nothing (first start ran; the variables are never re-applied). Otherwise:
 * demo mode → the demo people (plus the env lead if given); ASSAY_FIRST_LEAD_EMAIL + _PASSWORD → that lead, the
 * password held to the policy; neither → issue a one-time setup token. Bad or half-set variables → an error naming them.
 */
export function planFirstStart(input: { env: Record<string, string | undefined>; usersExist: boolean }): FirstStartPlan {
  const parsed = firstStartEnvSchema.safeParse(input.env);
  if (!parsed.success) return { action: "error", error: parsed.error.issues.map((i) => i.message).join("; ") };
  const env = parsed.data;
  const demo = env.ASSAY_DEMO === "1" || env.ASSAY_DEMO === "true";

  if (input.usersExist) {
    const ignored = env.ASSAY_FIRST_LEAD_EMAIL || env.ASSAY_FIRST_LEAD_PASSWORD ? " (ASSAY_FIRST_LEAD_* is ignored: manage people in the app)" : "";
    return { action: "none", reason: `people already exist, so first start has nothing to do${ignored}` };
  }

  const lead = envLead(env);
  if (lead && "error" in lead) return { action: "error", error: lead.error };

  if (demo) {
    const people: PlannedUser[] = DEMO_PEOPLE.map((p) => ({ email: p.email, name: p.name, roles: [...p.roles], password: DEMO_PASSWORD }));
    if (lead && people.some((p) => p.email === lead.email)) return { action: "error", error: `ASSAY_FIRST_LEAD_EMAIL ${lead.email} is a demo address: pick another` };
    return {
      action: "create",
      source: "demo",
      users: lead ? [...people, lead] : people,
      notice: `DEMO MODE: created ${people.map((p) => p.email).join(", ")} with the published password "${DEMO_PASSWORD}". Do not expose this server.`,
    };
  }
  if (lead) return { action: "create", source: "env", users: [lead], notice: `created the first lead ${lead.email} from ASSAY_FIRST_LEAD_EMAIL` };
  return {
    action: "setup_token",
    notice: "no people yet: open the one-time setup link printed below to create the first lead (or set ASSAY_FIRST_LEAD_EMAIL and ASSAY_FIRST_LEAD_PASSWORD and restart)",
  };
}

function envLead(env: FirstStartEnv): PlannedUser | { error: string } | null {
  const { ASSAY_FIRST_LEAD_EMAIL: rawEmail, ASSAY_FIRST_LEAD_PASSWORD: password } = env;
  if (!rawEmail && !password) return null;
  if (!rawEmail) return { error: "ASSAY_FIRST_LEAD_PASSWORD is set but ASSAY_FIRST_LEAD_EMAIL is not: set both or neither" };
  if (!password) return { error: "ASSAY_FIRST_LEAD_EMAIL is set but ASSAY_FIRST_LEAD_PASSWORD is not: set both or neither (there is no default password)" };
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) return { error: `ASSAY_FIRST_LEAD_EMAIL ${JSON.stringify(rawEmail)} is not an email address` };
  const policy = checkPasswordPolicy(password, { email: email.data });
  if (!policy.ok) return { error: `ASSAY_FIRST_LEAD_PASSWORD: ${policy.error}` };
  return { email: email.data, name: env.ASSAY_FIRST_LEAD_NAME?.trim() ?? "First lead", roles: ["lead"], password };
}
