import "server-only";
import { randomInt } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { NotFoundError } from "@/db/writes/labels";
import { AuditConflictError, promoteAuditItem, startAudit } from "@/db/writes/run-audit";
import { InputError } from "@/lib/io/input-error";
import { authorize } from "../_lib/current-user";

// Shared by the server actions (run report, labelling page) and the route handlers: one path, so a forged request
// meets the same checks (401/403 audited) as a click.

export type Outcome<T> = { status: 200; data: T; error: null } | { status: 400 | 401 | 403 | 404 | 409; data: null; error: string };
const refuse = (status: 400 | 401 | 403 | 404 | 409, error: string): Outcome<never> => ({ status, data: null, error });
const id = z.coerce.number().int().positive();

/** Issue 18: an analyst or lead starts a run's audit (or resumes the stored one); annotators are refused and audited. */
export async function startRunAudit(input: unknown): Promise<Outcome<{ auditId: number; created: boolean }>> {
  const parsed = z.object({ runId: id }).safeParse(input);
  if (!parsed.success) return refuse(400, "runId: a run id");
  const { runId } = parsed.data;
  const auth = await authorize("start_audit", { action: "run_audit.start", entity: "run", entityId: String(runId) });
  if (!auth.ok) return refuse(auth.status, auth.error);
  try {
    // The seed is drawn here and stored with the audit: everyone labels the same draw, and it can be redrawn to check.
    const { audit, created } = await startAudit(await getDb(), { runId, actor: auth.user.email, seed: randomInt(1, 2 ** 31 - 1) });
    revalidatePath(`/runs/${runId}`);
    return { status: 200, data: { auditId: audit.id, created }, error: null };
  } catch (e) {
    if (e instanceof NotFoundError) return refuse(404, e.message);
    throw e;
  }
}

/** Issue 18: an analyst or lead promotes a labelled audit item to a probe; annotators are refused and audited. */
export async function promoteItem(input: unknown): Promise<Outcome<{ probeId: string }>> {
  const parsed = z.object({ itemId: id }).safeParse(input);
  if (!parsed.success) return refuse(400, "itemId: an audit item id");
  const { itemId } = parsed.data;
  const auth = await authorize("promote_audit_item", { action: "audit_item.promote", entity: "audit_item", entityId: String(itemId) });
  if (!auth.ok) return refuse(auth.status, auth.error);
  try {
    const { probeId } = await promoteAuditItem(await getDb(), { itemId, actor: auth.user.email });
    revalidatePath("/probes");
    return { status: 200, data: { probeId }, error: null };
  } catch (e) {
    if (e instanceof NotFoundError) return refuse(404, e.message);
    if (e instanceof AuditConflictError || e instanceof InputError) return refuse(409, e.message);
    throw e;
  }
}
