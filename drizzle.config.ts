import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.sqlite.ts",
  out: "./db/migrations",
  dbCredentials: { url: process.env.ASSAY_DB ?? "data/assay.db" },
  strict: true,
  verbose: false,
});
