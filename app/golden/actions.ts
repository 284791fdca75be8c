"use server";
import { z } from "zod";
import { caseDraftSchema } from "@/lib/golden/case-schema";
import { checkCaseItems, type ItemFinding, type ItemKind } from "@/lib/golden/item-check";
import { suggestPlacement, type Placement } from "@/lib/golden/placement";
import { fail, ok, type ActionResult } from "../_lib/action-result";
import { authorize } from "../_lib/current-user";

export type DraftCheck = { placement: Placement; items: Array<{ kind: ItemKind; index: number; text: string; findings: ItemFinding[] }> };

const lines = (s: unknown) =>
  String(s ?? "")
    .split("\n")
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Checks a draft case (issue 5): each item for being independently judgeable, with a message per finding (never a
 * silent fix), and the "where does my case go?" guidance. Analysts and leads only, checked on the server.
 */
export async function checkDraftAction(_prev: ActionResult<DraftCheck> | null, form: FormData): Promise<ActionResult<DraftCheck>> {
  const parsed = caseDraftSchema.safeParse({
    brief: form.get("brief") ?? "",
    must_include: lines(form.get("must_include")),
    must_not_include: lines(form.get("must_not_include")),
    role: z.string().trim().min(1).optional().catch(undefined).parse(form.get("role") || undefined),
  });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "invalid draft");
  const auth = await authorize("author_golden", { action: "golden.check", entity: "golden_case", entityId: "draft" });
  if (!auth.ok) return fail(auth.error);
  return ok({ placement: suggestPlacement(parsed.data), items: checkCaseItems(parsed.data) });
}
