import { z } from "zod";

// Where the data lives, parsed once per call from the environment (issue 29). DATABASE_URL=postgres://… puts the
// workbench, the CLI and the reward server on PostgreSQL; without it, the SQLite file at ASSAY_DB (tests use a temporary
// file). Exports have no path here (issue 20): the workbench hands them over as downloads, the CLI writes where --out says.
const envSchema = z.object({
  ASSAY_DB: z.string().min(1).default("data/assay.db"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL; unset it to use the SQLite file at ASSAY_DB")
    .optional(),
});

const env = () => envSchema.parse({ ASSAY_DB: process.env.ASSAY_DB || undefined, DATABASE_URL: process.env.DATABASE_URL || undefined });

export type Dialect = "sqlite" | "postgres";

/** A database named by a file path or a postgres:// URL: the form `assay db copy --from/--to` takes. */
export function dialectOfTarget(target: string): Dialect {
  return /^postgres(ql)?:\/\//.test(target) ? "postgres" : "sqlite";
}

/** A postgres:// URL without its password, for messages. */
export function redact(target: string): string {
  if (dialectOfTarget(target) !== "postgres") return target;
  try {
    const u = new URL(target);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return target.replace(/:[^:@/]*@/, ":***@");
  }
}

/** The process's database: DATABASE_URL when set, else the SQLite file. */
export function dbTarget(): string {
  const e = env();
  return e.DATABASE_URL ?? e.ASSAY_DB;
}

/** Which dialect this process runs on; the schema module and the few dialect-specific SQL fragments follow it. */
export function processDialect(): Dialect {
  return dialectOfTarget(dbTarget());
}

export function dbPath(): string {
  return env().ASSAY_DB;
}
