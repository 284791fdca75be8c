"use server";
import { revalidatePath } from "next/cache";
import { fail, ok, type ActionResult } from "../_lib/action-result";
import { reviewFlips } from "./bulk-review";

/** Accept (with one note) or reject the chosen pass→fail flips and blockers, each recorded as its own review. Lead only. */
export async function reviewFlipsAction(input: unknown): Promise<ActionResult<{ caseKeys: string[] }>> {
  const r = await reviewFlips(input);
  if (r.error !== null) return fail(r.error);
  revalidatePath("/compare");
  return ok(r.data);
}
