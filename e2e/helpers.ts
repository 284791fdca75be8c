import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import { f3 } from "../lib/format";
import { scoreReportSchema, type ScoreReport } from "../lib/scoring/report-schema";
import { runCli } from "../bin/testing/run-cli";

const root = fileURLToPath(new URL("..", import.meta.url));
export const repo = (...p: string[]) => path.join(root, ...p);

const cliReports = new Map<string, ScoreReport>();

/**
 * The report `assay score --run FILE --json` prints: the workbench must show the same numbers. The CLI's main() runs in
 * this worker (bin/testing/run-cli.ts, as the unit tests run it), once per file content: a child process per call cost
 * about three seconds, most of it starting tsx and measuring the detectors, which a second call here reuses.
 */
export async function cliReport(file: string): Promise<ScoreReport> {
  const key = createHash("sha256").update(readFileSync(file)).digest("hex");
  let report = cliReports.get(key);
  if (!report) {
    const r = await runCli(["score", "--run", file, "--json"], { cwd: repo() });
    if (r.code !== 0) throw new Error(`assay score --run ${file} exited ${r.code}: ${r.err}`);
    cliReports.set(key, (report = scoreReportSchema.parse(JSON.parse(r.out))));
  }
  return report;
}

/** The composites `assay score` reports for a file, as the workbench prints them. */
export async function cliComposites(file: string): Promise<{ dev: string; eval: string }> {
  const r = await cliReport(file);
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

/**
 * Signs in as one of the demo people (scripts/e2e-server.sh runs with ASSAY_DEMO=1) by POST /api/sign-in, which shares
 * the form's path (app/_lib/sign-in-request.ts), and opens the home page, so the page is signed in with the app's
 * scripts loaded, as after the form. The form has specs of its own (home, sign-in-throttle, accounts). Skipping the
 * sign-in page saves about 0.15 s a spec; skipping the home page too saved more, but then a spec's first page loaded
 * every script cold, and a field filled before that page hydrated came out garbled (golden.spec.ts, once).
 */
export async function signIn(page: Page, who: DemoPerson) {
  await page.context().clearCookies();
  const res = await page.request.post("/api/sign-in", { data: { email: `${who}@assay.test`, password: DEMO_PASSWORD } });
  expect(res.status(), `signing in as ${who}: ${await res.text()}`).toBe(200);
  await page.goto("/");
  await expect(page.getByRole("form", { name: "Account" })).toContainText(`${who}@assay.test`);
}
