import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

/** Picks a baseline and a candidate among the example runs on the Compare page. */
async function compareRuns(page: import("@playwright/test").Page, baseline: string, candidate: string) {
  await page.goto("/compare");
  const form = page.getByRole("form", { name: "Choose reports" });
  await form.getByRole("combobox", { name: "Baseline", exact: true }).selectOption({ label: `${baseline}` });
  await form.getByRole("combobox", { name: "Candidate", exact: true }).selectOption({ label: `${candidate}` });
  await form.getByRole("button", { name: "Compare" }).click();
  await expect(page.getByRole("heading", { name: /^Verdict: / })).toBeVisible();
}

const optionLabel = async (page: import("@playwright/test").Page, name: string) =>
  (await page.getByRole("form", { name: "Choose reports" }).getByRole("combobox", { name: "Baseline", exact: true }).locator("option", { hasText: new RegExp(`^${name} \\(run \\d+, score\\)`) }).first().textContent())!.trim();

test("a lead compares two example runs, reviews the gate flip and approves the candidate", async ({ page }) => {
  await signIn(page, "lead");
  await page.goto("/compare");
  const [escalator, careful] = [await optionLabel(page, "escalator"), await optionLabel(page, "careful")];
  await compareRuns(page, escalator, careful);
  await expect(page.getByRole("heading", { name: "Verdict: IMPROVED" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Comparison figures" })).toContainText("minimum detectable Δ");
  await expect(page.getByRole("table", { name: "Per-case deltas" })).toBeVisible();

  // Approval is refused until the flip is reviewed and the blocker justified.
  const approve = page.getByRole("form", { name: "Approve baseline" });
  await approve.getByRole("button", { name: "Approve candidate as baseline" }).click();
  await expect(approve.getByRole("alert")).toContainText("not reviewed yet");

  const item = page.getByRole("list", { name: "Cases to review" }).getByRole("listitem").first();
  await expect(item.getByTestId("review-status")).toHaveText("not reviewed");
  await item.getByLabel("Note").fill("the new refusal is stricter than the target asks, acceptable");
  await item.getByRole("button", { name: "Accept" }).click();
  await expect(item.getByTestId("review-status")).toContainText("accepted by lead@assay.test");

  await approve.getByLabel(/Justification/).fill("the blocker is a stricter refusal the lead reviewed and accepted");
  await approve.getByRole("button", { name: "Approve candidate as baseline" }).click();
  await expect(approve.getByRole("status")).toContainText("Approved run");

  await page.goto("/baselines");
  const history = page.getByRole("table", { name: "Baseline history" });
  await expect(history.getByRole("row").nth(1)).toContainText("lead@assay.test");
  await expect(history.getByRole("row").nth(1)).toContainText("IMPROVED");
});

test("an annotator sees no approval control, and a forged approval request is refused (403) and audited", async ({ page }) => {
  await signIn(page, "annotator");
  await page.goto("/compare");
  const [escalator, careful] = [await optionLabel(page, "escalator"), await optionLabel(page, "careful")];
  await compareRuns(page, escalator, careful);
  await expect(page.getByRole("form", { name: "Approve baseline" })).toHaveCount(0);
  await expect(page.getByText("Only a lead can approve a baseline.")).toBeVisible();
  const ids = [escalator, careful].map((l) => Number(/\(run (\d+),/.exec(l)![1]));

  const res = await page.request.post("/api/baselines", { data: { baselineRunId: ids[0], candidateRunId: ids[1], justification: "forged by an annotator, should be refused" } });
  expect(res.status()).toBe(403);
  expect((await res.json()).error).toContain("approve baseline needs the lead role");

  await page.goto("/audit");
  await expect(page.getByRole("table", { name: "Audit log" }).getByRole("row", { name: /annotator@assay\.test baseline\.approve\.refused run/ }).first()).toBeVisible();
});

test("a request without a session is refused with 401", async ({ request }) => {
  const res = await request.post("/api/baselines", { data: { baselineRunId: 1, candidateRunId: 2 } });
  expect(res.status()).toBe(401);
});

test("a case opens with the two replies side by side and the difference per score component", async ({ page }) => {
  await signIn(page, "analyst");
  await page.goto("/compare");
  const [escalator, careful] = [await optionLabel(page, "escalator"), await optionLabel(page, "careful")];
  await compareRuns(page, escalator, careful);
  await page.getByRole("table", { name: "Per-case deltas" }).getByRole("row").nth(1).getByRole("link").click();
  await expect(page.getByRole("table", { name: "Component scores side by side" })).toContainText("score");
  await expect(page.getByRole("region", { name: "Baseline reply" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Candidate reply" })).toBeVisible();
});
