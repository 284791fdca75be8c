import "server-only";
import { headers } from "next/headers";
import { getDb } from "@/db/index";
import { signIn, type SignInOutcome } from "@/db/writes/sign-in";
import { clientAddress } from "@/lib/http/forwarded";
import { throttleConfigFromEnv } from "@/lib/auth/throttle";

// The sign-in form's action and POST /api/sign-in share this: the client's address as proxy.ts left it (issue 20),
// the throttle as the environment sets it (docs/ACCOUNTS.md), and db/writes/sign-in.ts for the rest.

/** Email and password from this request, throttled per account and per address. */
export async function signInFromRequest(email: unknown, password: unknown): Promise<SignInOutcome> {
  const h = await headers();
  return signIn(await getDb(), { email, password, address: clientAddress(h), cfg: throttleConfigFromEnv(process.env) });
}

/** Whether the connection (or the trusted proxy in front) is https: the session cookie is then Secure. */
export async function requestIsHttps(): Promise<boolean> {
  return (await headers()).get("x-forwarded-proto") === "https";
}
