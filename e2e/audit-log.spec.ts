import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { closeDb, openDb, type Db } from "../db/index";
import { auditLog } from "../db/schema";
import { audit } from "../db/writes/audit";
import { exampleRunLines, jsonl, repo, signIn, uploadRun } from "./helpers";

// Issue 26 (5, 6, 8): another site cannot make a person's browser run a recorded export or a server action; a flood of
// refusals is one counted row; the Audit log page filters and pages; a failed import is recorded.
const dbFile = process.env.ASSAY_E2E_DB ?? ".tmp/e2e/assay.db";
const stamp = Date.now().toString(36);
let db: Db;
let server: Server;
let other = "";

test.beforeAll(async ({ baseURL }) => {
  db = await openDb(path.isAbsolute(dbFile) ? dbFile : repo(dbFile));
  // Another origin (another port of this host): a link to the export and a form posting to a page, as an attacker's site.
  server = createServer((req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (req.url === "/export") return void res.end(`<!doctype html><a id="go" href="${baseURL}/api/export/probes">free prizes</a>`);
    res.end(`<!doctype html><form id="f" method="post" action="${baseURL}/users"><input name="email" value="x@evil.example"><button>go</button></form>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  other = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await closeDb(db);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const exportsBy = async (actor: string) => (await db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.action, "probes.export"), eq(auditLog.actor, actor)))).length;

test("a page on another site cannot make a lead's browser export the probes: 403 in words, and no export recorded", async ({ page }) => {
  await signIn(page, "lead");
  const before = await exportsBy("lead@assay.test");
  await page.goto(`${other}/export`);
  const answer = page.waitForResponse((r) => r.url().includes("/api/export/probes"));
  await page.getByRole("link", { name: "free prizes" }).click();
  const res = await answer;
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { error: string }).error).toBe("accepted from the workbench's own pages only: this request came from another site");
  expect(await exportsBy("lead@assay.test")).toBe(before);
  // The same download from the workbench itself still works, and is recorded.
  const own = await page.request.get("/api/export/probes");
  expect(own.status()).toBe(200);
  expect(await exportsBy("lead@assay.test")).toBe(before + 1);
});

test("a form on another site posting to a page gets a page saying it was refused, not a bare 500", async ({ page }) => {
  await signIn(page, "lead");
  await page.goto(`${other}/form`);
  const answer = page.waitForResponse((r) => r.url().endsWith("/users") && r.request().method() === "POST");
  await page.getByRole("button", { name: "go" }).click();
  expect((await answer).status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Refused: this form was sent from another site" })).toBeVisible();
  await expect(page.getByText("nothing was changed")).toBeVisible();
});

test("300 anonymous requests are one audit row counting 300, found with the page's filters", async ({ page, playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  for (let i = 0; i < 300; i++) expect((await anonymous.get("/api/runs/1/audit")).status()).toBe(401);
  await anonymous.dispose();
  await signIn(page, "lead");
  await page.goto("/audit");
  const filter = page.getByRole("form", { name: "Filter the audit log" });
  await filter.getByLabel("Who", { exact: true }).fill("anonymous");
  await filter.getByLabel("Action").selectOption("run_audit.export.refused");
  await filter.getByLabel("Outcome").selectOption("refused");
  await filter.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/who=anonymous/);
  await expect(page.getByRole("status")).toHaveText("1 entry matches; showing 1 newest.");
  const row = page.getByRole("table", { name: "Audit log" }).getByRole("row").nth(1);
  await expect(row.getByRole("cell").nth(4)).toHaveText("refused");
  await expect(row.getByRole("cell").nth(5)).toHaveText("300");
});

test("the Audit log pages through more entries than fit on one page, and filters by date", async ({ page }) => {
  const action = `e2e.paging.${stamp}`;
  for (let i = 0; i < 130; i++) await audit(db, { actor: "e2e@assay.test", action, entity: "e2e", entityId: String(i), at: `2026-01-0${1 + (i % 2)}T10:00:00.000Z` });
  await signIn(page, "analyst");
  await page.goto(`/audit?action=${encodeURIComponent(action)}`);
  const table = page.getByRole("table", { name: "Audit log" });
  await expect(page.getByRole("status")).toHaveText("130 entries match; showing 100 newest.");
  await expect(table.getByRole("row")).toHaveCount(101);
  await page.getByRole("navigation", { name: "Audit log pages" }).getByRole("link", { name: "Older entries ›" }).click();
  await expect(page.getByRole("status")).toHaveText("130 entries match; showing 30 older ones.");
  await expect(table.getByRole("row")).toHaveCount(31);
  await expect(page.getByRole("link", { name: "Older entries ›" })).toHaveCount(0);
  await page.getByRole("link", { name: "‹ Newest entries" }).click();
  await expect(table.getByRole("row")).toHaveCount(101);
  const filter = page.getByRole("form", { name: "Filter the audit log" });
  await filter.getByLabel("From", { exact: true }).fill("2026-01-02");
  await filter.getByLabel("To", { exact: true }).fill("2026-01-02");
  await filter.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("status")).toHaveText("65 entries match; showing 65 newest.");
});

test("a failed import leaves an audit row naming the file, line and field", async ({ page }) => {
  await signIn(page, "analyst");
  const lines = exampleRunLines("careful");
  lines[2] = { ...lines[2], thinking: "yes" };
  const name = `refused run ${stamp}`;
  const form = await uploadRun(page, { name: "broken.jsonl", buffer: jsonl(lines) }, name);
  await expect(form.getByRole("alert")).toContainText("Import failed at line 3, field thinking");
  await page.goto(`/audit?action=run.import.refused&who=analyst`);
  const row = page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('"file":"broken.jsonl","line":3,"field":"thinking"');
});
