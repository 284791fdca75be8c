import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { repo, signIn } from "./helpers";

// Issue 20 (3): an imported judge report's figures are recomputed from its own votes. One edited to say fail with
// correctness 0.1 over alignment votes of 0.95 is refused, naming the case and the field, and the refusal is audited;
// a report without votes is read but marked unverifiable where the comparison is shown.

type Report = { judge?: unknown; cases: Array<Record<string, unknown>> };
const careful = () => JSON.parse(readFileSync(repo("golden", "runs", "judge", "careful.report.json"), "utf8")) as Report;
const stamp = Date.now().toString(36);

const upload = (page: Page, name: string, report: unknown) =>
  page.request.post(`/api/judge-reports?${new URLSearchParams({ name, file: `${name}.report.json` })}`, { data: report, headers: { "content-type": "application/json" } });

test("a judge report whose verdict and correctness contradict its votes is refused with the case and field named, and audited", async ({ page }) => {
  const edited = careful();
  const victim = edited.cases[0]!;
  expect(victim.alignments).toEqual([0.95, 0.92, 0.97]);
  Object.assign(victim, { verdict: "fail", correctness: 0.1 });
  const name = `careful-edited-${stamp}`;

  await signIn(page, "analyst");
  const res = await upload(page, name, edited);
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { error: string; field: string };
  expect(body.field).toBe("cases[0].correctness");
  expect(body.error).toBe(
    `${name}.report.json: cases[0].correctness: case ${victim.role}/${victim.id} contradicts its own votes: correctness says 0.1, the median alignment of its votes is 0.95 (3/3 valid vote(s), alignments [0.95,0.92,0.97]) (and 1 more contradiction(s) in 1 case(s))`,
  );

  // The same through the Compare page's form: the person sees the case and the field; nothing is imported.
  await page.goto("/compare");
  const form = page.getByRole("form", { name: "Import a judge report" });
  await form.getByLabel("Judge report file").setInputFiles({ name: `${name}.report.json`, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(edited)) });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Import judge report" }).click();
  await expect(form.getByRole("alert")).toContainText(`case ${victim.role}/${victim.id} contradicts its own votes: correctness says 0.1`);
  await page.goto("/compare");
  await expect(page.getByRole("form", { name: "Choose reports" }).locator("option", { hasText: name })).toHaveCount(0);

  await page.goto("/audit");
  const refused = page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: "judge_report.import.refused" }).filter({ hasText: name });
  await expect(refused).toHaveCount(2);
  await expect(refused.first()).toContainText("analyst@assay.test");
  await expect(refused.first()).toContainText('"field":"cases[0].correctness"');
});

test("a verdict of pass over a forbidden item its own votes find present is refused on forbidden_present", async ({ page }) => {
  const sloppy = JSON.parse(readFileSync(repo("golden", "runs", "judge", "sloppy.report.json"), "utf8")) as Report;
  const i = sloppy.cases.findIndex((c) => (c.forbidden_present as string[]).length > 0);
  expect(i).toBeGreaterThanOrEqual(0);
  Object.assign(sloppy.cases[i]!, { forbidden_present: [], verdict: "pass" });
  await signIn(page, "analyst");
  const res = await upload(page, `sloppy-edited-${stamp}`, sloppy);
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { field: string }).field).toBe(`cases[${i}].forbidden_present`);
});

test("a report without votes (seed 002's shape) is imported, and the comparison says its figures are unverifiable", async ({ page }) => {
  const seedShaped = careful();
  delete seedShaped.judge;
  for (const c of seedShaped.cases) for (const k of ["votes_valid", "votes_configured", "alignments", "rationales", "vote_errors"]) delete c[k];
  const name = `careful-novotes-${stamp}`;
  await signIn(page, "lead");
  const res = await upload(page, name, seedShaped);
  expect(res.status()).toBe(200);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  const options = page.getByRole("form", { name: "Choose reports" }).getByRole("combobox", { name: "Baseline", exact: true }).locator("option");
  await page.goto("/compare");
  const carefulRef = await options.filter({ hasText: /^careful \(judge report \d+\)/ }).first().getAttribute("value");
  await page.goto(`/compare?${new URLSearchParams({ baseline: carefulRef!, candidate: `judge:${id}` })}`);
  await expect(page.getByRole("list", { name: "Warnings" })).toContainText("candidate figures unverifiable: the report carries no votes (no vote counts), so its verdicts and correctness cannot be recomputed and are taken as written");
  await expect(page.getByRole("list", { name: "Warnings" })).not.toContainText("baseline figures unverifiable");
});
