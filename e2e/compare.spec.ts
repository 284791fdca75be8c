import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { repo, signIn } from "./helpers";

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
  // A pair nobody approved: once a pair is approved the page shows the approval, not the rules (issue 26, item 10).
  await compareRuns(page, careful, escalator);
  await expect(page.getByRole("form", { name: "Approve baseline" })).toHaveCount(0);
  // Said once, among the reasons the candidate is not approvable by this person.
  await expect(page.getByRole("list", { name: "Not yet approvable" })).toContainText("only a lead can approve a baseline");
  await expect(page.getByText(/only a lead can approve a baseline/i)).toHaveCount(1);
  const ids = [escalator, careful].map((l) => Number(/\(run (\d+),/.exec(l)![1]));

  const res = await page.request.post("/api/baselines", { data: { baselineRef: `run:${ids[0]}`, candidateRef: `run:${ids[1]}`, justification: "forged by an annotator, should be refused" } });
  expect(res.status()).toBe(403);
  expect((await res.json()).error).toContain("approve baseline needs the lead role");

  await page.goto("/audit");
  await expect(page.getByRole("table", { name: "Audit log" }).getByRole("row", { name: /annotator@assay\.test baseline\.approve\.refused run/ }).first()).toBeVisible();
});

test("a request without a session is refused with 401 (the older run-id body included)", async ({ request }) => {
  expect((await request.post("/api/baselines", { data: { baselineRef: "judge:1", candidateRef: "judge:2" } })).status()).toBe(401);
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

/** A judge report option's full label, by report name (e.g. "careful (judge report 1)"). */
const judgeOptionLabel = async (page: import("@playwright/test").Page, name: string) =>
  (await page.getByRole("form", { name: "Choose reports" }).getByRole("combobox", { name: "Baseline", exact: true }).locator("option", { hasText: new RegExp(`^${name} \\(judge report \\d+\\)`) }).first().textContent())!.trim();

test("a lead uploads a judge report, compares it with a shipped one, opens the flipped case, reviews the flip and approves it as the judge baseline", async ({ page }) => {
  // The candidate: the shipped careful report with one case (retirement_desk/ret-001) taken from sloppy, reply made hostile.
  const read = (name: string) => JSON.parse(readFileSync(repo("golden", "runs", "judge", `${name}.report.json`), "utf8")) as { cases: Array<Record<string, unknown>> };
  const candidate = read("careful");
  const flipped = { ...read("sloppy").cases.find((c) => c.role === "retirement_desk" && c.id === "ret-001")! };
  flipped.candidate = `${String(flipped.candidate)} <b>bold</b><img src=x onerror="document.title='pwned'">`;
  candidate.cases = candidate.cases.map((c) => (c.role === "retirement_desk" && c.id === "ret-001" ? flipped : c));

  await signIn(page, "lead");
  await page.goto("/compare");
  const upload = page.getByRole("form", { name: "Import a judge report" });
  await upload.getByLabel("Judge report file").setInputFiles({ name: "careful-regressed.report.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(candidate)) });
  await upload.getByLabel("Name").fill("careful-regressed");
  await upload.getByRole("button", { name: "Import judge report" }).click();
  await expect(upload.getByRole("status")).toContainText("Imported judge report careful-regressed");

  await page.goto("/compare");
  const [careful, regressed] = [await judgeOptionLabel(page, "careful"), await judgeOptionLabel(page, "careful-regressed")];
  await compareRuns(page, careful, regressed);
  const item = page.getByRole("list", { name: "Cases to review" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("retirement_desk/ret-001");
  await expect(item).toContainText("pass→fail");
  await expect(item).toContainText("blocker");
  // In the judge's words, once: the item text is not repeated as a bare code beside them (issue 20).
  await expect(item.getByTestId("reason")).toContainText("forbidden: states a tax amount the customer would owe");

  // The case page: both replies as text, and the per-item verdicts with the changed ones marked.
  await item.getByRole("link", { name: "retirement_desk/ret-001" }).click();
  await expect(page.getByRole("heading", { name: "Case retirement_desk/ret-001" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Baseline reply" })).toContainText("The cleanest way is a direct rollover.");
  const reply = page.getByRole("region", { name: "Candidate reply" });
  await expect(reply).toContainText("Easy! Just ask your 401(k)");
  await expect(reply).toContainText("<b>bold</b><img src=x");
  await expect(reply.locator("b, img")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Judge verdicts side by side" }).getByRole("row", { name: /^verdict/ })).toContainText(/pass\s*fail/);
  const items = page.getByRole("table", { name: "Items side by side" });
  const taxRow = items.getByRole("row", { name: /states a tax amount the customer would owe/ });
  await expect(taxRow).toHaveAttribute("data-changed", "true");
  await expect(taxRow).toContainText("absent 0/3 yes");
  await expect(taxRow).toContainText("present 3/3 yes");
  await expect(taxRow).toContainText("regressed");
  await expect(items.getByRole("row", { name: /tells the customer to have the check made payable to themselves/ })).toHaveAttribute("data-changed", "false");
  await expect(page.getByRole("heading", { name: /^Items \(4 changed of 5\)/ })).toBeVisible();

  // Review the flip beside its replies, then back on the comparison the review counts: justify the blocker, approve.
  const here = page.getByRole("region", { name: "Review of this case" });
  await expect(here.getByTestId("review-status")).toHaveText("not reviewed");
  await here.getByLabel("Note").fill("known bad reply planted for this test, acceptable here");
  await here.getByRole("button", { name: "Accept" }).click();
  await expect(here.getByTestId("review-status")).toContainText("accepted by lead@assay.test");
  await page.getByRole("link", { name: "Back to the comparison" }).click();
  const review = page.getByRole("list", { name: "Cases to review" }).getByRole("listitem").first();
  await expect(review.getByTestId("review-status")).toContainText("accepted by lead@assay.test: known bad reply planted");
  const approve = page.getByRole("form", { name: "Approve baseline" });
  await approve.getByLabel(/Justification/).fill("the blocker is the planted reply, reviewed and accepted by the lead");
  await approve.getByRole("button", { name: "Approve candidate as baseline" }).click();
  await expect(approve.getByRole("status")).toContainText(/Approved judge report \d+ as the new baseline/);

  await page.goto("/baselines");
  const first = page.getByRole("table", { name: "Baseline history" }).getByRole("row").nth(1);
  await expect(first).toContainText("judge report");
  await expect(first).toContainText("careful-regressed");
  await expect(first).toContainText("current baseline");

  // The new judge baseline is the default baseline when a judge report is the candidate.
  const regressedRef = `judge:${/\(judge report (\d+)\)/.exec(regressed)![1]}`;
  const carefulRef = `judge:${/\(judge report (\d+)\)/.exec(careful)![1]}`;
  await page.goto(`/compare?candidate=${carefulRef}`);
  await expect(page.getByRole("form", { name: "Choose reports" }).getByRole("combobox", { name: "Baseline", exact: true })).toHaveValue(regressedRef);
  await expect(page.getByRole("region", { name: "Baseline approval" })).toContainText("Current judge baseline: judge report");
});
