import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { InputError } from "../../lib/io/input-error";
import { decodeUtf8, parseJsonDocument, parseJsonl } from "../../lib/io/parse";

/** The repository root: ASSAY_ROOT, else the nearest directory upward from the cwd holding golden/pack (bundlers move import.meta.url). */
export const REPO_ROOT = findRoot();

function findRoot(): string {
  if (process.env.ASSAY_ROOT) return path.resolve(process.env.ASSAY_ROOT);
  let dir = process.cwd();
  for (;;) {
    if (existsSync(path.join(dir, "golden", "pack")) && existsSync(path.join(dir, "package.json"))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

export function repoPath(...parts: string[]): string {
  return path.join(REPO_ROOT, ...parts);
}

/** Reads a file as strict UTF-8; a missing file is an InputError, not a stack trace. */
export function readText(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new InputError(file, 0, "", (e as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : (e as Error).message);
  }
  return decodeUtf8(bytes, file);
}

export function readJsonFile<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  return parseJsonDocument(readText(file), file, schema);
}

export function readJsonlFile<S extends z.ZodType>(file: string, schema: S): Array<z.infer<S>> {
  return parseJsonl(readText(file), file, schema);
}

/** Files with the given extension in a directory, sorted for a deterministic order. */
export function listFiles(dir: string, ext: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(ext))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}
