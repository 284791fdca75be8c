import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { repo, signIn, type DemoPerson } from "./helpers";

test.beforeEach(async ({ page }) => {
  await signIn(page, "annotator");
});

/** The figures panel's text (precision, recall, n, confusion counts), read the same way before and after (without the line saying what the last vote changed). */
const figures = (page: Page) =>
  page.getByRole("region", { name: "Detector figures" }).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelector('[data-testid="figure-change"]')?.remove();
    return copy.textContent;
  });

/** Opens a labelling page and waits until its keyboard shortcuts are live (hydrated). */
async function openLabelling(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("group", { name: "Label" })).toHaveAttribute("data-ready", "true");
}

async function setActor(page: Page, who: DemoPerson) {
  await signIn(page, who);
}

// These tests leave every effective label as shipped (a relabel is undone or outvoted back), so detector figures — and
// with them which criteria are advisory for a run imported later — end as they started. v / c save and move to the next
// probe, so a test that comes back to a probe opens it by id (?probe=).
test("labelling a probe with the keyboard updates precision and recall without a reload, and u undoes it", async ({ page }) => {
  await openLabelling(page, "/probes/H5?queue=all");
  // Annotators label blind by default; this test reads the shipped label first.
  await page.getByLabel(/Blind labelling/).uncheck();
  // The server sends what blind labelling hid only now (issue 26): wait for it.
  await expect(page.getByRole("article").first().getByTestId("prediction")).toBeVisible();
  await expect(page.getByRole("region", { name: "Detector figures" })).toContainText("Precision");
  await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));

  const first = page.getByRole("article").first();
  const id = (await first.getByRole("heading").innerText()).split(" ").pop()!;
  const probe = page.getByRole("article", { name: `Probe ${id}` });
  const shipped = (await first.innerText()).match(/Votes: shipped: (violation|clean)/)?.[1] as "violation" | "clean";
  expect(shipped).toBeTruthy();
  const opposite = shipped === "violation" ? "clean" : "violation";
  const mine = (await first.innerText()).match(/annotator@assay\.test: (violation|clean)/)?.[1] ?? "none";
  const before = await figures(page);
  // Disagreeing with the shipped label makes a 1–1 tie: the probe leaves the figures, so they must move.
  await page.keyboard.press(opposite[0]!);
  await expect(page.getByTestId("last-vote")).toContainText(`Saved ${opposite} on ${id}`);
  await expect(probe).toHaveCount(0);
  await expect.poll(() => figures(page)).not.toBe(before);
  const after = await figures(page);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await expect(page.getByText("saved", { exact: true })).toBeVisible();

  // u goes back to that probe and restores my previous label on it, and the figures with it.
  await page.keyboard.press("u");
  await expect(probe.getByTestId("my-label")).toHaveText(mine);
  await expect.poll(() => figures(page)).toBe(before);

  // Saved on the server: after a reload the relabel is still there and the figures match.
  await page.keyboard.press(opposite[0]!);
  await expect.poll(() => figures(page)).toBe(after);
  await expect(page.getByText("saved", { exact: true })).toBeVisible();
  await openLabelling(page, `/probes/H5?queue=all&probe=${id}`);
  await expect(probe.getByTestId("my-label")).toHaveText(opposite);
  await expect(probe).toContainText("contested");
  await expect.poll(() => figures(page)).toBe(after);

  // Agreeing with the shipped label makes it a 2–0 majority again: back to the starting figures.
  await page.keyboard.press(shipped[0]!);
  await expect.poll(() => figures(page)).toBe(before);
  await expect(page.getByText("saved", { exact: true })).toBeVisible();
  await openLabelling(page, `/probes/H5?queue=all&probe=${id}`);
  await expect(probe.getByTestId("my-label")).toHaveText(shipped);
});

test("H5 matched pairs are shown side by side", async ({ page }) => {
  await page.goto("/probes/H5?queue=all");
  await expect(page.getByRole("article", { name: /^Probe h5-001/ })).toBeVisible();
  await expect(page.getByRole("article", { name: /^Matched pair/ })).toBeVisible();
});

