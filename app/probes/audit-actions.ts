"use server";
import { fail, ok, type ActionResult } from "../_lib/action-result";
import { promoteItem } from "../runs/audit";

/** Promote a labelled audit item to a probe (analyst or lead; the server checks, the button only hides). */
export async function promoteAuditItemAction(input: unknown): Promise<ActionResult<{ probeId: string }>> {
  const r = await promoteItem(input);
  return r.error === null ? ok(r.data) : fail(r.error);
}
