import "server-only";
import { getDb } from "@/db/index";
import { seededTexts } from "@/db/queries/seeded-files";
import { buildGoldenExport, GoldenExportError } from "@/db/writes/export-golden";
import { buildProbeExport } from "@/db/writes/export-probes";
import { exportVersion, previewExport, type ExportFile, type FilePreview } from "@/lib/io/export-preview";

// Issue 20: "Export probes" and "Export golden" build the files in memory, preview each against what the server last
// seeded, and hand them over as a download (GET /api/export/<kind>). Nothing is written into the server's checkout.

export const EXPORT_KINDS = ["probes", "golden"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export type BuiltExport = { kind: ExportKind; files: ExportFile[]; version: string; notes: string[] };

/** The export of `kind` as the database holds it now, or the reasons it cannot be built (golden's checks). */
export async function buildExport(kind: ExportKind): Promise<{ ok: true; built: BuiltExport } | { ok: false; error: string }> {
  const db = await getDb();
  if (kind === "probes") {
    const p = await buildProbeExport(db);
    const notes = [
      ...(p.tiesKept.length ? [`Tied, kept their earliest label: ${p.tiesKept.join(", ")}`] : []),
      ...(p.unlabelled.length ? [`Not in the export (nobody has labelled them): ${p.unlabelled.join(", ")}`] : []),
    ];
    return { ok: true, built: { kind, files: p.files, version: exportVersion(p.files), notes } };
  }
  try {
    const g = await buildGoldenExport(db, { base: await seededTexts(db) });
    const notes = [
      ...(g.unlocked.length ? [`New eval cases, not in golden/suites.lock.json yet: ${g.unlocked.join(", ")}. Freeze them on purpose with npx tsx scripts/freeze-suites.ts and commit the lock.`] : []),
      ...(g.flagged.length ? [`Exported with item findings, which fail the golden suite test until an edit fixes them: ${g.flagged.join(", ")}`] : []),
    ];
    return { ok: true, built: { kind, files: g.files, version: exportVersion(g.files), notes } };
  } catch (e) {
    if (e instanceof GoldenExportError) return { ok: false, error: e.message };
    throw e;
  }
}

export type ExportPreview = { kind: ExportKind; version: string; files: FilePreview[]; notes: string[]; zipUrl: string; fileUrl: Record<string, string> };

/** The preview a page shows: each file against the seeded text, and the download links pinned to this version. */
export async function previewOf(b: BuiltExport): Promise<ExportPreview> {
  const url = (file?: string) => `/api/export/${b.kind}?${new URLSearchParams({ version: b.version, ...(file ? { file } : {}) })}`;
  return { kind: b.kind, version: b.version, files: previewExport(b.files, await seededTexts(await getDb())), notes: b.notes, zipUrl: url(), fileUrl: Object.fromEntries(b.files.map((f) => [f.path, url(f.path)])) };
}
