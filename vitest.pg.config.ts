import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import base, { UNIT_INCLUDE } from "./vitest.config.ts";

// The PostgreSQL pass (issue 29): every test file that opens a database runs again with DATABASE_URL set, so each
// makeTempDb() is a fresh database cloned from a migrated template on that server. `scripts/test-pg.sh` starts a
// throwaway server (scripts/ensure-postgres.sh) and runs this config.
const url = process.env.DATABASE_URL;
if (!url?.startsWith("postgres")) throw new Error("vitest.pg.config.ts needs DATABASE_URL=postgres://…; run `bash scripts/test-pg.sh`");

const roots = [...new Set(UNIT_INCLUDE.map((g) => g.split("/")[0]!))];
const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? (e.name === "node_modules" ? [] : testFiles(p)) : e.name.endsWith(".test.ts") ? [p] : [];
  });
const dbTests = roots.flatMap(testFiles).filter((f) => /makeTempDb|openDb\(|process\.env\.DATABASE_URL/.test(readFileSync(f, "utf8")));

// Three workers: these files spend much of their time waiting on the server. Not mergeConfig: it would concatenate the include lists and run the whole unit suite again.
export default defineConfig({ ...base, test: { ...base.test, include: dbTests, env: { DATABASE_URL: url }, maxWorkers: 3 } });
