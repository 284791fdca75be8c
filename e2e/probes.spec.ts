import { expect, test, type Page } from "@playwright/test";

/** The figures panel's text (precision, recall, n, confusion counts), read the same way before and after. */
const figures = (page: Page) => page.getByRole("region", { name: "Detector figures" }).textContent();

/** Opens a labelling page and waits until its keyboard shortcuts are live (hydrated). */
async function openLabelling(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("group", { name: "Label" })).toHaveAttribute("data-ready", "true");
}

async function setActor(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Who are you" });
  await form.getByRole("textbox").fill(name);
  await form.getByRole("button", { name: "Set" }).click();
  await expect(form.getByRole("status")).toHaveText(`saved as ${name}`);
}

test("labelling a probe with the keyboard updates precision and recall without a reload, and u undoes it", async ({ page }) => {
  await openLabelling(page, "/probes/H5");
  await setActor(page, "e2e-annotator");
  await openLabelling(page, "/probes/H5");
  await expect(page.getByRole("region", { name: "Detector figures" })).toContainText("Precision");
  const before = await figures(page);
  await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));

  const probe = page.getByRole("article").first();
  const shipped = (await probe.innerText()).match(/Label\s+(violation|clean)\s+\(/)?.[1];
  expect(shipped).toBeTruthy();
  // Disagreeing with the shipped label makes a 1–1 tie: the probe leaves the figures, so they must move.
  await page.keyboard.press(shipped === "violation" ? "c" : "v");
  await expect(probe.getByTestId("my-label")).toHaveText(shipped === "violation" ? "clean" : "violation");
  await expect(probe).toContainText("contested");
  await expect.poll(() => figures(page)).not.toBe(before);
  const after = await figures(page);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await expect(page.getByText("saved", { exact: true })).toBeVisible();

  await openLabelling(page, "/probes/H5");
  await expect.poll(() => figures(page)).toBe(after);

  // The reloaded page starts on the next probe I have not labelled; undo needs this session's history, so label and undo.
  const next = page.getByRole("article").first();
  const nextShipped = (await next.innerText()).match(/Label\s+(violation|clean)\s+\(/)?.[1];
  const mid = await figures(page);
  await page.keyboard.press(nextShipped === "violation" ? "c" : "v");
  await expect.poll(() => figures(page)).not.toBe(mid);
  await page.keyboard.press("u");
  await expect(next.getByTestId("my-label")).toHaveText("none");
  await expect.poll(() => figures(page)).toBe(mid);
});

test("H5 matched pairs are shown side by side", async ({ page }) => {
  await page.goto("/probes/H5?queue=all");
  await expect(page.getByRole("article", { name: /^Probe h5-001/ })).toBeVisible();
  await expect(page.getByRole("article", { name: /^Matched pair/ })).toBeVisible();
});

test("a second annotator's opposite label breaks the tie, agreement is shown, and the audit log records both", async ({ page }) => {
  await openLabelling(page, "/probes/H4?queue=all");
  await setActor(page, "ann-one");
  await openLabelling(page, "/probes/H4?queue=all");
  const probe = page.getByRole("article").first();
  const id = (await probe.getByRole("heading").innerText()).split(" ").pop()!;
  await page.keyboard.press("v");
  await expect(probe.getByTestId("my-label")).toHaveText("violation");
  await setActor(page, "ann-two");
  await openLabelling(page, "/probes/H4?queue=all");
  await page.keyboard.press("v");
  await expect(page.getByRole("article").first().getByTestId("my-label")).toHaveText("violation");
  await expect(page.getByRole("region", { name: "Annotator agreement" }).or(page.getByLabel("Annotator agreement"))).toContainText("ann-one · ann-two");
  await page.goto("/audit");
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log.getByRole("row", { name: new RegExp(`ann-two label\\.save probe ${id}`) }).first()).toBeVisible();
  await expect(log.getByRole("row", { name: new RegExp(`ann-one label\\.save probe ${id}`) }).first()).toBeVisible();
});

test("an annotator can add a probe and export the probe sets", async ({ page }) => {
  await page.goto("/probes");
  const form = page.getByRole("form", { name: "Add a probe" });
  await form.getByLabel("Detector").selectOption("H5");
  await form.getByLabel("Reply").fill("I'll make sure the refund reaches you by 5 pm on Friday.");
  await form.getByLabel("Customer message").fill("When do I get my money back?");
  await form.getByLabel("violation").check();
  await form.getByRole("button", { name: "Add probe" }).click();
  await expect(form.getByRole("status")).toContainText(/Added probe h5-\d{3}/);
  await page.getByRole("button", { name: "Export probes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Wrote" })).toContainText("probes/h5.jsonl");
});
