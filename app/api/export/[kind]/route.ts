import { getDb } from "@/db/index";
import { seededTexts } from "@/db/queries/seeded-files";
import { auditExport } from "@/db/writes/export-probes";
import { previewExport } from "@/lib/io/export-preview";
import { storedZip } from "@/lib/io/zip";
import { refuseCrossSite } from "../../../_lib/cross-site";
import { authorize } from "../../../_lib/current-user";
import { buildExport, EXPORT_KINDS, type ExportKind } from "../../../_lib/exports";

export const dynamic = "force-dynamic";

const CAPABILITY = { probes: "export_probes", golden: "export_golden" } as const;
const json = (status: number, error: string) => Response.json({ data: null, error }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * GET /api/export/probes|golden[?version=V][&file=PATH] (issue 20): the export as a download, a .zip of every file or
 * one file; never a write into the server's checkout. `version` pins what was previewed: if the data changed since,
 * 409. Probes: anyone who may export probes; golden: leads. Each download is audited (who, files, version); a request
 * started by another site is refused (403).
 */
export async function GET(req: Request, { params }: { params: Promise<{ kind: string }> }): Promise<Response> {
  const { kind } = await params;
  if (!EXPORT_KINDS.includes(kind as ExportKind)) return json(404, `no export of '${kind}' (probes or golden)`);
  const k = kind as ExportKind;
  const target = { action: `${k}.export`, entity: k === "probes" ? "probe_set" : "golden_case_set", entityId: "all" };
  // Issue 26: a download is recorded as the person's export, so another site must not be able to make their browser ask.
  const refused = await refuseCrossSite(req, target);
  if (refused) return refused;
  const auth = await authorize(CAPABILITY[k], target);
  if (!auth.ok) return json(auth.status, auth.error);
  const b = await buildExport(k);
  if (!b.ok) return json(409, b.error);
  const q = new URL(req.url).searchParams;
  const version = q.get("version");
  if (version !== null && version !== b.built.version) return json(409, `the ${k} changed since the preview (version ${version}, now ${b.built.version}): preview the export again`);
  const file = q.get("file");
  const files = file === null ? b.built.files : b.built.files.filter((f) => f.path === file);
  if (!files.length) return json(404, `no file ${JSON.stringify(file)} in the ${k} export`);
  const db = await getDb();
  const statuses = new Map(previewExport(files, await seededTexts(db)).map((p) => [p.path, p.status]));
  await auditExport(db, { kind: k, actor: auth.user.email, via: "download", version: b.built.version, files: files.map((f) => ({ ...f, status: statuses.get(f.path) })) });
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (file !== null) {
    const f = files[0]!;
    const type = f.path.endsWith(".jsonl") ? "application/x-ndjson" : "application/json";
    return new Response(f.text, { headers: { ...headers, "Content-Type": `${type}; charset=utf-8`, "Content-Disposition": `attachment; filename="${f.path.split("/").at(-1)}"` } });
  }
  const zip = storedZip(files.map((f) => ({ name: f.path, data: new TextEncoder().encode(f.text) })), new Date());
  return new Response(zip as Uint8Array<ArrayBuffer>, { headers: { ...headers, "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="assay-${k}-${b.built.version}.zip"` } });
}
