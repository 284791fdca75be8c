import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export const UNIT_INCLUDE = ["lib/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "bin/**/*.test.ts", "scripts/**/*.test.ts", "golden/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: UNIT_INCLUDE,
    environment: "node",
    // The default pass is the SQLite one, whatever the shell exports; the PostgreSQL pass is vitest.pg.config.ts.
    env: { DATABASE_URL: "" },
    // Seeds the template databases makeTempDb({ seeded }) copies, once per run rather than once per test file.
    globalSetup: ["db/testing/global-setup.ts"],
    // Vitest's default on a 2-core machine is ONE worker (cores - 1); much of the suite waits on child processes and
    // the database server, so two workers finish it sooner.
    maxWorkers: 2,
    testTimeout: 20000,
    // Seeding a temporary database from golden/ in beforeAll takes seconds; on a busy 2-core machine, more than the default 10.
    hookTimeout: 60000,
  },
});
