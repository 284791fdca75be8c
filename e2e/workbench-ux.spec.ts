import { expect, test, type Page } from "@playwright/test";
import { exampleRunLines, jsonl, signIn, uploadRun } from "./helpers";

// Issue 26, items 9, 10 and 11: the lead's flip review in bulk, pages that show the state they are in, and pictures and
// tables that fit their space.

/** The example runs' ids by name, read from the Runs page. */
async function runIds(page: Page): Promise<(name: string) => string> {
  await page.goto("/");
  const links = page.getByRole("table", { name: "Runs" }).locator("th[scope=row] a");
  const ids = new Map<string, string>();
  for (const a of await links.all()) ids.set((await a.textContent())!.trim(), /\/runs\/(\d+)/.exec((await a.getAttribute("href"))!)![1]!);
  return (name: string) => ids.get(name)!;
}

/**
 * Opens a comparison of two example runs by name, with the current score baseline as the baseline when there is one
 * (approval needs it), else `fallback`. Returns the baseline's ref.
 */
async function openComparison(page: Page, fallback: string, candidate: string): Promise<string> {
  const idOf = await runIds(page);
  const cand = idOf(candidate);
  await page.goto(`/compare?candidate=run:${cand}`);
  if (await page.getByRole("note").filter({ hasText: "No score baseline approved yet" }).count()) await page.goto(`/compare?baseline=run:${idOf(fallback)}&candidate=run:${cand}`);
  await expect(page.getByRole("region", { name: "Verdict" })).toBeVisible();
  return page.getByRole("form", { name: "Choose reports" }).getByRole("combobox", { name: "Baseline", exact: true }).inputValue();
}

