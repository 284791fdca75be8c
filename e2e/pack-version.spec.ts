import path from "node:path";
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { loadPack } from "../bin/load/pack";
import { closeDb, openDb, type Db } from "../db/index";
import { loadDbScoringContext } from "../db/queries/scoring-context";
import { OLD_PACK, seedOldPack } from "../db/testing/old-pack";
import { runs } from "../db/schema";
import { makeRunText } from "../db/testing/runs";
import { deleteRun } from "../db/writes/delete-run";
import { importRunText } from "../db/writes/import-run";
import { repo, signIn } from "./helpers";

// Issue 17: a run scored under an older pack says so. The run is put into the served database (scripts/e2e-server.sh)
// the way a database seeded under that pack would hold it: the old pack, loaded long ago, with its own golden set.
const dbFile = process.env.ASSAY_E2E_DB ?? ".tmp/e2e/assay.db";
const CURRENT = loadPack().version;
const name = `scored under v${OLD_PACK} ${Date.now().toString(36)}`;
let db: Db;
let runId: number;
let old: Awaited<ReturnType<typeof seedOldPack>>;

test.beforeAll(async () => {
  db = await openDb(path.isAbsolute(dbFile) ? dbFile : repo(dbFile));
  old = await seedOldPack(db, "2000-01-01T00:00:00.000Z");
  const ctx = await loadDbScoringContext(db, OLD_PACK);
  runId = (await importRunText(db, ctx, { name, fileName: "old.jsonl", text: makeRunText(ctx.points), actor: "e2e" })).runId;
});

test.afterAll(async () => {
  await deleteRun(db, { runId, actor: "e2e" });
  await closeDb(db);
});

test("a run scored under an older pack says which, and its decisions show that pack's targets", async ({ page }) => {
  await signIn(page, "analyst");
  await page.goto("/");
  const row = page.getByRole("table", { name: "Runs" }).getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(`v${OLD_PACK}`);
  await expect(row).toContainText("not current");

  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name: `Run report: ${name}` })).toBeVisible();
  await expect(page.getByRole("note", { name: "Pack version" })).toContainText(`Scored under pack v${OLD_PACK}; the workbench's current pack is v${CURRENT}.`);
  await expect(page.getByRole("note", { name: "Pack version" })).toContainText(`not comparable with runs scored under v${CURRENT}`);

  const lineNo = makeRunText((await loadDbScoringContext(db, OLD_PACK)).points).split("\n").findIndex((l) => l.includes(`"${old.decisionId}"`)) + 1;
  await page.goto(`/runs/${runId}/decisions/${lineNo}`);
  await expect(page.getByRole("heading", { name: `Target (pack v${OLD_PACK})` })).toBeVisible();
  await expect(page.getByRole("table", { name: "Target" }).getByRole("row", { name: /^priority/ })).toContainText(String(old.oldTarget.priority));
});

test("comparing it with a run of the current pack says first, in words, that the two are not comparable", async ({ page }) => {
  await signIn(page, "analyst");
  const careful = (await db.select({ id: runs.id }).from(runs).where(eq(runs.name, "careful")).limit(1))[0]!.id;
  await page.goto(`/compare?baseline=run:${runId}&candidate=run:${careful}`);
  const alert = page.getByRole("alert", { name: "Not comparable" });
  await expect(alert).toContainText(`not comparable: pack v${OLD_PACK} vs v${CURRENT} (the targets changed, so Δ mixes the pack change with the agent change)`);
  await expect(page.getByRole("heading", { name: /^Verdict/ })).toBeVisible();
});

test("a run scored under the current pack carries no such notice", async ({ page }) => {
  await signIn(page, "analyst");
  await page.goto("/");
  await page.getByRole("table", { name: "Runs" }).getByRole("link", { name: "careful", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Run report: careful" })).toBeVisible();
  await expect(page.getByRole("note", { name: "Pack version" })).toHaveCount(0);
});
