"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { deleteRun, RunInHistoryError } from "@/db/writes/delete-run";
import { NotFoundError } from "@/db/writes/labels";
import { authorize } from "../_lib/current-user";
import { fail, ok, type ActionResult } from "../_lib/action-result";

export async function deleteRunAction(input: unknown): Promise<ActionResult<{ runId: number }>> {
  const parsed = z.object({ runId: z.number().int().positive() }).safeParse(input);
  if (!parsed.success) return fail("invalid run id");
  // Issue 20: a lead's call; refused (and audited) for anyone else, whatever the page showed them.
  const auth = await authorize("delete_run", { action: "run.delete", entity: "run", entityId: String(parsed.data.runId) });
  if (!auth.ok) return fail(auth.error);
  try {
    await deleteRun(await getDb(), { runId: parsed.data.runId, actor: auth.user.email });
  } catch (e) {
    if (e instanceof NotFoundError || e instanceof RunInHistoryError) return fail(e.message);
    throw e;
  }
  revalidatePath("/");
  return ok({ runId: parsed.data.runId });
}
