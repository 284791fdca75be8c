"use server";
import { fail, ok, type ActionResult } from "../_lib/action-result";
import { approveBaseline, reviewFlip } from "./approve";

/** Accept (with a note) or reject one pass→fail flip or blocker. Lead only, checked on the server. */
export async function reviewFlipAction(input: unknown): Promise<ActionResult<{ caseKey: string }>> {
  const r = await reviewFlip(input);
  return r.error === null ? ok(r.data) : fail(r.error);
}

/** Approve the candidate as the new baseline (lib/approval decides whether it may be). Lead only, checked on the server. */
export async function approveBaselineAction(input: unknown): Promise<ActionResult<{ approvalId: number }>> {
  const r = await approveBaseline(input);
  return r.error === null ? ok(r.data) : fail(r.error);
}
