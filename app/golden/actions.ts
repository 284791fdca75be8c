"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/index";
import { caseIdsInUse, idPrefixFor } from "@/db/queries/golden-cases";
import { copyCase, createCase, editCase, GoldenCaseError } from "@/db/writes/golden-cases";
import { caseDraftSchema, nextCaseId } from "@/lib/golden/case-schema";
import { checkCaseItems, type ItemFinding, type ItemKind } from "@/lib/golden/item-check";
import { suggestPlacement, type Placement } from "@/lib/golden/placement";
import type { CaseDiff } from "@/lib/golden/versioning";
import { fail, ok, type ActionResult } from "../_lib/action-result";
import { authorize } from "../_lib/current-user";
import { contentOf, draftFormSchema, EDIT_CASE_FIELDS, editCaseFormSchema, formEntries, NEW_CASE_FIELDS, newCaseFormSchema } from "./case-form-schema";

// Issue 5 golden authoring. Every action: zod-parse the form → authorize on the server → lib/golden rules → one db
// transaction (with its audit row) → revalidatePath. Item findings and placement are guidance shown with the result:
// they never block a save and nothing is rewritten. What blocks is what would make the suite file unloadable (the
// golden-suite schema: no item, a duplicate item, an item over 200 characters, a bad id), a duplicate case id, a frozen
// case, or an edit without a change note.

export type DraftCheck = { placement: Placement; items: Array<{ kind: ItemKind; index: number; text: string; findings: ItemFinding[] }> };
export type NewCaseResult = DraftCheck & { saved: { id: string; caseId: string; version: number } | null; /** The chosen suite differs from the guidance. */ placementDiffers: boolean };
export type EditResult = DraftCheck & { version: number; diff: CaseDiff };

const issue = (e: z.ZodError) => e.issues[0]?.message ?? "invalid form";

function check(f: { brief: string; must_include: string[]; must_not_include: string[]; behavior?: string }, where: { suite: "role" | "policy"; role: string | null } | null): DraftCheck {
  const draft = caseDraftSchema.safeParse({ ...f, role: where?.suite === "role" ? where.role : undefined, behavior: where?.suite === "policy" ? f.behavior : undefined });
  const d = draft.success ? draft.data : { brief: f.brief, must_include: f.must_include, must_not_include: f.must_not_include };
  return { placement: suggestPlacement(d), items: checkCaseItems(d) };
}

/** The "where does my case go?" target of the suite a person chose: "policy" or "role:<role>". */
const chosen = (where: { suite: "role" | "policy"; role: string | null }) => (where.suite === "policy" ? "policy" : "role");

/**
 * The new-case form: "Check draft" (intent=check) shows where the case belongs and each item's findings; "Save case"
 * (intent=save) stores it as version 1 and shows the same guidance with the result.
 */
export async function newCaseAction(_prev: ActionResult<NewCaseResult> | null, form: FormData): Promise<ActionResult<NewCaseResult>> {
  if (form.get("intent") !== "save") {
    const parsed = draftFormSchema.safeParse(formEntries(form, NEW_CASE_FIELDS));
    if (!parsed.success) return fail(issue(parsed.error));
    if (!parsed.data.brief.trim()) return fail("write the customer's message first");
    const auth = await authorize("author_golden", { action: "golden.check", entity: "golden_case", entityId: "draft" });
    if (!auth.ok) return fail(auth.error);
    const h = parsed.data.home;
    const where = h === "policy" ? { suite: "policy" as const, role: null } : h?.startsWith("role:") ? { suite: "role" as const, role: h.slice(5) } : null;
    return ok({ ...check(parsed.data, where), saved: null, placementDiffers: false });
  }
  const parsed = newCaseFormSchema.safeParse(formEntries(form, NEW_CASE_FIELDS));
  if (!parsed.success) return fail(issue(parsed.error));
  const f = parsed.data;
  const auth = await authorize("author_golden", { action: "golden_case.create", entity: "golden_case", entityId: f.id ?? f.home.role ?? "policy" });
  if (!auth.ok) return fail(auth.error);
  const db = await getDb();
  const id = f.id ?? nextCaseId(await caseIdsInUse(db), await idPrefixFor(db, f.home));
  const guidance = check(f, f.home);
  let saved;
  try {
    saved = await createCase(db, { content: contentOf(f, { ...f.home, id }), author: auth.user.email, changeNote: f.change_note });
  } catch (e) {
    if (e instanceof GoldenCaseError) return fail(e.message);
    throw e;
  }
  revalidatePath("/golden");
  return ok({ ...guidance, saved: { id, caseId: saved.case_id, version: saved.version }, placementDiffers: guidance.placement.target !== chosen(f.home) });
}

/** An edit: a new version with the change note; refused for a frozen (eval) case, which is copied instead. */
export async function editCaseAction(_prev: ActionResult<EditResult> | null, form: FormData): Promise<ActionResult<EditResult>> {
  const parsed = editCaseFormSchema.safeParse(formEntries(form, EDIT_CASE_FIELDS));
  if (!parsed.success) return fail(issue(parsed.error));
  const f = parsed.data;
  const auth = await authorize("author_golden", { action: "golden_case.edit", entity: "golden_case", entityId: f.case_id });
  if (!auth.ok) return fail(auth.error);
  const where = /^role:([a-z][a-z0-9_]*)\/([a-z]{3}-\d{3})$/.exec(f.case_id);
  const policy = /^policy\/(pol-\d{3})$/.exec(f.case_id);
  if (!where && !policy) return fail(`no case ${f.case_id}`);
  const home = where ? { suite: "role" as const, role: where[1]!, id: where[2]! } : { suite: "policy" as const, role: null, id: policy![1]! };
  let r;
  try {
    r = await editCase(await getDb(), { caseId: f.case_id, content: contentOf(f, home), author: auth.user.email, changeNote: f.change_note, baseVersion: f.base_version });
  } catch (e) {
    if (e instanceof GoldenCaseError) return fail(e.suggestId ? `${e.message}. Use “Copy to a new case”.` : e.message);
    throw e;
  }
  revalidatePath("/golden");
  revalidatePath(`/golden/${home.id}`);
  return ok({ ...check(f, home), version: r.version.version, diff: r.diff });
}

const copyForm = z.object({ case_id: z.string().min(1).max(200) });

/** "Copy to a new case": the way to change a frozen case. Opens the copy. */
export async function copyCaseAction(_prev: ActionResult<never> | null, form: FormData): Promise<ActionResult<never>> {
  const parsed = copyForm.safeParse({ case_id: form.get("case_id") });
  if (!parsed.success) return fail(issue(parsed.error));
  const auth = await authorize("author_golden", { action: "golden_case.copy", entity: "golden_case", entityId: parsed.data.case_id });
  if (!auth.ok) return fail(auth.error);
  let copy;
  try {
    copy = await copyCase(await getDb(), { caseId: parsed.data.case_id, author: auth.user.email });
  } catch (e) {
    if (e instanceof GoldenCaseError) return fail(e.message);
    throw e;
  }
  revalidatePath("/golden");
  redirect(`/golden/${copy.content.case.id}`);
}
