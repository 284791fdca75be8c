"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { findUserByEmail } from "@/db/queries/users";
import { createSession, deleteSession } from "@/db/writes/users";
import { hashSessionToken, isWellFormedToken, newSessionToken, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/session-token";
import { safeReturnPath } from "@/lib/auth/return-to";
import { SIGN_IN_FAILED, signInFormSchema, verifySignIn } from "@/lib/auth/sign-in";
import { fail, type ActionResult } from "../_lib/action-result";
import { currentUser } from "../_lib/current-user";

async function secure(): Promise<boolean> {
  return (await headers()).get("x-forwarded-proto") === "https";
}

/** Email + password → a new session in an httpOnly SameSite=Lax cookie, then the page asked for. One message for every failure. */
export async function signInAction(_prev: ActionResult<null> | null, form: FormData): Promise<ActionResult<null>> {
  const parsed = signInFormSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) return fail(SIGN_IN_FAILED);
  const db = getDb();
  const user = findUserByEmail(db, parsed.data.email);
  if (!(await verifySignIn(parsed.data.password, user?.passwordHash ?? null)) || !user) return fail(SIGN_IN_FAILED);
  const token = newSessionToken();
  createSession(db, { userId: user.id, tokenHash: hashSessionToken(token), email: user.email, now: new Date() });
  (await cookies()).set(SESSION_COOKIE, token, sessionCookieOptions({ secure: await secure() }));
  redirect(safeReturnPath(form.get("next")));
}

/** Deletes the session row and clears the cookie (Max-Age=0). */
export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  if (isWellFormedToken(token)) deleteSession(getDb(), { tokenHash: hashSessionToken(token), email: (await currentUser())?.email ?? null });
  jar.set(SESSION_COOKIE, "", sessionCookieOptions({ secure: await secure(), signOut: true }));
  redirect("/sign-in");
}
