import { expect, test } from "@playwright/test";

test("the runs page lists every example run with its composite and hard-violation counts", async ({ page }) => {
  await page.goto("/");
  const table = page.getByRole("table", { name: "Runs" });
  await expect(table).toBeVisible();
  for (const name of ["careful", "leaky", "escalator", "resolver", "overpromiser", "format-breaker"]) {
    const row = table.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
    await expect(row).toContainText(`${name}.jsonl`);
    await expect(row.getByRole("cell").nth(3)).toHaveText(/^0\.\d{3}$/); // composite dev
  }
  await expect(table.getByRole("columnheader", { name: "H1" })).toBeVisible();
});

test("the policy pack page shows v1.4 with FRD-04 and the v1.4 changelog", async ({ page }) => {
  await page.goto("/pack");
  await expect(page.getByRole("heading", { name: /policy pack v1\.4/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /FRD-04/ })).toBeVisible();
  await expect(page.getByText("v1.4", { exact: true })).toBeVisible();
});
