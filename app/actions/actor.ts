"use server";
import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { actorNameSchema, ACTOR_COOKIE } from "../_lib/actor-name";
import { fail, ok, type ActionResult } from "../_lib/action-result";

/** The "who are you" field: stores the name in a cookie (no accounts until issue 5). */
export async function setActorAction(_prev: ActionResult<string> | null, form: FormData): Promise<ActionResult<string>> {
  const parsed = z.object({ actor: actorNameSchema }).safeParse({ actor: form.get("actor") });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "invalid name");
  (await cookies()).set(ACTOR_COOKIE, parsed.data.actor, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });
  revalidatePath("/", "layout");
  return ok(parsed.data.actor);
}
