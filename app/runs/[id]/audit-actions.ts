"use server";
import { fail, ok, type ActionResult } from "../../_lib/action-result";
import { startRunAudit } from "../audit";

/** The run report's "Start an audit" button: the same path as POST /api/runs/:id/audit. */
export async function startAuditAction(input: unknown): Promise<ActionResult<{ auditId: number; created: boolean }>> {
  const r = await startRunAudit(input);
  return r.error === null ? ok(r.data) : fail(r.error);
}
