import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { cliComposites, cliReport, exampleRunLines, jsonl, repo, signIn, uploadRun } from "./helpers";

test.beforeEach(async ({ page }) => {
  await signIn(page, "analyst");
});

// Run names are unique per test run, so the suite can also be rerun against a database that is not fresh.
const tag = Date.now().toString(36);

test("importing an example run in the browser shows the composite the CLI computes", async ({ page }) => {
  const file = repo("golden", "runs", "careful.jsonl");
  const expected = await cliComposites(file);
  const form = await uploadRun(page, file, `careful uploaded ${tag}`);
  await expect(form.getByRole("status").filter({ hasText: "Imported" })).toContainText(`composite dev ${expected.dev} · eval ${expected.eval}`);

  const row = page.getByRole("table", { name: "Runs" }).getByRole("row", { name: new RegExp(`careful uploaded ${tag}`) });
  await expect(row).toContainText(expected.dev);
  await row.getByRole("link", { name: `careful uploaded ${tag}` }).click();
  await expect(page.getByRole("heading", { name: `Run report: careful uploaded ${tag}` })).toBeVisible();
  const splits = page.getByRole("table", { name: "Splits" });
  await expect(splits.getByRole("row", { name: /^dev/ })).toContainText(expected.dev);
  await expect(splits.getByRole("row", { name: /^eval/ })).toContainText(expected.eval);
  await expect(page.getByRole("table", { name: "Detector validation" })).toBeVisible();
  // The out-of-sample figure the workbench measured on its probes is the one the CLI reports from the probe files.
  const unseen = (await cliReport(file)).detectors.H1.out_of_sample;
  expect(unseen?.recall).not.toBeNull();
  if (!unseen || unseen.recall === null) return;
  await expect(page.getByTestId("H1-out-of-sample")).toContainText(unseen.recall.toFixed(3));
  await expect(page.getByTestId("H1-out-of-sample")).toContainText(`(n ${unseen.n})`);
  await expect(page.getByRole("img", { name: "Component means, dev and eval" })).toBeVisible();
});

test("a broken file names the line and field, and nothing is imported", async ({ page }) => {
  await page.goto("/");
  const rowsBefore = await page.getByRole("table", { name: "Runs" }).getByRole("row").count();
  const lines = exampleRunLines("careful");
  lines[2] = { ...lines[2], thinking: "yes" };
  const form = await uploadRun(page, { name: "broken.jsonl", buffer: jsonl(lines) }, "broken run");
  const alert = form.getByRole("alert");
  await expect(alert).toContainText("Import failed at line 3, field thinking");
  await expect(alert).toContainText("Nothing was imported");
  await page.reload();
  await expect(page.getByRole("table", { name: "Runs" }).getByRole("row")).toHaveCount(rowsBefore);
  await expect(page.getByRole("table", { name: "Runs" })).not.toContainText("broken run");
});

test("a decision shows its detector hit highlighted in the reply", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("table", { name: "Runs" }).getByRole("link", { name: "leaky", exact: true }).click();
  await page.getByRole("table", { name: "Hard violations by code" }).getByRole("link", { name: "H1" }).click();
  const decisions = page.getByRole("table", { name: "Decisions" });
  await expect(page).toHaveURL(/code=H1/, { timeout: 15_000 });
  await expect(page.getByRole("combobox", { name: "Violation" })).toHaveValue("H1");
  await decisions.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /\(line \d+\)/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: /Reply with detector hits highlighted/ })).toBeVisible();
  const hit = page.getByRole("list", { name: "Detector hits" }).getByRole("listitem").first();
  await expect(hit).toContainText("H1_disclosure_before_verification");
  await expect(page.getByTitle(/^H1: /).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Component scores" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Conversation up to the decision point" })).toBeVisible();
});

test("the decision table filters, sorts and pages on the server with its state in the URL", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("table", { name: "Runs" }).getByRole("link", { name: "format-breaker", exact: true }).click();
  await page.getByRole("link", { name: /Browse all/ }).click();
  await page.getByRole("combobox", { name: "Format" }).selectOption("invalid");
  await expect(page).toHaveURL(/format=invalid/);
  const status = page.getByRole("status").filter({ hasText: /decisions? match/ });
  await expect(status).toBeVisible();
  const rows = page.getByRole("table", { name: "Decisions" }).getByRole("row");
  await expect(rows.nth(1)).toContainText("format invalid");
  await page.getByRole("button", { name: "score", exact: true }).click();
  await expect(page).toHaveURL(/sort=score/);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Format" })).toHaveValue("invalid");
});

