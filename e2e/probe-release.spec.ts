import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { closeDb, openDb, type Db } from "../db/index";
import { listApprovals } from "../db/queries/baselines";
import { draftState, latestRelease } from "../db/queries/probe-set-versions";
import { loadDbScoringContext } from "../db/queries/scoring-context";
import { baselineApprovals, flipReviews, probes, probeSetVersions, runLines, runs } from "../db/schema";
import { addH5MissesUntilAdvisory } from "../db/testing/probe-release";
import { deleteRun } from "../db/writes/delete-run";
import { importRunText } from "../db/writes/import-run";
import { currentBaselineRef } from "../lib/approval/history";
import { repo, signIn, uploadRun } from "./helpers";

// Issue 26 (2): the probe sets that gate runs are a released version. An annotator's labels change the draft and no
// run's gating until a lead, having read the diff, releases a version; compare treats another version as a change of
// ruler and headlines the like-for-like verdict; approving across it needs the lead's written reason.
//
// The spec leaves the served database as it found it (the added probes, its runs, its approval and the versions it
// released are removed at the end), so specs after it still score under the shipped figures.

test.describe.configure({ mode: "serial" });

const dbFile = process.env.ASSAY_E2E_DB ?? ".tmp/e2e/assay.db";
const tag = Date.now().toString(36);
const text = readFileSync(repo("golden", "runs", "overpromiser.jsonl"), "utf8");
let db: Db;
let startVersion: number;
/** What the draft already held when the spec began: earlier specs (an audit item promoted to a probe) add to it. */
let startDiff = { added: 0, removed: 0, changed: 0 };
const made = { runs: [] as number[], probes: [] as string[], approvals: [] as string[] };
const ids = { before: 0, after: 0 };
/** The criteria advisory under the starting version (whatever the detectors and shipped labels make them), H5 not among them. */
let startAdvisory: string[] = [];
const advisoryText = (xs: string[]) => (xs.length ? [...xs].sort().join(", ") : "none");

const runRow = async (id: number) => (await db.select().from(runs).where(eq(runs.id, id)).limit(1))[0]!;
async function importUnderRelease(name: string, body = text): Promise<number> {
  const id = (await importRunText(db, await loadDbScoringContext(db), { name, fileName: "overpromiser.jsonl", text: body, actor: "e2e" })).runId;
  made.runs.push(id);
  return id;
}

test.beforeAll(async () => {
  db = await openDb(path.isAbsolute(dbFile) ? dbFile : repo(dbFile));
  startVersion = (await latestRelease(db))!.version;
  const { diff } = await draftState(db);
  startDiff = { added: diff.added.length, removed: diff.removed.length, changed: diff.changed.length };
});

test.afterAll(async () => {
  if (made.approvals.length) await db.delete(baselineApprovals).where(inArray(baselineApprovals.candidateRef, made.approvals));
  const refs = made.runs.map((id) => `run:${id}`);
  if (refs.length) await db.delete(flipReviews).where(inArray(flipReviews.candidateRef, refs));
  for (const id of made.runs) await deleteRun(db, { runId: id, actor: "e2e" });
  if (made.probes.length) await db.delete(probes).where(inArray(probes.id, made.probes));
  await db.delete(probeSetVersions).where(gt(probeSetVersions.version, startVersion));
  await closeDb(db);
});

test("an annotator's labels do not change any run's gating until a lead releases a version, after reading the diff", async ({ page }) => {
  test.setTimeout(180_000);
  ids.before = await importUnderRelease(`overpromiser before release ${tag}`);
  const before = await runRow(ids.before);
  startAdvisory = [...before.report.advisory];
  expect(before.probeSetVersion).toBe(startVersion);
  expect(startAdvisory).not.toContain("H5");

  // The annotator's work of the issue: H5 probes labelled violation that H5 misses, until the draft's H5 is advisory.
  made.probes.push(...(await addH5MissesUntilAdvisory(db, "annotator@assay.test", `e2e-${tag}`)));
  await signIn(page, "annotator");
  await page.goto("/probes/H5");
  const banner = page.getByRole("note", { name: "Probe-set draft" });
  await expect(banner).toContainText(`Runs are scored with the released probe set v${startVersion}`);
  await expect(banner).toContainText(`The draft differs from it in ${startDiff.added + startDiff.removed + startDiff.changed + made.probes.length} probe label(s)`);

  // The same run uploaded through the Runs page is gated exactly as before: the released version's figures.
  await signIn(page, "analyst");
  const form = await uploadRun(page, { name: "overpromiser.jsonl", buffer: Buffer.from(text) }, `overpromiser during draft ${tag}`, 60_000);
  await expect(form.getByRole("status")).toContainText("Imported");
  const during = (await db.select().from(runs).where(eq(runs.name, `overpromiser during draft ${tag}`)).limit(1))[0]!;
  made.runs.push(during.id);
  expect([during.probeSetVersion, during.report.advisory, during.report.splits.dev.composite]).toEqual([startVersion, startAdvisory, before.report.splits.dev.composite]);
  // Only a lead may release.
  await page.goto("/probes/release");
  await expect(page.getByTestId("diff-summary")).toContainText("advisory status changes for H5");
  await expect(page.getByRole("form", { name: "Release the draft" })).toHaveCount(0);

  // The lead reads the diff — labels, and each detector's figures and advisory status — then releases with a note.
  await signIn(page, "lead");
  await page.goto("/probes/release");
  await expect(page.getByTestId("diff-summary")).toContainText(`${startDiff.added + made.probes.length} probe(s) added, ${startDiff.removed} removed, ${startDiff.changed} effective label(s) changed`);
  await expect(page.getByTestId("diff-H5")).toContainText("hard → advisory");
  await expect(page.getByTestId("diff-H1")).not.toContainText("(changes)");
  await expect(page.getByRole("table", { name: "Added since" })).toContainText(made.probes[0]!);
  const release = page.getByRole("form", { name: "Release the draft" });
  await release.getByRole("button", { name: `Release v${startVersion + 1}` }).click();
  await expect(release.getByRole("alert")).toContainText("a note is required");
  await release.getByLabel(/Why release/).fill(`e2e ${tag}: H5 misses found by the annotator`);
  await release.getByRole("button", { name: `Release v${startVersion + 1}` }).click();
  await expect(page.getByRole("status")).toContainText(`The draft is the same as v${startVersion + 1}`);
  await expect(page.getByRole("table", { name: "Released probe-set versions" }).getByRole("row").nth(1)).toContainText(`v${startVersion + 1}`);
  await page.goto("/audit");
  await expect(page.getByRole("table", { name: "Audit log" }).getByRole("row", { name: /lead@assay\.test probe_set\.release/ }).first()).toBeVisible();

  // From now on imports are gated by the released version, and say so.
  ids.after = await importUnderRelease(`overpromiser after release ${tag}`);
  const after = await runRow(ids.after);
  expect([after.probeSetVersion, [...after.report.advisory].sort()]).toEqual([startVersion + 1, [...startAdvisory, "H5"].sort()]);
  expect(after.report.splits.dev.composite!).toBeGreaterThan(before.report.splits.dev.composite!);
  await page.goto(`/runs/${ids.after}`);
  await expect(page.getByTestId("probe-set-version")).toHaveText(`probe set v${startVersion + 1}`);
  // The run scored before keeps its version and figures.
  expect((await runRow(ids.before)).probeSetVersion).toBe(startVersion);
});

