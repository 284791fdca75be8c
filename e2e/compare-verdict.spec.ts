import { expect, test, type Page } from "@playwright/test";
import { signIn, type DemoPerson } from "./helpers";

// Issue 20 (6, 7, 8): a verdict a lead can read, a picture of the difference, flip reasons in words and a case page
// that marks both replies. careful → overpromiser is REGRESSED with H5 flips (the shipped example runs).

/** The ref of an example run, read from the Compare page's options ("careful (run 3, score)" → run:3). */
async function runRef(page: Page, name: string): Promise<string> {
  const label = await page.getByRole("combobox", { name: "Baseline", exact: true }).locator("option", { hasText: new RegExp(`^${name} \\(run \\d+, score\\)`) }).first().textContent();
  return `run:${/\(run (\d+),/.exec(label ?? "")![1]}`;
}

async function openComparison(page: Page, baseline: string, candidate: string) {
  await page.goto("/compare");
  const [b, c] = [await runRef(page, baseline), await runRef(page, candidate)];
  await page.goto(`/compare?baseline=${b}&candidate=${c}`);
  await expect(page.getByRole("heading", { name: /^Verdict: / })).toBeVisible();
}

const num = (s: string) => Number(s.replace("−", "-"));
const signed = (x: number) => (x > 0 ? "+" : "") + x.toFixed(3);

for (const who of ["lead", "analyst", "annotator"] as const satisfies readonly DemoPerson[]) {
  test(`${who}: the verdict is coloured and said in one sentence from the comparison's own interval`, async ({ page }) => {
    await signIn(page, who);
    await openComparison(page, "careful", "overpromiser");
    const verdict = page.getByRole("region", { name: "Verdict" });
    await expect(verdict.getByRole("heading", { name: "Verdict: REGRESSED" })).toBeVisible();
    await expect(verdict).toHaveAttribute("data-tone", "worse");
    await expect(verdict.getByRole("heading", { name: "Verdict: REGRESSED" })).toHaveCSS("color", "rgb(179, 38, 30)");
    // The sentence prints the interval the figures table shows: computed from the data, not a fixed phrase.
    const ciText = await page.getByRole("table", { name: "Comparison figures" }).getByRole("row", { name: /^95% CI/ }).getByRole("cell").textContent();
    const [lo, hi] = /\[(.+), (.+)\]/.exec(ciText!)!.slice(1).map(num) as [number, number];
    expect(hi).toBeLessThan(0);
    await expect(page.getByTestId("verdict-sentence")).toHaveText(`The 95% interval of the mean paired Δ, [${signed(lo)}, ${signed(hi)}], lies entirely below 0: the candidate is worse.`);
  });
}

test("the minimum detectable Δ and the clustering are explained on hover and on keyboard focus", async ({ page }) => {
  await signIn(page, "lead");
  await openComparison(page, "careful", "overpromiser");
  const figures = page.getByRole("table", { name: "Comparison figures" });
  const mde = figures.getByRole("button", { name: "What is the minimum detectable Δ?" });
  const mdeTip = page.locator("#hint-mde");
  await expect(mdeTip).toBeHidden();
  await mde.hover();
  await expect(mdeTip).toBeVisible();
  await expect(mdeTip).toContainText(/2\.80 × the standard error 0\.\d{4} of the mean Δ over \d+ episodes/);
  await page.mouse.move(0, 0);
  await expect(mdeTip).toBeHidden();
  // Keyboard: focus the clustering hint (Tab from the MDE one) and its explanation shows, with the episode count.
  await mde.focus();
  await page.keyboard.press("Tab");
  const clustering = figures.getByRole("button", { name: "What is the resampling (clustering)?" });
  await expect(clustering).toBeFocused();
  await expect(page.locator("#hint-clustering")).toBeVisible();
  const clusters = /\((\d+) clusters\)/.exec((await figures.getByRole("row", { name: /^resampling/ }).textContent())!)![1];
  await expect(page.locator("#hint-clustering")).toContainText(`resamples whole episodes (${clusters} of them)`);
  // The explanation is the button's accessible description too.
  await expect(clustering).toHaveAccessibleDescription(/Decisions of one episode share a conversation/);
});

