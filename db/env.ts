import { z } from "zod";
import { REPO_ROOT } from "../bin/load/files";

// Paths come from the environment, parsed once: ASSAY_DB moves the database (tests use a temporary file),
// ASSAY_EXPORT_ROOT redirects probe exports (end-to-end tests must not rewrite the repository's probes/).
const envSchema = z.object({
  ASSAY_DB: z.string().min(1).default("data/assay.db"),
  ASSAY_EXPORT_ROOT: z.string().min(1).optional(),
});

const env = () => envSchema.parse({ ASSAY_DB: process.env.ASSAY_DB || undefined, ASSAY_EXPORT_ROOT: process.env.ASSAY_EXPORT_ROOT || undefined });

export function dbPath(): string {
  return env().ASSAY_DB;
}

/** Where probe exports are written: probes/*.jsonl under this directory (the repository root by default). */
export function exportRoot(): string {
  return env().ASSAY_EXPORT_ROOT ?? REPO_ROOT;
}
