"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/session-token";
import type { ActionResult } from "../_lib/action-result";
import { addPerson, changeRoles, liftLock, resetPassword, type Outcome } from "./manage";

// Form actions of the People page. Each one goes through app/users/manage.ts, which checks manage_users on the server.

export type PeopleActionResult = ActionResult<string> & { status: number };

const result = <T,>(r: Outcome<T>, message: (d: T) => string): PeopleActionResult =>
  r.error === null ? { status: r.status, data: message(r.data), error: null } : { status: r.status, data: null, error: r.error };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};
const roles = (form: FormData) => form.getAll("roles").filter((v): v is string => typeof v === "string");

export async function addPersonAction(_prev: PeopleActionResult | null, form: FormData): Promise<PeopleActionResult> {
  const r = await addPerson({ email: text(form, "email"), name: text(form, "name"), roles: roles(form), password: text(form, "password") });
  return result(r, (d) => `Added ${d.email}`);
}

export async function changeRolesAction(_prev: PeopleActionResult | null, form: FormData): Promise<PeopleActionResult> {
  const r = await changeRoles({ userId: text(form, "userId"), roles: roles(form) });
  return result(r, (d) => `${d.email} now has the roles ${d.roles.join(", ")}`);
}

export async function resetPasswordAction(_prev: PeopleActionResult | null, form: FormData): Promise<PeopleActionResult> {
  const r = await resetPassword({ userId: text(form, "userId"), password: text(form, "password") });
  if (r.error === null && r.data.self) {
    // The lead reset their own password: their session ended with the others, so clear the cookie and sign in again.
    (await cookies()).set(SESSION_COOKIE, "", sessionCookieOptions({ secure: (await headers()).get("x-forwarded-proto") === "https", signOut: true }));
    redirect("/sign-in");
  }
  return result(r, (d) => `New password set for ${d.email}; ${d.sessionsEnded} session${d.sessionsEnded === 1 ? "" : "s"} ended`);
}

export async function liftLockAction(_prev: PeopleActionResult | null, form: FormData): Promise<PeopleActionResult> {
  const r = await liftLock({ scope: text(form, "scope"), subject: text(form, "subject") });
  return result(r, (d) => `Lifted the sign-in lock on ${d.scope} ${d.subject}`);
}
