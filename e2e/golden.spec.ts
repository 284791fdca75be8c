import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { repo, signIn } from "./helpers";

test("an analyst writes a case with a vague item and sees the warning", async ({ page }) => {
  await signIn(page, "analyst");
  await page.goto("/golden");
  const form = page.getByRole("form", { name: "Draft a golden case" });
  await form.getByLabel(/Customer message/).fill("When does my wire transfer arrive?");
  await form.getByLabel(/^must_include/).fill("states the 2 p.m. ET wire cut-off\nexplains the timing appropriately");
  await form.getByRole("button", { name: "Check draft" }).click();
  const findings = page.getByRole("list", { name: "Item findings" });
  await expect(findings).toContainText("vague");
  await expect(findings.getByRole("listitem").first()).toContainText("judgeable");
  await expect(page.getByRole("region", { name: "Draft check" })).toContainText("Where does this case go?");
  // checking keeps what the analyst wrote
  await expect(form.getByLabel(/^must_include/)).toHaveValue("states the 2 p.m. ET wire cut-off\nexplains the timing appropriately");
});

test.describe.serial("golden authoring", () => {
  let saved = "";

  test("a case saves with its item findings shown, and the vague item is kept as written, not fixed", async ({ page }) => {
    await signIn(page, "analyst");
    await page.goto("/golden");
    const form = page.getByRole("form", { name: "Draft a golden case" });
    await form.getByLabel(/^Suite/).selectOption("role:support_desk");
    await form.getByLabel(/Customer message/).fill("It's 1:45 pm ET. Can my wire still go out today?");
    await form.getByLabel(/^must_include/).fill("states that the outgoing wire cut-off is 2 p.m. ET\nexplains the timing appropriately");
    await form.getByLabel(/^must_not_include/).fill("promises the time the wire will arrive");
    await form.getByRole("button", { name: "Save case" }).click();
    const status = page.getByRole("status").filter({ hasText: "Saved" });
    await expect(status).toContainText(/Saved sup-\d{3} as version 1, with the item findings below/);
    saved = (await status.getByRole("link").textContent())!;
    await expect(page.getByRole("list", { name: "Item findings" })).toContainText("vague");
    await expect(page.getByRole("region", { name: "Draft check" })).toContainText("Where does this case go?");
    // The form empties once saved, so a second click cannot save a duplicate under the next id.
    await expect(form.getByLabel(/Customer message/)).toHaveValue("");

    await status.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Case ${saved}`);
    await expect(page.getByRole("list", { name: "must_include" })).toContainText("explains the timing appropriately");
    await expect(page.getByRole("listitem", { name: "version 1" })).toContainText("analyst@assay.test");
  });

  test("an edit with a change note becomes version 2, shown in the history with its diff", async ({ page }) => {
    await signIn(page, "analyst");
    await page.goto(`/golden/${saved}`);
    const form = page.getByRole("form", { name: "Edit case form" });
    await form.getByLabel(/^must_include/).fill("states that the outgoing wire cut-off is 2 p.m. ET\nstates that a wire requested before the cut-off is sent the same business day");
    await form.getByLabel(/^Change note/).fill("replace the vague timing item with the same-day rule");
    await form.getByRole("button", { name: "Save new version" }).click();
    await expect(page.getByRole("status", { name: "Saved" })).toContainText("Saved version 2");
    const v2 = page.getByRole("listitem", { name: "version 2" });
    await expect(v2).toContainText("replace the vague timing item with the same-day rule");
    await expect(v2).toContainText("analyst@assay.test");
    // Nothing of the vague item survives in the new one, so the diff shows a removal and an addition, not a rewording.
    const changes = v2.getByRole("list", { name: "Changes" });
    await expect(changes).toContainText("− must_include: “explains the timing appropriately”");
    await expect(changes).toContainText("+ must_include: “states that a wire requested before the cut-off is sent the same business day”");
    await expect(changes).not.toContainText("reworded");
    await expect(page.getByRole("list", { name: "must_include" })).toContainText("sent the same business day");
    // the form now edits version 2
    await expect(page.getByRole("heading", { name: "Edit (saves version 3)" })).toBeVisible();
  });

  test("an eval case cannot be edited in place: it is read-only, and copying it makes a new dev case to edit", async ({ page }) => {
    await signIn(page, "analyst");
    await page.goto("/golden");
    await page.getByRole("form", { name: "Case filters" }).getByLabel("Split").selectOption("eval");
    await expect(page.getByRole("form", { name: "Case filters" }).getByRole("status")).toContainText(/^10 of \d+ cases$/);
    await expect(page.getByRole("table", { name: "Golden cases" }).getByRole("row", { name: /sup-002/ })).toContainText("frozen");

    await page.goto("/golden/sup-002");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("frozen");
    await expect(page.getByRole("form", { name: "Edit case form" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Frozen case" })).toContainText("cannot be changed in place");
    await page.getByRole("button", { name: "Copy to a new case" }).click();
    await expect(page).toHaveURL(/\/golden\/sup-(?!002)\d{3}$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText("frozen");
    await expect(page.getByRole("form", { name: "Edit case form" })).toBeVisible();
    await expect(page.getByRole("listitem", { name: "version 1" })).toContainText("copied from sup-002");
  });

  test("a lead's export previews the golden files against what the server seeded and downloads them; golden/ on the server is untouched", async ({ page }) => {
    await signIn(page, "lead");
    await page.goto("/golden");
    const shippedText = readFileSync(repo("golden", "roles", "support_desk.json"), "utf8");
    await page.getByRole("button", { name: "Export golden cases" }).click();
    const preview = page.getByRole("region", { name: "Export preview" });
    const files = preview.getByRole("list", { name: "Files in the export" });
    await expect(files.getByRole("listitem").filter({ hasText: "golden/roles/support_desk.json" })).toContainText(/\+\d+ −\d+ lines/);
    await expect(files).toContainText("golden/roles/retirement_desk.json");
    await expect(files).toContainText("golden/policy_behaviors.json");
    const item = files.getByRole("listitem").filter({ hasText: "golden/roles/support_desk.json" });
    const [download] = await Promise.all([page.waitForEvent("download"), item.getByRole("link", { name: "download" }).click()]);
    expect(download.suggestedFilename()).toBe("support_desk.json");
    const written = JSON.parse(readFileSync((await download.path())!, "utf8")) as { cases: Array<{ id: string; must_include: string[] }> };
    expect(written.cases.find((c) => c.id === saved)?.must_include).toContain("states that a wire requested before the cut-off is sent the same business day");
    // the frozen eval case is exported unchanged
    const shipped = JSON.parse(shippedText) as { cases: Array<{ id: string }> };
    expect(written.cases.find((c) => c.id === "sup-002")).toEqual(shipped.cases.find((c) => c.id === "sup-002"));
    expect(readFileSync(repo("golden", "roles", "support_desk.json"), "utf8")).toBe(shippedText);
  });
});

test("an annotator cannot reach golden authoring", async ({ page }) => {
  await signIn(page, "annotator");
  await page.goto("/golden");
  await expect(page.getByRole("form", { name: "Draft a golden case" })).toHaveCount(0);
  await expect(page.getByText("Writing golden cases needs the analyst or lead role.")).toBeVisible();
});

test("the draft form takes no typing before its page has hydrated, so nothing typed there is lost or sent by GET", async ({ browser, page }) => {
  // Without scripts the page stays as the server sent it: the state a slow link shows for its first moments.
  const still = await browser.newContext({ javaScriptEnabled: false });
  try {
    const cold = await still.newPage();
    await signIn(cold, "analyst"); // an API sign-in and the home page, both of which need no scripts
    await cold.goto("/golden");
    const form = cold.getByRole("form", { name: "Draft a golden case" });
    await expect(form.getByLabel(/Customer message/)).toBeDisabled();
    await expect(form.getByRole("button", { name: "Save case" })).toBeDisabled();
    await expect(form).toHaveAttribute("data-ready", "false");
  } finally {
    await still.close();
  }
  await signIn(page, "analyst");
  await page.goto("/golden");
  const form = page.getByRole("form", { name: "Draft a golden case" });
  await expect(form).toHaveAttribute("data-ready", "true");
  await expect(form.getByLabel(/Customer message/)).toBeEditable();
  // The fieldset that holds the controls takes no part in the layout: a wide field spans the form's two-column grid
  // (a fieldset laid out as a box would be one grid cell, half the form).
  const [brief, whole] = [await form.getByLabel(/Customer message/).boundingBox(), await form.boundingBox()];
  expect(brief!.width).toBeGreaterThan(0.8 * whole!.width);
});
