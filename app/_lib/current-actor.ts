import "server-only";
import { cookies } from "next/headers";
import { actorNameSchema, ACTOR_COOKIE, DEFAULT_ACTOR } from "./actor-name";

/**
 * Who is making this request. There are no accounts yet (issue 5 adds them): the name comes from the "who are you"
 * field, kept in a cookie, default "annotator". Everything that records a person goes through this one function, so
 * issue 5 replaces it and nothing else.
 */
export async function currentActor(): Promise<string> {
  const raw = (await cookies()).get(ACTOR_COOKIE)?.value;
  const parsed = actorNameSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_ACTOR;
}
