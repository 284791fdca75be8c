import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { repo, signIn } from "./helpers";

// Issue 20 (12): no import form a person cannot use; the analyst's placement guidance beside the suite selector; the
// golden cases table shows and searches each case's brief.

test("an annotator sees no run import and no judge report import; the server still refuses a forged one", async ({ page }) => {
  await signIn(page, "annotator");
  await page.goto("/");
  await expect(page.getByRole("table", { name: "Runs" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Import a run" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Import a run" })).toHaveCount(0);
  await page.goto("/compare");
  await expect(page.getByRole("form", { name: "Choose reports" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Import a judge report" })).toHaveCount(0);
  // Hiding is not the check: the import route refuses the annotator.
  const res = await page.request.post("/api/judge-reports?name=forged", { data: "{}", headers: { "content-type": "application/json" } });
  expect(res.status()).toBe(403);
  expect((await res.json()).error).toContain("import run needs the analyst or lead role");
});

for (const who of ["analyst", "lead"] as const) {
  test(`${who} sees both import forms`, async ({ page }) => {
    await signIn(page, who);
    await page.goto("/");
    await expect(page.getByRole("form", { name: "Import a run" })).toBeVisible();
    await page.goto("/compare");
    await expect(page.getByRole("form", { name: "Import a judge report" })).toBeVisible();
  });
}

test("an analyst's placement guidance sits beside the suite selector and says plainly when the choice differs", async ({ page }) => {
  await signIn(page, "analyst");
  await page.goto("/golden");
  const form = page.getByRole("form", { name: "Draft a golden case" });
  const guidance = form.getByRole("region", { name: "Placement guidance" });
  await expect(guidance).toContainText("the suggestion appears here as you type");
  await form.getByLabel(/Customer message/).fill("There's a withdrawal I didn't make.");
  await form.getByLabel(/^must_include/).fill("says the report is being escalated to the fraud team");
  await expect(guidance).toContainText("Suggested: the policy suite (behaviour escalation). Choose where the case goes.");

  const suite = form.getByLabel(/^Suite/);
  await suite.selectOption("role:support_desk");
  await expect(guidance.getByTestId("placement-choice")).toHaveText("Your choice differs from the suggestion: you chose the role file support_desk, the guidance suggests the policy suite (behaviour escalation).");
  await expect(guidance).toHaveClass(/warn/);
  await suite.selectOption("policy");
  await expect(guidance.getByTestId("placement-choice")).toHaveText("Your choice, the policy suite, matches the suggestion.");
  await expect(suite).toHaveAccessibleDescription(/matches the suggestion/);

  // Beside it: to the right of the selector, on the same row.
  const [s, g] = [await suite.boundingBox(), await guidance.boundingBox()];
  expect(g!.x).toBeGreaterThan(s!.x + s!.width);
  expect(g!.y).toBeLessThan(s!.y + s!.height);
  expect(g!.y + g!.height).toBeGreaterThan(s!.y);
});

test("the golden cases table shows each case's brief and can be searched", async ({ page }) => {
  const shipped = JSON.parse(readFileSync(repo("golden", "roles", "support_desk.json"), "utf8")) as { cases: Array<{ id: string; brief: string }> };
  const sup3 = shipped.cases.find((c) => c.id === "sup-003")!;
  await signIn(page, "annotator");
  await page.goto("/golden");
  const table = page.getByRole("table", { name: "Golden cases" });
  await expect(table.getByRole("columnheader", { name: "brief" })).toBeVisible();
  await expect(table.getByRole("row", { name: /sup-003/ })).toContainText(sup3.brief.slice(0, 40));
  const filters = page.getByRole("form", { name: "Case filters" });
  const total = Number(/of (\d+) cases/.exec((await filters.getByRole("status").textContent())!)![1]);
  await filters.getByRole("searchbox", { name: "Search" }).fill("wire cut-off");
  await expect(table.getByRole("row", { name: /sup-003/ })).toBeVisible();
  const shown = await table.getByRole("row").count();
  expect(shown - 1).toBeLessThan(total);
  await expect(filters.getByRole("status")).toHaveText(`${shown - 1} of ${total} cases`);
  for (const text of await table.getByRole("row").allTextContents()) if (!/case|brief/.test(text)) expect(text.toLowerCase()).toMatch(/wire|cut-off/);
  await filters.getByRole("searchbox", { name: "Search" }).fill("no such words anywhere zzz");
  await expect(table).toContainText("No cases match these filters.");
});