test("compare across probe-set versions headlines the like-for-like verdict, never the raw IMPROVED", async ({ page }) => {
  await signIn(page, "lead");
  await page.goto(`/compare?baseline=run:${ids.before}&candidate=run:${ids.after}`);
  const alert = page.getByRole("alert", { name: "Not comparable" });
  await expect(alert).toContainText(`not comparable: probe set v${startVersion} vs v${startVersion + 1}`);
  const both = alert.getByRole("table", { name: "Verdict computed both ways" });
  await expect(both.getByRole("row", { name: /^as reported/ })).toContainText("IMPROVED");
  await expect(both.getByRole("row", { name: /^as reported/ }).getByRole("cell").first()).not.toHaveClass(/good/);
  await expect(both.getByRole("row", { name: /^with every criterion hard/ })).toContainText("headline");
  // The same replies: measured under one ruler, nothing moved.
  const verdict = page.getByRole("region", { name: "Verdict" });
  await expect(verdict.getByRole("heading", { name: "Verdict: INCONCLUSIVE" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Verdict: IMPROVED" })).toHaveCount(0);
  await expect(verdict).toHaveAttribute("data-tone", "unclear");
  await expect(verdict.getByTestId("verdict-sentence")).toContainText("Like for like (with every criterion hard)");
  await expect(verdict.getByTestId("verdict-basis")).toContainText("as reported, the verdict is IMPROVED");
});

test("approving a baseline across a change of ruler needs the lead's written reason, shown in the baseline history", async ({ page }) => {
  test.setTimeout(120_000);
  // Approval must be against the current score baseline when there is one: the candidate is its own replies scored
  // under the new version (no flip, no blocker: only the ruler differs). Without one, the two overpromiser runs.
  const current = currentBaselineRef((await listApprovals(db)).map((a) => a.record), "score");
  let baselineRef = `run:${ids.before}`;
  let candidateRef = `run:${ids.after}`;
  if (current !== null) {
    baselineRef = current;
    const lines = await db.select().from(runLines).where(and(eq(runLines.runId, Number(current.slice(4))))).orderBy(asc(runLines.lineNo));
    const body = `${lines.map((l) => JSON.stringify({ decision_id: l.decisionId, raw: l.raw, thinking: l.thinking, sample: l.sample, model: l.model })).join("\n")}\n`;
    candidateRef = `run:${await importUnderRelease(`current baseline re-scored ${tag}`, body)}`;
  }
  await signIn(page, "lead");
  await page.goto(`/compare?baseline=${baselineRef}&candidate=${candidateRef}`);
  await expect(page.getByRole("alert", { name: "Not comparable" })).toContainText(`probe set v${startVersion} vs v${startVersion + 1}`);
  await expect(page.getByRole("list", { name: "Not yet approvable" })).toContainText("the ruler changed (");
  const approve = page.getByRole("form", { name: "Approve baseline" });
  await approve.getByRole("button", { name: "Approve candidate as baseline" }).click();
  await expect(approve.getByRole("alert")).toContainText(`probe set v${startVersion} vs v${startVersion + 1}), so approving is a change of ruler`);
  const reason = `e2e ${tag}: v${startVersion + 1} makes H5 advisory; with every criterion hard nothing moved`;
  await approve.getByLabel(/Justification/).fill(reason);
  await approve.getByRole("button", { name: "Approve candidate as baseline" }).click();
  await expect(approve.getByRole("status")).toContainText("Approved run");
  made.approvals.push(candidateRef);

  await page.goto("/baselines");
  const row = page.getByRole("table", { name: "Baseline history" }).getByRole("row").nth(1);
  await expect(row.getByTestId("ruler-change")).toContainText(`Approved across a change of ruler: advisory criteria ${advisoryText(startAdvisory)} vs ${advisoryText([...startAdvisory, "H5"])}; probe set v${startVersion} vs v${startVersion + 1}`);
  await expect(row.getByTestId("ruler-change")).toContainText("Headline verdict shown: INCONCLUSIVE with every criterion hard");
  await expect(row).toContainText(reason);
});
