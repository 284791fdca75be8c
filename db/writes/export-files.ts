import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ExportFile } from "../../lib/io/export-preview";

// The CLI's `export-probes --out DIR` / `export-golden --out DIR` (issue 20): the one place an export touches a disk,
// and only the directory its caller names. The workbench hands the same files over as a download.

/** The text already at `path` under `root`, or null: what an export into `root` would replace. */
export function fileUnder(root: string, file: string): string | null {
  const full = path.join(root, file);
  return existsSync(full) ? readFileSync(full, "utf8") : null;
}

/**
 * Writes each file to `root/<path>`: all to temporary names first, then renamed, so a failure before the renames
 * leaves `root` as it was. Returns, per file, whether its content differs from what was there.
 */
export function writeFilesInto(root: string, files: readonly ExportFile[]): Array<{ path: string; changed: boolean }> {
  const writes = files.map((f) => {
    const target = path.join(root, f.path);
    return { f, target, tmp: `${target}.tmp-${process.pid}`, changed: fileUnder(root, f.path) !== f.text };
  });
  try {
    for (const w of writes) {
      mkdirSync(path.dirname(w.target), { recursive: true });
      writeFileSync(w.tmp, w.f.text);
    }
  } catch (e) {
    for (const w of writes) rmSync(w.tmp, { force: true });
    throw e;
  }
  for (const w of writes) renameSync(w.tmp, w.target);
  return writes.map((w) => ({ path: w.f.path, changed: w.changed }));
}
