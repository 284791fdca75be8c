import { z } from "zod";

// The database path comes from the environment, parsed once; ASSAY_DB moves it (tests use a temporary file).
const envSchema = z.object({
  ASSAY_DB: z.string().min(1).default("data/assay.db"),
});

export function dbPath(): string {
  return envSchema.parse({ ASSAY_DB: process.env.ASSAY_DB || undefined }).ASSAY_DB;
}
