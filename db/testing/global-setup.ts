import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

// Vitest globalSetup (issue 29): seeds the repository's pack, episodes and probes ONCE per test run — with and without
// the example runs — into template databases, so a test file asks makeTempDb({ seeded }) for a copy (a file copy on
// SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL) instead of seeding for seconds in its own beforeAll.
declare module "vitest" {
  export interface ProvidedContext {
    seededTemplates: { pack: string; demo: string };
  }
}

export default async function setup(project: TestProject) {
  // The templates' dialect is the pass's (vitest.config.ts blanks DATABASE_URL; vitest.pg.config.ts sets it), and
  // db/schema.ts reads it when first imported, so set it before importing the data layer.
  process.env.DATABASE_URL = project.config.env?.DATABASE_URL ?? "";
  const { closeDb, openDb } = await import("../index");
  const { seedFromRepo } = await import("../writes/seed-repo");
  const { createPgDatabase, dropPgDatabase } = await import("./temp-db");
  const pg = process.env.DATABASE_URL.startsWith("postgres");
  const dir = mkdtempSync(path.join(tmpdir(), "assay-seeded-"));
  const templates = { pack: "", demo: "" };
  for (const kind of ["pack", "demo"] as const) {
    const target = pg ? await createPgDatabase(`assay_seeded_${kind}_${process.pid}`) : path.join(dir, `${kind}.db`);
    const db = await openDb(target);
    await seedFromRepo(db, { exampleRuns: kind === "demo" });
    await closeDb(db); // SQLite: closing checkpoints the WAL into the file, so a plain copy is whole
    templates[kind] = target;
  }
  project.provide("seededTemplates", templates);
  return async () => {
    if (pg) for (const t of Object.values(templates)) await dropPgDatabase(t);
    rmSync(dir, { recursive: true, force: true });
  };
}
