"use server";
import { z } from "zod";
import { getDb } from "@/db/index";
import { clearLabel, NotFoundError, saveLabel } from "@/db/writes/labels";
import { clearAuditLabel, saveAuditLabel } from "@/db/writes/run-audit";
import { DETECTOR_CODES } from "@/lib/pack/vocab";
import { BLIND_QUEUES, labelView, QUEUES, type LabelItemView } from "@/lib/probes/labelling";
import { PROBE_LABELS } from "@/lib/schemas/probe";
import { fail, ok, type ActionResult } from "../../_lib/action-result";
import { authorize } from "../../_lib/current-user";
import { auditOf, labelPanel, labelWindow, loadLabelItems, type LabelPanel, type LabelWindow } from "./label-data";

const AUDIT_ITEM = /^item-(\d{1,12})$/;

const voteInput = z.object({
  detector: z.enum(DETECTOR_CODES),
  auditId: z.number().int().positive().nullable(),
  id: z.string().min(1).max(200),
  label: z.enum(PROBE_LABELS).nullable(),
  blind: z.boolean(),
});

/**
 * v / c save the annotator's vote on a probe or an audit item; u restores their previous one (null = remove theirs).
 * The answer is the item as they may now see it — revealed, since they have voted, unless the vote was removed — and
 * the detector's figures as the server has them (other annotators' votes included). No other item's votes are sent.
 */
export async function voteAction(input: unknown): Promise<ActionResult<{ item: LabelItemView; panel: LabelPanel }>> {
  const parsed = voteInput.safeParse(input);
  if (!parsed.success) return fail("invalid label");
  const { detector, auditId, id, label, blind } = parsed.data;
  const itemId = auditId === null ? null : Number(AUDIT_ITEM.exec(id)?.[1] ?? NaN);
  if (itemId !== null && !Number.isSafeInteger(itemId)) return fail("invalid label");
  const auth = await authorize("label_probe", itemId === null ? { action: "label.save", entity: "probe", entityId: id } : { action: "audit_label.save", entity: "audit_item", entityId: String(itemId) });
  if (!auth.ok) return fail(auth.error);
  const actor = auth.user.email;
  const db = await getDb();
  const audit = await auditOf(auditId);
  if (audit === undefined) return fail(`no audit #${auditId}`);
  try {
    if (itemId === null) {
      if (label === null) await clearLabel(db, { probeId: id, annotator: actor });
      else await saveLabel(db, { probeId: id, annotator: actor, label });
    } else if (label === null) await clearAuditLabel(db, { itemId, annotator: actor });
    else await saveAuditLabel(db, { itemId, annotator: actor, label });
  } catch (e) {
    if (e instanceof NotFoundError) return fail(e.message);
    throw e;
  }
  const loaded = await loadLabelItems(db, detector, audit);
  const item = loaded?.items.find((p) => p.id === id);
  if (!loaded || !item) return fail(`no ${id} among ${detector}'s ${audit ? "audit items" : "probes"}`);
  return ok({ item: labelView(item, actor, blind), panel: labelPanel(loaded.items, loaded.mode, detector, actor, blind) });
}

const windowInput = z.object({
  detector: z.enum(DETECTOR_CODES),
  auditId: z.number().int().positive().nullable(),
  queue: z.enum(QUEUES),
  /** The item to start at (a queue or blind switch keeps the current item), or the one to continue after. */
  at: z.string().min(1).max(200).nullable(),
  after: z.string().min(1).max(200).nullable(),
  blind: z.boolean(),
});

/**
 * A window of a queue at or after an item (wrapping round), as this annotator may see it, with the queue sizes: the page
 * asks as they near the end of what it holds, or switch queue or blind labelling.
 */
export async function labelWindowAction(input: unknown): Promise<ActionResult<{ window: LabelWindow; panel: LabelPanel }>> {
  const parsed = windowInput.safeParse(input);
  if (!parsed.success) return fail("invalid request");
  const { detector, auditId, queue, at, after, blind } = parsed.data;
  const auth = await authorize("view_workbench", { action: "label.window", entity: "detector", entityId: detector });
  if (!auth.ok) return fail(auth.error);
  const audit = await auditOf(auditId);
  if (audit === undefined) return fail(`no audit #${auditId}`);
  const loaded = await loadLabelItems(await getDb(), detector, audit);
  if (!loaded) return fail(`no audit #${auditId}`);
  const actor = auth.user.email;
  const panel = labelPanel(loaded.items, loaded.mode, detector, actor, blind);
  // A blind page has no use for the queues chosen by others' votes: asking for one answers with nothing.
  if (blind && !BLIND_QUEUES.includes(queue)) return ok({ window: { items: [], partners: [] }, panel });
  return ok({ window: labelWindow(loaded.items, queue, actor, blind, { at, after }), panel });
}
