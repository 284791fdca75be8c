import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { audit } from "@/db/writes/audit";
import { loadDbScoringContext } from "@/db/queries/scoring-context";
import { checkRunName, scoreRunTextAsync, storeScoredRun } from "@/db/writes/import-run";
import { countRecordLines, MAX_RUN_BYTES } from "@/lib/io/upload-limits";
import { InputError } from "@/lib/io/input-error";
import { decodeUtf8 } from "@/lib/io/parse";
import { authorize } from "../../_lib/current-user";
import { readUpload } from "../../_lib/read-upload";
import { fromWorkbench } from "../../_lib/same-origin";
import type { ImportEvent } from "../../runs/import-events";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({
  name: z.string().trim().min(1, "a run needs a name").max(120, "at most 120 characters"),
  file: z.string().trim().min(1).max(255),
});

const json = (status: number, e: ImportEvent) => new Response(`${JSON.stringify(e)}\n`, { status, headers: { "content-type": "application/x-ndjson; charset=utf-8" } });

/**
 * POST /api/runs?name=…&file=… with the JSONL file as the body. A route handler rather than a server action because the
 * form needs upload progress (XHR) and scoring progress (this NDJSON stream) for a 100,000-line run. Thin all the same:
 * parse the input, score with lib/ (via db/writes), store in one transaction, revalidate.
 */
export async function POST(req: Request): Promise<Response> {
  // Same-origin only, as Next enforces for server actions: a cross-site page cannot send this content type without a
  // CORS preflight (never answered), and a foreign Origin is refused outright.
  if (!fromWorkbench(req, "application/x-ndjson")) {
    return json(403, { type: "error", message: "uploads are accepted from the workbench page only (same origin, application/x-ndjson)", line: null, field: null, detail: "forbidden" });
  }
  const auth = await authorize("import_run", { action: "run.import", entity: "run", entityId: new URL(req.url).searchParams.get("name") ?? "" });
  if (!auth.ok) return json(auth.status, { type: "error", message: auth.error, line: null, field: null, detail: auth.status === 401 ? "unauthorized" : "forbidden" });
  const url = new URL(req.url);
  const params = paramsSchema.safeParse({ name: url.searchParams.get("name") ?? "", file: url.searchParams.get("file") ?? "run.jsonl" });
  if (!params.success) {
    const issue = params.error.issues[0]!;
    return json(400, { type: "error", message: `${String(issue.path[0])}: ${issue.message}`, line: null, field: String(issue.path[0]), detail: issue.message });
  }
  const { name, file } = params.data;
  const actor = auth.user.email;
  // Issue 26: a refused import is recorded too (who, which file, why), outside any transaction that rolled back.
  const refused = async (status: number, e: Extract<ImportEvent, { type: "error" }>) =>
    audit(await getDb(), { actor, action: "run.import.refused", entity: "run", entityId: name, detail: { status, file, line: e.line, field: e.field, error: e.message } });
  const upload = await readUpload(req, file, MAX_RUN_BYTES);
  if (!upload.ok) {
    const message = upload.status === 413 ? `${upload.message}; import it with \`npx assay import\` instead` : upload.message;
    const e = { type: "error", message, line: null, field: null, detail: upload.status === 413 ? "too large" : "incomplete" } as const;
    await refused(upload.status, e);
    return json(upload.status, e);
  }
  const bytes = upload.bytes;

  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (e: ImportEvent) => controller.enqueue(encoder.encode(`${JSON.stringify(e)}\n`));
      try {
        const text = decodeUtf8(bytes, file);
        // Physical lines pace the progress bar; record lines (not blank) are what the store must hold, all of them.
        let lines = 0;
        for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
        if (text.length > 0 && !text.endsWith("\n")) lines++;
        const records = countRecordLines(text);
        send({ type: "received", bytes: bytes.byteLength, lines });
        const db = await getDb();
        const ctx = await loadDbScoringContext(db);
        await checkRunName(db, name, file);
        let last = 0;
        const scored = await scoreRunTextAsync(text, file, ctx, (done) => {
          if (done - last >= 5000 || done === lines) {
            last = done;
            send({ type: "progress", phase: "score", done, total: lines });
          }
        });
        send({ type: "progress", phase: "store", done: 0, total: scored.lines.length });
        await new Promise((r) => setImmediate(r));
        const runId = await storeScoredRun(db, { name, fileName: file, actor, expectedLines: records }, scored);
        revalidatePath("/");
        send({ type: "done", runId, name, lines: scored.report.run.n_lines, compositeDev: scored.report.splits.dev.composite, compositeEval: scored.report.splits.eval.composite });
      } catch (e) {
        const event: Extract<ImportEvent, { type: "error" }> =
          e instanceof InputError
            ? { type: "error", message: e.message, line: e.line > 0 ? e.line : null, field: e.field || null, detail: e.detail }
            : { type: "error", message: "internal error while importing; nothing was stored", line: null, field: null, detail: String((e as Error)?.message ?? e) };
        if (!(e instanceof InputError)) console.error("run import failed", e);
        send(event);
        try {
          await refused(e instanceof InputError ? 400 : 500, event);
        } catch (auditError) {
          console.error("could not record the refused import", auditError);
        }
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store, no-transform", "x-accel-buffering": "no" } });
}
