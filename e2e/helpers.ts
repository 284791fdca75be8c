import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import { f3 } from "../lib/format";
import { scoreReportSchema, type ScoreReport } from "../lib/scoring/report-schema";

const root = fileURLToPath(new URL("..", import.meta.url));
export const repo = (...p: string[]) => path.join(root, ...p);

/** The report `npx assay score --json` prints for a file: the workbench must show the same numbers. */
export function cliReport(file: string): ScoreReport {
  const out = execFileSync(process.execPath, [repo("bin", "assay.mjs"), "score", "--run", file, "--json"], { cwd: repo(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return scoreReportSchema.parse(JSON.parse(out));
}

/** The composites `npx assay score` reports for a file, as the workbench prints them. */
export function cliComposites(file: string): { dev: string; eval: string } {
  const r = cliReport(file);
  return { dev: f3(r.splits.dev.composite), eval: f3(r.splits.eval.composite) };
}

/** The lines of an example run, to build variants of it (a broken line, a hostile reply). */
export function exampleRunLines(name: string): Array<Record<string, unknown>> {
  return readFileSync(repo("golden", "runs", `${name}.jsonl`), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export const jsonl = (lines: unknown[]) => Buffer.from(`${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`);

/** Uploads a run through the form on the Runs page and waits for the result. */
export async function uploadRun(page: Page, file: { name: string; buffer: Buffer } | string, runName: string, timeout = 30_000) {
  await page.goto("/");
  const form = page.getByRole("form", { name: "Import a run" });
  await form.getByLabel("Run file").setInputFiles(typeof file === "string" ? file : { name: file.name, mimeType: "application/x-ndjson", buffer: file.buffer });
  await form.getByLabel("Name").fill(runName);
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByRole("status").or(form.getByRole("alert")).filter({ hasText: /Imported|Import failed/ })).toBeVisible({ timeout });
  return form;
}

export const DEMO_PASSWORD = "assay-demo-password";
export type DemoPerson = "lead" | "analyst" | "annotator";

/** Signs in through the form as one of the demo people (scripts/e2e-server.sh runs with ASSAY_DEMO=1). */
export async function signIn(page: Page, who: DemoPerson) {
  await page.context().clearCookies();
  await page.goto("/sign-in");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(`${who}@assay.test`);
  await form.getByLabel("Password").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Account" })).toContainText(`${who}@assay.test`);
}
