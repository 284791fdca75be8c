"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { redeemSetupToken } from "@/db/writes/setup-token";
import { hashSessionToken, newSessionToken, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/session-token";
import { clientAddress } from "@/lib/http/forwarded";
import { fail, type ActionResult } from "../_lib/action-result";

/**
 * The one-time setup form (docs/ACCOUNTS.md, first start): redeems the printed token, creating the first lead, deleting
 * the token and signing them in, all in one transaction. Refusals come back as messages (and are audited).
 */
export async function redeemSetupAction(_prev: ActionResult<null> | null, form: FormData): Promise<ActionResult<null>> {
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  if (field("password") !== field("password2")) return fail("the two passwords differ: type the same password twice");
  const token = newSessionToken();
  const r = await redeemSetupToken(await getDb(), {
    form: { token: field("token"), email: field("email"), name: field("name"), password: field("password") },
    sessionTokenHash: hashSessionToken(token),
    now: new Date(),
    address: clientAddress(await headers()),
  });
  if (!r.ok) return fail(r.error);
  (await cookies()).set(SESSION_COOKIE, token, sessionCookieOptions({ secure: (await headers()).get("x-forwarded-proto") === "https" }));
  redirect("/");
}