test("a forest plot per family and a histogram of per-case Δ sit beside the tables, as labelled SVG", async ({ page }) => {
  await signIn(page, "analyst");
  await openComparison(page, "careful", "overpromiser");
  const forest = page.getByRole("img", { name: /^Mean paired Δ with its 95% interval, overall and per family/ });
  await expect(forest).toBeVisible();
  const meanText = await page.getByRole("table", { name: "Comparison figures" }).getByRole("row", { name: /^mean Δ/ }).getByRole("cell").textContent();
  await expect(forest).toHaveAccessibleDescription(new RegExp(`overall: mean Δ ${signed(num(meanText!)).replace("+", "\\+")}`));
  await expect(forest.locator("text", { hasText: "mean Δ (candidate − baseline)" })).toHaveCount(1); // the x axis is labelled
  // One row per family that has cases, plus the overall row.
  const families = new Set((await page.getByRole("table", { name: "Per-case deltas" }).getByRole("row").locator("td:nth-child(2)").allTextContents()).filter(Boolean));
  await expect(forest.locator("g[data-row]")).toHaveCount(families.size + 1);
  await expect(forest.locator('g[data-row="overall"]')).toHaveAttribute("data-side", "below");

  const hist = page.getByRole("img", { name: /^Histogram of per-case Δ/ });
  await expect(hist).toBeVisible();
  const counts = (await hist.locator("rect[data-count]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-count"))))).reduce((a, b) => a + b, 0);
  const pairs = Number(await page.getByRole("table", { name: "Comparison figures" }).getByRole("row", { name: /^pairs/ }).getByRole("cell").textContent());
  expect(counts).toBe(pairs);
  await expect(hist.locator("text", { hasText: "cases" })).toHaveCount(1); // the y axis is labelled

  // Beside, not below: at the workbench's width the plot starts to the right of the figures table, the histogram right of the Δ table.
  await page.setViewportSize({ width: 1400, height: 900 });
  const table = await page.getByRole("table", { name: "Comparison figures" }).boundingBox();
  const plot = await page.locator("#forest-plot").boundingBox();
  expect(plot!.x).toBeGreaterThan(table!.x + table!.width - 1);
  expect(plot!.y).toBeLessThan(table!.y + table!.height);
  const deltas = await page.getByRole("table", { name: "Per-case deltas" }).boundingBox();
  const histBox = await page.locator("#delta-histogram").boundingBox();
  expect(histBox!.x).toBeGreaterThan(deltas!.x + deltas!.width - 1);
});

test("flips and blockers say why in the scorer's words, and the case page marks both replies; p/n walk the flips", async ({ page }) => {
  await signIn(page, "lead");
  await openComparison(page, "careful", "overpromiser");
  const items = page.getByRole("list", { name: "Cases to review" }).getByRole("listitem");
  expect(await items.count()).toBeGreaterThan(2);
  const reasons = await items.getByTestId("reason").allTextContents();
  // Never the bare code: every reason is words ("H5: commitment to '24 hours' (not allowed)").
  for (const r of reasons) expect(r).not.toMatch(/^\s*(H\d(, )?)+\s*$/);
  expect(reasons.some((r) => /H5: commitment to '[^']+' \(not allowed\)/.test(r))).toBe(true);

  const total = await items.count();
  const first = await items.nth(0).getByRole("link").textContent();
  const second = await items.nth(1).getByRole("link").textContent();
  await items.nth(0).getByRole("link").click();
  await expect(page.getByRole("heading", { name: `Case ${first}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Customer message" }).locator("p.customer")).not.toBeEmpty();
  const cand = page.getByRole("region", { name: "Candidate reply" });
  await expect(cand.locator("mark.hit")).not.toHaveCount(0); // the candidate's H5 hit, marked in the reply
  await expect(page.getByRole("list", { name: "Candidate detector hits" })).toContainText(/H5: /);
  // What the candidate added is marked in its reply, what it removed in the baseline's, as the summary counts them.
  await expect(page.getByTestId("reply-changes")).toContainText(/The candidate removed \d+ and added \d+ word/);
  const [removed, added] = /removed (\d+) and added (\d+)/.exec((await page.getByTestId("reply-changes").textContent())!)!.slice(1).map(Number) as [number, number];
  expect(added).toBeGreaterThan(0);
  await expect(cand.locator("ins.diff")).not.toHaveCount(0);
  const dels = page.getByRole("region", { name: "Baseline reply" }).locator("del.diff");
  if (removed > 0) await expect(dels).not.toHaveCount(0);
  else await expect(dels).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Flips to review" });
  await expect(nav).toContainText(`1 of ${total} to review`);

  // From the keyboard: the first Tab stops reach the next-flip link; Enter follows it.
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  const next = nav.getByRole("link", { name: `next flip: ${second} ›` });
  for (let i = 0; i < 30 && !(await next.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(next).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: `Case ${second}` })).toBeVisible();
  // And the shortcut: p goes back, n forward.
  await page.keyboard.press("p");
  await expect(page.getByRole("heading", { name: `Case ${first}` })).toBeVisible();
  await page.keyboard.press("n");
  await expect(page.getByRole("heading", { name: `Case ${second}` })).toBeVisible();
  // Typing in the review note does not navigate.
  const note = page.getByRole("region", { name: "Review of this case" }).getByLabel("Note");
  await note.fill("");
  await note.press("n");
  await expect(page.getByRole("heading", { name: `Case ${second}` })).toBeVisible();
  await expect(note).toHaveValue("n");
});

test("an annotator reads the same case page without review controls", async ({ page }) => {
  await signIn(page, "annotator");
  await openComparison(page, "careful", "overpromiser");
  await page.getByRole("list", { name: "Cases to review" }).getByRole("listitem").first().getByRole("link").click();
  await expect(page.getByRole("region", { name: "Customer message" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Candidate reply" }).locator("mark.hit")).not.toHaveCount(0);
  await expect(page.getByRole("region", { name: "Review of this case" }).getByRole("button", { name: "Accept" })).toHaveCount(0);
});
