import { createHash } from "node:crypto";
import { diffLines } from "./line-diff";

// Issue 20: "Export probes" and "Export golden" never write into the server's checkout. They build the files, show each
// one's diff against what the server last seeded, and hand them over as a download (or, from the CLI, into --out DIR).

/** One file of an export: its repo-relative path ("probes/h1.jsonl", "golden/roles/support_desk.json"), text and records. */
export type ExportFile = { path: string; text: string; records: number };

export type FilePreview = {
  path: string;
  records: number;
  /** Against the text the server last seeded from that path. */
  status: "unchanged" | "changed" | "new";
  added: number;
  removed: number;
  /** Unified diff hunks; "" when unchanged. For a new file, every line added. */
  diff: string;
};

/** Each file against its seeded text (`seeded(path)`, null when the server never seeded that path). */
export function previewExport(files: readonly ExportFile[], seeded: (path: string) => string | null): FilePreview[] {
  return files.map((f) => {
    const before = seeded(f.path);
    const d = diffLines(before ?? "", f.text);
    const status = before === null ? "new" : d.added || d.removed ? "changed" : "unchanged";
    return { path: f.path, records: f.records, status, added: d.added, removed: d.removed, diff: d.hunks };
  });
}

/**
 * A short fingerprint of an export's files (paths and texts): the preview carries it and the download asks for it, so
 * what is downloaded is what was previewed (a label saved in between changes it, and the download is refused).
 */
export function exportVersion(files: readonly ExportFile[]): string {
  const h = createHash("sha256");
  for (const f of files) h.update(`${f.path}\u0000${f.text}\u0000`);
  return h.digest("hex").slice(0, 16);
}
