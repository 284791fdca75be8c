import { expect, test } from "@playwright/test";
import { cliReport, repo, signIn } from "./helpers";
import { f3 } from "../lib/format";

test.beforeEach(async ({ page }) => {
  await signIn(page, "annotator");
});

test("the runs page lists every example run with its composite and hard-violation counts", async ({ page }) => {
  await page.goto("/");
  const table = page.getByRole("table", { name: "Runs" });
  await expect(table).toBeVisible();
  for (const name of ["careful", "leaky", "escalator", "resolver", "overpromiser", "format-breaker"]) {
    const row = table.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
    await expect(row).toContainText(`${name}.jsonl`);
    const cli = await cliReport(repo("golden", "runs", `${name}.jsonl`));
    const dev = row.getByRole("cell").nth(1);
    await expect(dev).toHaveText(f3(cli.splits.dev.composite));
    // With an advisory criterion the strict composite (every criterion hard) gets a column of its own (e2e/compare-ruler.spec.ts).
    if (cli.advisory.length) await expect(row.getByRole("cell").nth(2)).toHaveText(f3(cli.splits.dev.composite_strict));
  }
  await expect(table.getByRole("columnheader", { name: "H1" })).toBeVisible();
});

test("the policy pack page shows v1.6 with FRD-04 and the v1.6 changelog", async ({ page }) => {
  await page.goto("/pack");
  await expect(page.getByRole("heading", { name: /policy pack v1\.6/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /FRD-04/ })).toBeVisible();
  await expect(page.getByText("v1.6", { exact: true })).toBeVisible();
});

test("a visitor who is not signed in is sent to the sign-in page, and a wrong password is refused", async ({ page }) => {
  await page.context().clearCookies();
  await page.goto("/runs/1");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fruns%2F1$/);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill("lead@assay.test");
  await form.getByLabel("Password").fill("not the password");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(form.getByRole("alert")).toHaveText("wrong email or password");
});

test("signing in returns to the page that was asked for, and never to another site", async ({ page }) => {
  await page.context().clearCookies();
  await page.goto("/compare?baseline=run:1&candidate=run:2");
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill("lead@assay.test");
  await form.getByLabel("Password").fill("assay-demo-password");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/compare\?baseline=run(:|%3A)1&candidate=run(:|%3A)2$/);

  await page.context().clearCookies();
  await page.goto("/sign-in?next=//evil.example/phish");
  await form.getByLabel("Email").fill("lead@assay.test");
  await form.getByLabel("Password").fill("assay-demo-password");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test("signing out ends the session", async ({ page }) => {
  await page.getByRole("form", { name: "Account" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);
});
