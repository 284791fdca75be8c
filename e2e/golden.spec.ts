import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

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
});

test("an annotator cannot reach golden authoring", async ({ page }) => {
  await signIn(page, "annotator");
  await page.goto("/golden");
  await expect(page.getByRole("form", { name: "Draft a golden case" })).toHaveCount(0);
  await expect(page.getByText("Writing golden cases needs the analyst or lead role.")).toBeVisible();
});