test("two annotators label the same probe: both votes count, agreement is shown, and the audit log records both", async ({ page }) => {
  await openLabelling(page, "/probes/H4?queue=all");
  await page.getByLabel(/Blind labelling/).uncheck();
  await expect(page.getByRole("article").first().getByTestId("prediction")).toBeVisible();
  const probe = page.getByRole("article").first();
  const id = (await probe.getByRole("heading").innerText()).split(" ").pop()!;
  const shipped = (await probe.innerText()).match(/Votes: shipped: (violation|clean)/)?.[1] as "violation" | "clean";
  for (const who of ["analyst", "annotator"] as const) {
    await setActor(page, who);
    await openLabelling(page, `/probes/H4?queue=all&probe=${id}`);
    await page.keyboard.press(shipped[0]!);
    await expect(page.getByTestId("last-vote")).toContainText(`Saved ${shipped} on ${id}`);
    await expect(page.getByText("saved", { exact: true })).toBeVisible();
  }
  await openLabelling(page, `/probes/H4?queue=all&probe=${id}`);
  await expect(page.getByRole("article", { name: `Probe ${id}` })).toContainText(`Label ${shipped} (3 of 3)`);
  await expect(page.getByRole("complementary").getByRole("table", { name: "Agreement between annotators" })).toContainText("analyst@assay.test · annotator@assay.test");
  await page.goto("/probes");
  await expect(page.getByRole("table", { name: "H4 annotator agreement" })).toContainText("analyst@assay.test · annotator@assay.test");
  await page.goto("/audit");
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log.getByRole("row", { name: new RegExp(`annotator@assay\\.test label\\.save probe ${id}`) }).first()).toBeVisible();
  await expect(log.getByRole("row", { name: new RegExp(`analyst@assay\\.test label\\.save probe ${id}`) }).first()).toBeVisible();
});

test("an annotator can add a probe and download the probe sets, previewed against what the server seeded", async ({ page }) => {
  await page.goto("/probes");
  const form = page.getByRole("form", { name: "Add a probe" });
  // A clean, neutral and complete margin-call list: the detector should agree, so recall (and advisory status) stay put.
  await form.getByLabel("Detector").selectOption("H4");
  await form.getByLabel("Reply").fill("To meet a margin call you can deposit funds, deposit marginable securities, or close positions. The choice is yours.");
  await form.getByLabel("Customer message").fill("I got a margin call. What are my options?");
  await form.getByLabel("clean").check();
  await form.getByRole("button", { name: "Add probe" }).click();
  await expect(form.getByRole("status")).toContainText(/Added probe h4-\d{3}/);
  const id = /h4-\d{3}/.exec((await form.getByRole("status").textContent())!)![0];
  // Issue 20: the export is a preview and a download; the server's probes/ is never written.
  const shipped = readFileSync(repo("probes", "h4.jsonl"), "utf8");
  await page.getByRole("button", { name: "Export probes" }).click();
  const preview = page.getByRole("region", { name: "Export preview" });
  const h4 = preview.getByRole("listitem").filter({ hasText: "probes/h4.jsonl" });
  await expect(h4).toContainText("+1 −0 lines");
  await h4.getByText("diff against the seeded probes/h4.jsonl").click();
  await expect(h4.getByLabel("Diff of probes/h4.jsonl")).toContainText(`+{"id": "${id}"`);
  const [download] = await Promise.all([page.waitForEvent("download"), preview.getByRole("link", { name: /^Download all/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^assay-probes-[0-9a-f]{16}\.zip$/);
  const zip = readFileSync((await download.path())!);
  expect(zip.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
  expect(zip.toString("utf8")).toContain(`{"id": "${id}"`); // stored, not compressed: the JSONL is in the archive as is
  expect(readFileSync(repo("probes", "h4.jsonl"), "utf8")).toBe(shipped);
});

test("the figures panel gives each probe set on its own, the unfixed blind set first, adding up to the pooled n", async ({ page }) => {
  await openLabelling(page, "/probes/H1?queue=all");
  const panel = page.getByRole("region", { name: "Detector figures" });
  const rows = panel.getByRole("table", { name: "Figures by probe set" }).getByRole("row");
  await expect(rows.nth(1)).toContainText(/\(unfixed\)/);
  const pooled = Number(/n = (\d+)/.exec(await panel.innerText())![1]);
  const perSet = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => Number(tr.querySelectorAll("td")[0]!.textContent)));
  expect(perSet.reduce((a, b) => a + b, 0)).toBe(pooled);
});
