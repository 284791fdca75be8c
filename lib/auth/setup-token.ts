import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { checkPasswordPolicy } from "./password";
import { emailSchema } from "./roles";
import { hashSessionToken, isWellFormedToken, newSessionToken } from "./session-token";

// Issue 5: the one-time prompt path. At a start with no people and no ASSAY_FIRST_LEAD_*, the server makes a token,
// stores its hash, and prints a /setup link; the first person to redeem it becomes the lead and the token is deleted.
export const SETUP_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** A fresh setup token and the hash to store (the token itself is only printed to the server console). */
export function newSetupToken(now: Date): { token: string; token_hash: string; expires_at: string } {
  const token = newSessionToken();
  return { token, token_hash: hashSessionToken(token), expires_at: new Date(now.getTime() + SETUP_TOKEN_LIFETIME_MS).toISOString() };
}

export const setupFormSchema = z.object({
  token: z.string(),
  email: emailSchema,
  name: z.string().trim().min(1, "enter a name").max(100),
  password: z.string(),
});
export type SetupForm = z.infer<typeof setupFormSchema>;

export type SetupRedemption =
  | { ok: true; user: { email: string; name: string; roles: ["lead"]; password: string } }
  | { ok: false; status: 400 | 403 | 409; error: string };

/**
 * Checks a setup form against the stored token: refused once anyone exists (409), on a missing, wrong or expired
 * token (403, one message for all three so the page leaks nothing), or a password the policy rejects (400).
 */
export function checkSetupRedemption(input: { form: unknown; stored: { token_hash: string; expires_at: string } | null; usersExist: boolean; now: Date }): SetupRedemption {
  if (input.usersExist) return { ok: false, status: 409, error: "setup is closed: the first lead already exists, sign in instead" };
  const form = setupFormSchema.safeParse(input.form);
  if (!form.success) return { ok: false, status: 400, error: form.error.issues.map((i) => i.message).join("; ") };
  const { token, email, name, password } = form.data;
  const denied = { ok: false, status: 403, error: "this setup link is not valid (it may have expired): restart the server for a new one" } as const;
  if (!input.stored || !isWellFormedToken(token)) return denied;
  const presented = Buffer.from(hashSessionToken(token), "hex");
  const stored = Buffer.from(input.stored.token_hash, "hex");
  if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) return denied;
  const expires = Date.parse(input.stored.expires_at);
  if (Number.isNaN(expires) || input.now.getTime() >= expires) return denied;
  const policy = checkPasswordPolicy(password, { email });
  if (!policy.ok) return { ok: false, status: 400, error: policy.error };
  return { ok: true, user: { email, name, roles: ["lead"], password } };
}
