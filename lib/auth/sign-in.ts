import { z } from "zod";
import { verifyPassword } from "./password";
import { emailSchema } from "./roles";

// Issue 5: sign-in by email and password. One message for an unknown email and a wrong password, and the same KDF
// work for both, so neither the page nor its timing tells an attacker which emails have accounts.

export const signInFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "enter your password").max(1024),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const SIGN_IN_FAILED = "wrong email or password";

// A hash of a random password nobody knows, with today's parameters: verified against when the email is unknown.
const DUMMY_HASH = "scrypt$32768$8$1$Io4MrBNCQCjAgBfVpqf-Og$T2mKlalU7kpbyBHwvNUxg2vEnOnEJ1VALyYXZE8EFFc";

/** True iff the person exists (`stored` non-null) and the password matches; an unknown person still costs one KDF run. */
export async function verifySignIn(password: string, stored: string | null): Promise<boolean> {
  const ok = await verifyPassword(password, stored ?? DUMMY_HASH);
  return stored !== null && ok;
}
