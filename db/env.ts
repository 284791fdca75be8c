import { z } from "zod";

// Paths come from the environment, parsed once: ASSAY_DB moves the database (tests use a temporary file). Exports
// have no path here (issue 20): the workbench hands them over as downloads, the CLI writes where --out says.
const envSchema = z.object({
  ASSAY_DB: z.string().min(1).default("data/assay.db"),
});

const env = () => envSchema.parse({ ASSAY_DB: process.env.ASSAY_DB || undefined });

export function dbPath(): string {
  return env().ASSAY_DB;
}
