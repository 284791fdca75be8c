"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { auditItemVotes, getAudit } from "@/db/queries/run-audit";
import { NotFoundError } from "@/db/writes/labels";
import { clearAuditLabel, saveAuditLabel } from "@/db/writes/run-audit";
import type { AuditFigure } from "@/lib/audit/estimator";
import { auditFigureOf } from "@/lib/audit/figures";
import { DETECTOR_CODES, type DetectorCode } from "@/lib/pack/vocab";
import type { LabelVote } from "@/lib/probes/effective-label";
import { PROBE_LABELS } from "@/lib/schemas/probe";
import { fail, ok, type ActionResult } from "../_lib/action-result";
import { authorize } from "../_lib/current-user";
import { promoteItem } from "../runs/audit";

export type AuditLabelState = { detector: DetectorCode; votes: Record<string, LabelVote[]>; figure: AuditFigure };

/** An audit item's id on the labelling page, beside probe ids. */
const itemKey = (id: number) => `item-${id}`;

/** After a write: every vote on this detector's audit items and its per-run figure, as the server now has them. */
function auditLabelState(auditId: number, detector: DetectorCode): AuditLabelState | null {
  const db = getDb();
  const audit = getAudit(db, auditId);
  if (!audit) return null;
  const items = auditItemVotes(db, auditId, detector);
  return { detector, votes: Object.fromEntries(items.map((i) => [itemKey(i.id), i.votes])), figure: auditFigureOf(detector, audit.strata, items, audit.seed) };
}

const labelInput = z.object({ auditId: z.number().int().positive(), itemId: z.number().int().positive(), detector: z.enum(DETECTOR_CODES), label: z.enum(PROBE_LABELS).nullable() });

/** v / c on an audit item: the annotator's vote (any role may label); u restores their previous one (null = remove). */
export async function setAuditLabelAction(input: unknown): Promise<ActionResult<AuditLabelState>> {
  const parsed = labelInput.safeParse(input);
  if (!parsed.success) return fail("invalid label");
  const { auditId, itemId, detector, label } = parsed.data;
  const auth = await authorize("label_probe", { action: "audit_label.save", entity: "audit_item", entityId: String(itemId) });
  if (!auth.ok) return fail(auth.error);
  try {
    if (label === null) clearAuditLabel(getDb(), { itemId, annotator: auth.user.email });
    else saveAuditLabel(getDb(), { itemId, annotator: auth.user.email, label });
  } catch (e) {
    if (e instanceof NotFoundError) return fail(e.message);
    throw e;
  }
  const state = auditLabelState(auditId, detector);
  if (!state) return fail(`no audit #${auditId}`);
  const audit = getAudit(getDb(), auditId)!;
  revalidatePath(`/runs/${audit.runId}`);
  return ok(state);
}

/** Promote a labelled audit item to a probe (analyst or lead; the server checks, the button only hides). */
export async function promoteAuditItemAction(input: unknown): Promise<ActionResult<{ probeId: string }>> {
  const r = await promoteItem(input);
  return r.error === null ? ok(r.data) : fail(r.error);
}
