import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { audit } from "@/db/writes/audit";
import { importJudgeReportText, MAX_JUDGE_REPORT_NAME } from "@/db/writes/import-judge-report";
import { MAX_JUDGE_REPORT_BYTES } from "@/lib/io/upload-limits";
import { InputError } from "@/lib/io/input-error";
import { decodeUtf8 } from "@/lib/io/parse";
import { authorize } from "../../_lib/current-user";
import { readUpload } from "../../_lib/read-upload";
import { fromWorkbench } from "../../_lib/same-origin";
import type { JudgeReportImportResponse } from "../../compare/upload-judge-report-form";

export const dynamic = "force-dynamic";


const paramsSchema = z.object({
  name: z.string().trim().min(1, "a judge report needs a name").max(MAX_JUDGE_REPORT_NAME, `at most ${MAX_JUDGE_REPORT_NAME} characters`),
  file: z.string().trim().min(1).max(255),
});

const reply = (status: number, body: JudgeReportImportResponse) => Response.json(body, { status });

/**
 * POST /api/judge-reports?name=…&file=… with the report (JSON) as the body. A route handler rather than a server action
 * because a judge report can exceed a server action's 1 MB body limit. Thin: parse, import in one transaction, revalidate.
 */
export async function POST(req: Request): Promise<Response> {
  // Same-origin JSON only: a cross-site form cannot send application/json without a preflight, which is never answered.
  if (!fromWorkbench(req, "application/json")) {
    return reply(403, { data: null, error: "uploads are accepted from the workbench page only (same origin, application/json)" });
  }
  const url = new URL(req.url);
  const auth = await authorize("import_run", { action: "judge_report.import", entity: "judge_report", entityId: url.searchParams.get("name") ?? "" });
  if (!auth.ok) return reply(auth.status, { data: null, error: auth.error });
  const params = paramsSchema.safeParse({ name: url.searchParams.get("name") ?? "", file: url.searchParams.get("file") ?? "judge.report.json" });
  if (!params.success) {
    const issue = params.error.issues[0]!;
    return reply(400, { data: null, error: `${String(issue.path[0])}: ${issue.message}`, field: String(issue.path[0]) });
  }
  const { name, file } = params.data;
  const upload = await readUpload(req, file, MAX_JUDGE_REPORT_BYTES);
  if (!upload.ok) {
    await audit(await getDb(), { actor: auth.user.email, action: "judge_report.import.refused", entity: "judge_report", entityId: name, detail: { status: upload.status, file, field: null, error: upload.message } });
    return reply(upload.status, { data: null, error: upload.message });
  }
  const bytes = upload.bytes;
  try {
    const out = await importJudgeReportText(await getDb(), { name, fileName: file, text: decodeUtf8(bytes, file), actor: auth.user.email });
    revalidatePath("/compare");
    return reply(200, { data: out, error: null });
  } catch (e) {
    if (e instanceof InputError) {
      // Issue 20: a refused report is recorded (a report whose figures contradict its votes is an attack, not only a typo).
      await audit(await getDb(), { actor: auth.user.email, action: "judge_report.import.refused", entity: "judge_report", entityId: name, detail: { status: 400, file, field: e.field || null, error: e.message } });
      return reply(400, { data: null, error: e.message, line: e.line || null, field: e.field || null });
    }
    throw e;
  }
}
