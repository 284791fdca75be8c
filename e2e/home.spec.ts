import { expect, test } from "@playwright/test";

test("the runs page lists every example run with its composite and hard-violation counts", async ({ page }) => {
  await page.goto("/");
  const table = page.getByRole("table", { name: "Example run reports" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row", { name: /careful\.jsonl/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /leaky\.jsonl/ })).toBeVisible();
});

test("the policy pack page shows v1.4 with FRD-04 and the v1.4 changelog", async ({ page }) => {
  await page.goto("/pack");
  await expect(page.getByRole("heading", { name: /policy pack v1\.4/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /FRD-04/ })).toBeVisible();
  await expect(page.getByText("v1.4", { exact: true })).toBeVisible();
});
