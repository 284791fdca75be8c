"use server";
import { fail, ok, type ActionResult } from "../_lib/action-result";
import { authorize } from "../_lib/current-user";
import { buildExport, previewOf, type ExportPreview } from "../_lib/exports";

/** Issue 20: the golden export (leads only) previewed against what the server seeded, with download links; nothing is written. */
export async function previewGoldenExportAction(): Promise<ActionResult<ExportPreview>> {
  const auth = await authorize("export_golden", { action: "golden.export", entity: "golden_case_set", entityId: "all" });
  if (!auth.ok) return fail(auth.error);
  const b = await buildExport("golden");
  return b.ok ? ok(await previewOf(b.built)) : fail(b.error);
}
