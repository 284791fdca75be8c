import { defineConfig } from "drizzle-kit";

/** PostgreSQL twin of drizzle.config.ts (SQLite): migrations of db/schema.pg.ts. Generating needs no server. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.pg.ts",
  out: "./db/migrations-pg",
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/assay" },
  strict: true,
  verbose: false,
});
