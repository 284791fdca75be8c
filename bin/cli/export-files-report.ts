import type { FilePreview } from "../../lib/io/export-preview";

/** One line per file: where it went, its records, and how it differs from what the workbench last seeded. */
export function exportLines(out: string, preview: readonly FilePreview[]): string[] {
  return preview.map((f) => `  ${out.replace(/\/$/, "")}/${f.path}: ${f.records} records, ${f.status === "unchanged" ? "as seeded" : f.status === "new" ? "new (never seeded)" : `+${f.added} −${f.removed} lines against the seeded file`}`);
}