test("a lead accepts a family's or a reason's flips with one note, each recorded on its own; the page then shows the state it is in", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "lead");
  const baselineRef = await openComparison(page, "resolver", "overpromiser");
  const items = page.getByRole("list", { name: "Cases to review" }).getByRole("listitem");
  const n = await items.count();
  expect(n).toBeGreaterThan(1);
  const approve = page.getByRole("form", { name: "Approve baseline" });
  await approve.getByRole("button", { name: "Approve candidate as baseline" }).click();
  await expect(approve.getByRole("alert")).toContainText("not reviewed yet");

  const bulk = page.getByRole("form", { name: "Review several cases" });
  // By reason: the option says how many cases it holds, and choosing it ticks exactly those.
  const reason = bulk.getByLabel("by reason");
  const option = (await reason.locator("option").nth(1).textContent())!;
  await reason.selectOption({ index: 1 });
  await expect(bulk.getByTestId("selected-count")).toHaveText(`${/\((\d+)\)$/.exec(option)![1]} selected`);
  // By family, then all.
  const family = bulk.getByLabel("by family");
  const famOption = (await family.locator("option").nth(1).textContent())!;
  await family.selectOption({ index: 1 });
  await expect(bulk.getByTestId("selected-count")).toHaveText(`${/\((\d+)\)$/.exec(famOption)![1]} selected`);
  await bulk.getByRole("button", { name: /^all \(/ }).click();
  await expect(bulk.getByTestId("selected-count")).toHaveText(`${n} selected`);
  await expect(items.getByRole("checkbox", { checked: true })).toHaveCount(n);

  // Accepting needs a note, for all of them at once; nothing is saved without one.
  await bulk.getByRole("button", { name: "Accept selected" }).click();
  await expect(bulk.getByRole("alert")).toContainText("needs a note");
  await expect(items.getByTestId("review-status").filter({ hasText: "not reviewed" })).toHaveCount(n);
  await bulk.getByLabel("Note for all").fill("each reviewed in the e2e: the planted promise is expected here");
  await bulk.getByRole("button", { name: "Accept selected" }).click();
  const done = bulk.getByRole("status");
  await expect(done).toContainText(`Accepted ${n} cases, each recorded as its own review`);
  // The case ids are listed once, as links to their case pages.
  const links = done.getByRole("link");
  await expect(links).toHaveCount(n);
  expect(new Set(await links.allTextContents()).size).toBe(n);
  await expect(items.getByTestId("review-status").filter({ hasText: "accepted by lead@assay.test: each reviewed in the e2e" })).toHaveCount(n);

  // Item 10: the refusal that said "not reviewed yet" is gone, and so is every unmet rule about reviews.
  await expect(approve.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Not yet approvable" })).not.toContainText("not reviewed");
  const justification = approve.getByLabel(/Justification/);
  await justification.fill("the overpromiser's promises were each reviewed and accepted in this e2e run");
  await approve.getByRole("button", { name: "Approve candidate as baseline" }).click();
  await expect(approve.getByRole("status")).toContainText(/Approved run \d+ as the new baseline/);
  await expect(page.getByRole("list", { name: "Not yet approvable" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Approve candidate as baseline" })).toHaveCount(0);
  await expect(page.getByRole("note").filter({ hasText: "Approved over" })).toBeVisible();

  // Each case is its own review in the audit log.
  const entity = `${baselineRef}→run:${new URL(page.url()).searchParams.get("candidate")!.split(":")[1]}`;
  await page.goto("/audit");
  await expect(page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: "flip.accept" }).filter({ hasText: entity })).toHaveCount(n);
});

test("the case page says its components in words, explains graded, and its legend's colours are the marks'", async ({ page }) => {
  await signIn(page, "analyst");
  const idOf = await runIds(page);
  await page.goto(`/compare?baseline=run:${idOf("careful")}&candidate=run:${idOf("overpromiser")}`);
  // Forest plot: every label and figure inside the picture (n=156 is not cut to n=15).
  const overflow = await page.locator("#forest-plot").evaluate((svg: SVGSVGElement) =>
    [...svg.querySelectorAll("text")].filter((t) => {
      const b = t.getBBox();
      return b.x < -0.5 || b.x + b.width > svg.viewBox.baseVal.width + 0.5;
    }).map((t) => t.textContent),
  );
  expect(overflow).toEqual([]);
  await expect(page.locator("#forest-plot")).toContainText(/n=\d{3}/);

  await page.getByRole("list", { name: "Cases to review" }).getByRole("listitem").first().getByRole("link").first().click();
  const table = page.getByRole("table", { name: "Component scores side by side" });
  await expect(table).toBeVisible();
  const rows = await table.locator("tbody th[scope=row]").allTextContents();
  for (const words of ["action type", "policy citation", "must ask", "graded"]) expect(rows.some((r) => r.startsWith(words))).toBe(true);
  for (const r of rows) expect(r).not.toMatch(/[a-z][A-Z]/);
  await expect(table.getByRole("button", { name: "What is the graded row?" })).toBeVisible();
  // Shown on hover or focus; its text is in the page either way.
  await expect(table.locator("#hint-graded")).toContainText("weighted sum");
  await expect(table.locator("#hint-graded")).toContainText("destination × 0.25");

  // The legend's sample of each detector is drawn as that detector's marks in the replies are.
  const reply = page.getByRole("region", { name: "Candidate reply" });
  const marks = reply.locator("pre mark.hit");
  expect(await marks.count()).toBeGreaterThan(0);
  const bg = (el: Element) => getComputedStyle(el).backgroundColor;
  for (const m of await marks.all()) {
    const code = (await m.getAttribute("data-detector"))!.split(" ")[0]!;
    const legend = page.getByLabel("Marks").locator(`mark.hit-${code}`);
    expect(await legend.evaluate(bg)).toBe(await m.evaluate(bg));
  }
  // Hover text names each detector once.
  const titles = await page.locator("[title]").evaluateAll((els) => els.map((e) => e.getAttribute("title")!));
  for (const t of titles) expect(t).not.toMatch(/\b(H\d)( cleared)?: \1:/);
});

test("the labeller's per-set table stays in its panel, and a long model name leaves the Runs columns on screen", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, "analyst");
  await page.goto("/probes/H1?queue=all");
  const panel = page.getByRole("region", { name: "Detector figures" });
  const sets = panel.getByRole("table", { name: "Figures by probe set" });
  await expect(sets).toBeVisible();
  const [p, t] = [await panel.boundingBox(), await sets.boundingBox()];
  expect(t!.x + t!.width).toBeLessThanOrEqual(p!.x + p!.width + 0.5);

  const model = `acme-research/${"very-long-model-name-".repeat(6)}checkpoint-000123456789`;
  const lines = exampleRunLines("resolver").map((l) => ({ ...l, model }));
  const form = await uploadRun(page, { name: "long-model.jsonl", buffer: jsonl(lines) }, "long-model-name");
  await expect(form.getByRole("status")).toContainText("Imported");
  await page.goto("/");
  const runs = page.getByRole("table", { name: "Runs" });
  await expect(runs).toContainText(model);
  const box = await runs.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1400);
  const lastHeader = runs.getByRole("columnheader", { name: "vs baseline" });
  await expect(lastHeader).toBeInViewport();
});
