"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { deleteRun } from "@/db/writes/delete-run";
import { NotFoundError } from "@/db/writes/labels";
import { currentActor } from "../_lib/current-actor";
import { fail, ok, type ActionResult } from "../_lib/action-result";

export async function deleteRunAction(input: unknown): Promise<ActionResult<{ runId: number }>> {
  const parsed = z.object({ runId: z.number().int().positive() }).safeParse(input);
  if (!parsed.success) return fail("invalid run id");
  try {
    deleteRun(getDb(), { runId: parsed.data.runId, actor: await currentActor() });
  } catch (e) {
    if (e instanceof NotFoundError) return fail(e.message);
    throw e;
  }
  revalidatePath("/");
  return ok({ runId: parsed.data.runId });
}
