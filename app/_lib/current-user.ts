import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { userForSession, type CurrentUser } from "@/db/queries/users";
import type { Capability } from "@/lib/auth/permissions";
import { signInPath } from "@/lib/auth/return-to";
import { clientAddress } from "@/lib/http/forwarded";
import { hashSessionToken, isWellFormedToken, SESSION_COOKIE } from "@/lib/auth/session-token";
import { authorizeUser, type Authorized, type AuthTarget } from "./authorize";

/** The signed-in person of this request (from the assay_session cookie), or null. Everything that records a person uses their email. */
export async function currentUser(): Promise<CurrentUser | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!isWellFormedToken(token)) return null;
  return userForSession(await getDb(), hashSessionToken(token), new Date());
}

/** Pages: the signed-in person, or a redirect to /sign-in (reading any page needs view_workbench). */
export async function requirePageUser(): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) redirect(signInPath((await headers()).get("x-assay-path")));
  return user;
}

export type { Authorized } from "./authorize";

/**
 * The server-side gate of every action and route handler: the person must hold `capability`. A refusal is written to
 * the audit log (who tried what, on which record) and returned as 401/403; hiding a button is not a check.
 */
export async function authorize(capability: Capability, target: AuthTarget): Promise<Authorized> {
  return authorizeUser(await getDb(), await currentUser(), capability, { ...target, address: target.address ?? clientAddress(await headers()) });
}
