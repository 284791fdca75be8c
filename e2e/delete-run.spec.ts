import path from "node:path";
import { expect, test, type Request } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { runRef, type ReportRef } from "../lib/approval/report-ref";
import { closeDb, openDb, type Db } from "../db/index";
import { loadDbScoringContext } from "../db/queries/scoring-context";
import { flipReviews, runs } from "../db/schema";
import { makeRunText } from "../db/testing/runs";
import { saveFlipReview } from "../db/writes/baselines";
import { importRunText } from "../db/writes/import-run";
import { repo, signIn } from "./helpers";

// Issue 20 (5): deleting a run is for leads, is refused while any flip review names the run, and the confirmation says
// what goes with it. Two runs are put into the served database (scripts/e2e-server.sh): A, which nobody reviewed, and B,
// named by a lead's rejection of one flip (not an approval).
const dbFile = process.env.ASSAY_E2E_DB ?? ".tmp/e2e/assay.db";
const stamp = Date.now().toString(36);
let db: Db;
let a: number;
let b: number;
let lines: number;
let baselineRef: ReportRef;

test.beforeAll(async () => {
  db = await openDb(path.isAbsolute(dbFile) ? dbFile : repo(dbFile));
  const ctx = await loadDbScoringContext(db);
  const text = makeRunText(ctx.points);
  lines = ctx.points.length;
  a = (await importRunText(db, ctx, { name: `delete-a ${stamp}`, fileName: "a.jsonl", text, actor: "e2e" })).runId;
  b = (await importRunText(db, ctx, { name: `delete-b ${stamp}`, fileName: "b.jsonl", text, actor: "e2e" })).runId;
  baselineRef = runRef((await db.select({ id: runs.id }).from(runs).where(eq(runs.example, true)).limit(1))[0]!.id);
  await saveFlipReview(db, { baselineRef, candidateRef: runRef(b), review: { case_key: ctx.points[0]!.decision_id, decision: "reject", note: "", reviewer: "lead@assay.test", at: new Date().toISOString() } });
});

test.afterAll(async () => {
  await db.delete(flipReviews).where(and(eq(flipReviews.baselineRef, baselineRef), eq(flipReviews.candidateRef, `run:${b}`)));
  await db.delete(runs).where(eq(runs.id, b));
  await closeDb(db);
});

test.describe.serial("deleting a run", () => {
  let deleteRequest: Request;

  test("a lead's confirmation lists what goes with a run nobody reviewed; confirming deletes it and the audit log says what went", async ({ page }) => {
    await signIn(page, "lead");
    await page.goto(`/runs/${a}`);
    await page.getByRole("button", { name: "Delete run…" }).click();
    const confirm = page.getByRole("region", { name: "Delete this run" });
    const goes = confirm.getByRole("list", { name: "Deleted with the run" });
    await expect(goes).toContainText(`${lines} model outputs (run lines)`);
    await expect(goes).toContainText(`${lines} decision scores`);
    await expect(confirm.getByRole("list", { name: "Why it cannot be deleted" })).toHaveCount(0);
    const captured = page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined);
    await confirm.getByRole("button", { name: `Delete run and ${(2 * lines).toLocaleString("en-US")} rows` }).click();
    deleteRequest = await captured;
    await expect(page).toHaveURL(/\/$/);
    expect(await db.select().from(runs).where(eq(runs.id, a))).toEqual([]);
    await page.goto("/audit");
    const row = page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: "run.delete" }).filter({ hasText: `run ${a}` });
    await expect(row).toContainText("lead@assay.test");
    await expect(row).toContainText(`"deleted":{"decision_scores":${lines},"run_lines":${lines}}`);
  });

  test("a run a flip review names cannot be deleted: the confirmation says why, and a forced request is refused by the server", async ({ page }) => {
    await signIn(page, "lead");
    await page.goto(`/runs/${b}`);
    await page.getByRole("button", { name: "Delete run…" }).click();
    const confirm = page.getByRole("region", { name: "Delete this run" });
    await expect(confirm.getByRole("list", { name: "Why it cannot be deleted" })).toHaveText(`1 flip review(s) of the comparison ${baselineRef} → run:${b} name it`);
    await expect(confirm.getByRole("button", { name: /^Delete run and/ })).toBeDisabled();
    // The lead's own delete action, replayed for run B: the server re-checks and refuses.
    const h = deleteRequest.headers();
    const replay = await page.request.post(deleteRequest.url().replace(`/runs/${a}`, `/runs/${b}`), {
      headers: { "next-action": h["next-action"]!, "content-type": h["content-type"]!, accept: "text/x-component", origin: h["origin"] ?? new URL(deleteRequest.url()).origin },
      data: deleteRequest.postData()!.replace(String(a), String(b)),
    });
    expect(await replay.text()).toContain(`run #${b} 'delete-b ${stamp}' cannot be deleted: 1 flip review(s) of the comparison ${baselineRef} → run:${b} name it`);
    expect(await db.select().from(runs).where(eq(runs.id, b))).toHaveLength(1);
  });

  test("an analyst (who may import) sees no delete control, and a forged delete is refused (403) and audited", async ({ page }) => {
    await signIn(page, "analyst");
    await page.goto(`/runs/${b}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`delete-b ${stamp}`);
    await expect(page.getByRole("button", { name: "Delete run…" })).toHaveCount(0);
    const h = deleteRequest.headers();
    const replay = await page.request.post(deleteRequest.url().replace(`/runs/${a}`, `/runs/${b}`), {
      headers: { "next-action": h["next-action"]!, "content-type": h["content-type"]!, accept: "text/x-component", origin: h["origin"] ?? new URL(deleteRequest.url()).origin },
      data: deleteRequest.postData()!.replace(String(a), String(b)),
    });
    expect(await replay.text()).toContain("delete run needs the lead role");
    expect(await db.select().from(runs).where(eq(runs.id, b))).toHaveLength(1);
    await page.goto("/audit");
    const row = page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: "run.delete.refused" }).filter({ hasText: `run ${b}` });
    await expect(row.first()).toContainText("analyst@assay.test");
    await expect(row.first()).toContainText('"status":403');
  });
});
