import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { repo, signIn } from "./helpers";

// Issue 20 (4): exports never write into the server's working tree; only a lead exports golden; a download is the
// export that was previewed.

/** A fingerprint of every file an export could have written in the server's checkout. */
function serverTree(): string {
  const h = createHash("sha256");
  // probes/fresh/ is a folder of blind batches, never an export's target; the probe files are the .jsonl beside it.
  const files = [...readdirSync(repo("probes")).filter((f) => f.endsWith(".jsonl")).map((f) => repo("probes", f)), ...readdirSync(repo("golden", "roles")).map((f) => repo("golden", "roles", f)), repo("golden", "policy_behaviors.json")].sort();
  for (const f of files) h.update(`${f}\u0000${readFileSync(f)}\u0000`);
  return h.digest("hex");
}

const auditRows = async (page: Page, action: string, who: string) => {
  await page.goto("/audit");
  return page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: action }).filter({ hasText: who });
};

test("an annotator downloads the probes and the export is audited; the server's checkout is not written", async ({ page }) => {
  const before = serverTree();
  await signIn(page, "annotator");
  await page.goto("/probes");
  await page.getByRole("button", { name: "Export probes" }).click();
  const preview = page.getByRole("region", { name: "Export preview" });
  const h1 = preview.getByRole("listitem").filter({ hasText: "probes/h1.jsonl" });
  const [download] = await Promise.all([page.waitForEvent("download"), h1.getByRole("link", { name: "download" }).click()]);
  expect(download.suggestedFilename()).toBe("h1.jsonl");
  const text = readFileSync((await download.path())!, "utf8");
  expect(text.split("\n").filter(Boolean).every((l) => (JSON.parse(l) as { detector: string }).detector === "H1")).toBe(true);
  const row = (await auditRows(page, "probes.export", "annotator@assay.test")).first();
  await expect(row).toContainText('"via":"download"');
  await expect(row).toContainText('"file":"probes/h1.jsonl"');
  expect(serverTree()).toBe(before);
});

test("golden export is for leads: an analyst sees no button and a forged download is refused (403) and audited", async ({ page }) => {
  await signIn(page, "analyst");
  await page.goto("/golden");
  await expect(page.getByRole("form", { name: "Draft a golden case" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export golden cases" })).toHaveCount(0);
  const res = await page.request.get("/api/export/golden");
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { error: string }).error).toBe("export golden needs the lead role");
  await expect(await auditRows(page, "golden.export.refused", "analyst@assay.test")).not.toHaveCount(0);
  // Not even a file at a time, and an annotator no more than an analyst.
  expect((await page.request.get("/api/export/golden?file=golden/policy_behaviors.json")).status()).toBe(403);
  await signIn(page, "annotator");
  expect((await page.request.get("/api/export/golden")).status()).toBe(403);
});

test("a download is what was previewed: after a label changes, the preview's link is refused (409) until previewed again", async ({ page, browser }) => {
  await signIn(page, "annotator");
  await page.goto("/probes");
  await page.getByRole("button", { name: "Export probes" }).click();
  const link = page.getByRole("region", { name: "Export preview" }).getByRole("link", { name: /^Download all/ });
  const href = (await link.getAttribute("href"))!;
  expect((await page.request.get(href)).status()).toBe(200);

  // Another annotator's vote on a probe changes the export (a tie keeps the shipped label, so relabel by two).
  const probe = "h1-001";
  const voters = [];
  for (const who of ["analyst", "lead"] as const) {
    const context = await browser.newContext();
    const p = await context.newPage();
    await signIn(p, who);
    await p.goto(`/probes/H1?queue=all&probe=${probe}`);
    await expect(p.getByRole("group", { name: "Label" })).toHaveAttribute("data-ready", "true");
    voters.push({ context, p });
  }
  const shipped = (JSON.parse(readFileSync(repo("probes", "h1.jsonl"), "utf8").split("\n")[0]!) as { id: string; label: string });
  expect(shipped.id).toBe(probe);
  const flip = shipped.label === "violation" ? "c" : "v";
  const back = shipped.label === "violation" ? "v" : "c";
  for (const { p } of voters) await p.keyboard.press(flip);
  await expect.poll(async () => (await page.request.get(href)).status()).toBe(409);
  const refused = await page.request.get(href);
  expect(((await refused.json()) as { error: string }).error).toMatch(/^the probes changed since the preview \(version [0-9a-f]{16}, now [0-9a-f]{16}\): preview the export again$/);
  // Put the shipped label back, so later specs see the shipped figures.
  for (const { p, context } of voters) {
    await p.goto(`/probes/H1?queue=all&probe=${probe}`);
    await expect(p.getByRole("group", { name: "Label" })).toHaveAttribute("data-ready", "true");
    await p.keyboard.press(back);
    await context.close();
  }
  await expect.poll(async () => (await page.request.get(href)).status()).toBe(200);
});
