import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "bin/**/*.test.ts", "scripts/**/*.test.ts", "golden/**/*.test.ts"],
    environment: "node",
    testTimeout: 20000,
    // Seeding a temporary database from golden/ in beforeAll takes seconds; on a busy 2-core machine, more than the default 10.
    hookTimeout: 60000,
  },
});