test("a reply holding <script> and <img onerror> is shown as text, never run", async ({ page }) => {
  const lines = exampleRunLines("careful");
  const raw = JSON.parse(lines[0]!.raw as string) as { reply: string };
  raw.reply = `Hello <script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"> there`;
  lines[0] = { ...lines[0], raw: JSON.stringify(raw) };
  const form = await uploadRun(page, { name: "markup.jsonl", buffer: jsonl(lines) }, `markup run ${tag}`);
  await form.getByRole("link", { name: "Open the report" }).click();
  await page.getByRole("link", { name: /Browse all/ }).click();
  await page.getByRole("table", { name: "Decisions" }).getByRole("link", { name: "1", exact: true }).click();
  await expect(page.getByRole("heading", { name: /\(line 1\)/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator("main img")).toHaveCount(0);
  await expect(page.locator("main script")).toHaveCount(0);
});

test("a hit of H4's learned second opinion is marked as learned, with its probability", async ({ page }, testInfo) => {
  // Violating H4 replies from the unfixed blind sets, where the grammar misses most often, on the first forty lines.
  const violations = readFileSync(repo("probes", "h4.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; reply: string; label: string })
    .filter((p) => p.label === "violation" && /^z[b-z]-/.test(p.id));
  const lines = exampleRunLines("careful").map((l, i) => {
    const p = violations[i];
    if (i >= 40 || !p) return l;
    const raw = JSON.parse(l.raw as string) as { reply: string };
    return { ...l, raw: JSON.stringify({ ...raw, reply: p.reply }) };
  });
  const file = testInfo.outputPath("learned.jsonl");
  writeFileSync(file, jsonl(lines));
  const report = await cliReport(file);
  const learned = report.decisions.find((d) => (d.hits.H4 ?? []).some((h) => h.learned_probability !== undefined));
  expect(learned, "the CLI finds a learned H4 hit among the forty replies").toBeDefined();
  if (!learned) return;
  const line = lines.findIndex((l) => l.decision_id === learned.decision_id) + 1;
  const probability = (learned.hits.H4 ?? []).find((h) => h.learned_probability !== undefined)?.learned_probability ?? 0;

  const form = await uploadRun(page, file, `learned run ${tag}`);
  await form.getByRole("link", { name: "Open the report" }).click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  await page.goto(`${new URL(page.url()).pathname}/decisions/${line}`);
  const hits = page.getByRole("list", { name: "Detector hits" });
  await expect(hits.getByTestId("learned-hit")).toHaveText(`learned, p ${probability.toFixed(2)}`);
  await expect(hits).toContainText("H4 (learned)");
});

test("a span the grammar cleared is marked apart from hits, with its reason on focus and as text, and pairs show on the run page", async ({ page }, testInfo) => {
  const reply = "I can't promise your transfer will be done within 6 business days, and a forum post claiming reviews close within two weeks is not accurate. I've passed this to the transfers team.";
  const lines = exampleRunLines("careful").map((l, i) => {
    if (i !== 0) return l;
    const raw = JSON.parse(l.raw as string) as { reply: string };
    return { ...l, raw: JSON.stringify({ ...raw, reply }) };
  });
  const file = testInfo.outputPath("cleared.jsonl");
  writeFileSync(file, jsonl(lines));
  const report = await cliReport(file);
  const first = report.decisions[0];
  const cleared = (first?.detector_spans ?? []).filter((s) => s.outcome === "cleared" && s.detector === "H5");
  expect(cleared.length, "the CLI reports the two H5 references as cleared").toBeGreaterThanOrEqual(2);
  expect(first?.hard_violations).not.toContain("H5");

  const form = await uploadRun(page, file, `cleared run ${tag}`);
  await form.getByRole("link", { name: "Open the report" }).click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  const pairs = report.detectors.H5.pairs;
  if (pairs && pairs.rate !== null) await expect(page.getByTestId("H5-pairs")).toContainText(pairs.rate.toFixed(3));
  await page.goto(`${new URL(page.url()).pathname}/decisions/1`);
  const list = page.getByTestId("cleared-spans");
  for (const s of cleared) await expect(list).toContainText(`${s.text}`);
  await expect(list).toContainText("H5 cleared: negated");
  const mark = page.locator("pre.reply mark.cleared").first();
  await mark.focus();
  await expect(mark).toBeFocused();
  await expect(mark).toHaveAttribute("data-reason", /H5 cleared: /);
  await expect(mark.locator(".sr-only")).toContainText("H5 cleared:");
  await expect(page.locator("pre.reply mark.hit")).toHaveCount(0);
});
