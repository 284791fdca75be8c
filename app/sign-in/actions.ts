"use server";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { deleteSession } from "@/db/writes/users";
import { hashSessionToken, isWellFormedToken, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/session-token";
import { safeReturnPath } from "@/lib/auth/return-to";
import { fail, type ActionResult } from "../_lib/action-result";
import { currentUser } from "../_lib/current-user";
import { requestIsHttps as secure, signInFromRequest } from "../_lib/sign-in-request";

/**
 * Email + password → a new session in an httpOnly SameSite=Lax cookie, then the page asked for. One message for every
 * wrong email or password; too many attempts on the account or from the address are refused until the lock ends.
 */
export async function signInAction(_prev: ActionResult<null> | null, form: FormData): Promise<ActionResult<null>> {
  const r = await signInFromRequest(form.get("email"), form.get("password"));
  if (!r.ok) return fail(r.error);
  (await cookies()).set(SESSION_COOKIE, r.token, sessionCookieOptions({ secure: await secure() }));
  redirect(safeReturnPath(form.get("next")));
}

/** Deletes the session row and clears the cookie (Max-Age=0). */
export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  if (isWellFormedToken(token)) await deleteSession(await getDb(), { tokenHash: hashSessionToken(token), email: (await currentUser())?.email ?? null });
  jar.set(SESSION_COOKIE, "", sessionCookieOptions({ secure: await secure(), signOut: true }));
  redirect("/sign-in");
}
