import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { repo, signIn } from "./helpers";

// Issue 20, item 11: blind labelling as an annotator. The votes cast here agree with the shipped labels or are undone,
// so every effective label — and which criteria are advisory for runs imported later — ends as it started.

/** The label each H5 probe ships with in probes/h5.jsonl. */
const shipped = new Map(
  readFileSync(repo("probes", "h5.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; label: "violation" | "clean" })
    .map((p) => [p.id, p.label]),
);

async function openLabelling(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("group", { name: "Label" })).toHaveAttribute("data-ready", "true");
}

const currentId = async (page: Page) => (await page.getByRole("article").first().getByRole("heading").innerText()).split(" ").pop()!;

test.beforeEach(async ({ page }) => {
  await signIn(page, "annotator");
});

test("blind by default for an annotator: prediction, marks, label and votes show only after voting; v/c save and move on", async ({ page }) => {
  await openLabelling(page, "/probes/H5?queue=all");
  await expect(page.getByLabel(/Blind labelling/)).toBeChecked();
  // The queues that are chosen by others' votes or the detector are closed while blind.
  await expect(page.getByRole("button", { name: /^disagreeing/ })).toBeDisabled();
  await expect(page.getByRole("button", { name: /^contested/ })).toBeDisabled();

  // Find a probe nobody but `shipped` has voted on, so it is blind.
  const a = page.getByRole("article").first();
  await expect(a.getByTestId("blind")).toBeVisible();
  await expect(a).not.toContainText("Detector predicts");
  await expect(a).not.toContainText("Votes:");
  await expect(a.locator("mark")).toHaveCount(0);
  const id = await currentId(page);
  const label = shipped.get(id)!;
  expect(label).toBeTruthy();

  // v / c saves and moves to the next probe.
  await page.keyboard.press(label[0]!);
  await expect(page.getByTestId("last-vote")).toContainText(`Saved ${label} on ${id}`);
  expect(await currentId(page)).not.toBe(id);
  await expect(page.getByRole("article").first().getByTestId("blind")).toBeVisible();
  await expect(page.getByText("saved", { exact: true })).toBeVisible();
  // Agreeing with the shipped label changes no figure, and the panel says so.
  await expect(page.getByTestId("figure-change")).toHaveText(`After your ${label} vote on ${id}: no figure changed`);

  // Once voted, the probe shows the detector's prediction, the label and every vote.
  await openLabelling(page, `/probes/H5?queue=all&probe=${id}`);
  const voted = page.getByRole("article", { name: `Probe ${id}` });
  await expect(voted.getByTestId("prediction")).toContainText("Detector predicts");
  await expect(voted).toContainText(`Votes: shipped: ${label}, annotator@assay.test: ${label}`);
  await expect(voted.getByTestId("my-label")).toHaveText(label);
});

test("after a vote the figures panel says what changed, and undo says it back", async ({ page }) => {
  // A shipped violation nobody else votes on: a tie takes it out of the labelled probes, so their count must move.
  const id = [...shipped].filter(([, l]) => l === "violation").map(([i]) => i)[40]!;
  await openLabelling(page, `/probes/H5?queue=unlabelled&probe=${id}`);
  expect(await currentId(page)).toBe(id);
  const label = shipped.get(id)!;
  const opposite = label === "violation" ? "clean" : "violation";
  // A 1–1 tie with the shipped label takes the probe out of the figures: something must move.
  await page.keyboard.press(opposite[0]!);
  const change = page.getByTestId("figure-change");
  await expect(change).toContainText(`After your ${opposite} vote on ${id}:`);
  await expect(change).toHaveText(/probes labelled \d+ → \d+/);
  const moved = (await change.innerText()).split(": ")[1]!;
  await expect(page.getByText("saved", { exact: true })).toBeVisible();
  // u goes back to the probe and removes the vote: the same changes, the other way round.
  await page.keyboard.press("u");
  await expect(change).toContainText(`After undoing your vote on ${id}:`);
  const back = (await change.innerText()).split(": ")[1]!;
  const flip = (s: string) =>
    s
      .split(" · ")
      .map((c) => c.replace(/^(.*) (\S+) → (\S+)$/, "$1 $3 → $2"))
      .join(" · ");
  expect(back).toBe(flip(moved));
  await expect(page.getByText("saved", { exact: true })).toBeVisible();
  expect(await currentId(page)).toBe(id);
  await expect(page.getByRole("article").first().getByTestId("blind")).toBeVisible();
});

test("a legend defines H1, H4 and H5 with their policy ids; blind labelling can be turned off", async ({ page }) => {
  await openLabelling(page, "/probes/H1");
  const legend = page.getByRole("definition").filter({ hasText: "IDV-01" });
  await expect(legend).toContainText("IDV-01 No account-specific facts before verification");
  const all = page.locator("dl[aria-label='Detector legend']");
  for (const text of ["H1", "H4", "H5", "IDV-01", "CND-01", "MGN-02", "CND-03"]) await expect(all).toContainText(text);
  await page.getByLabel(/Blind labelling/).uncheck();
  await expect(page.getByRole("article").first().getByTestId("prediction")).toContainText("Detector predicts");
  await expect(page.getByRole("button", { name: /^disagreeing/ })).toBeEnabled();
  // The choice holds for this person across pages.
  await openLabelling(page, "/probes/H4");
  await expect(page.getByLabel(/Blind labelling/)).not.toBeChecked();
});

// Issue 26, item 4: blind means the page itself holds nothing to peek at — not its HTML, not its RSC payload.
test("a blind page's HTML and RSC payload hold no prediction, hits, note or votes; the vote brings them", async ({ page }) => {
  // Line 100 of probes/h5.jsonl: a probe no other spec votes on, with a note and a matched-pair partner.
  const probe = JSON.parse(readFileSync(repo("probes", "h5.jsonl"), "utf8").split("\n")[99]!) as { id: string; label: "violation" | "clean"; note: string; reply: string };
  const path = `/probes/H5?queue=all&probe=${probe.id}`;
  const noteWords = probe.note.slice(0, 40);
  // Keys of what blind labelling hides, as they appear in the payload (quoted, or quoted and escaped inside the HTML).
  const hidden = [/\\?"predicted\\?":/, /\\?"hits\\?":/, /\\?"votes\\?":/, /\\?"note\\?":/, /\\?"annotator\\?":/];
  const html = await (await page.request.get(path)).text();
  const rsc = await (await page.request.get(path, { headers: { RSC: "1" } })).text();
  for (const body of [html, rsc]) {
    expect(body).toContain(probe.reply.split(/['"&<>]/).sort((a, b) => b.length - a.length)[0]!); // the reply is there to be labelled …
    for (const key of hidden) expect(body).not.toMatch(key); // … and nothing the annotator may not see yet
    expect(body).not.toContain(noteWords);
  }
  expect(html.length).toBeLessThan(200_000);

  // The vote's answer brings them, for this item only.
  await openLabelling(page, path);
  const card = page.getByRole("article", { name: `Probe ${probe.id}` });
  await expect(card.getByTestId("blind")).toBeVisible();
  await expect(page.getByText("saved", { exact: true })).toHaveCount(0); // nothing saved before the first vote
  await page.keyboard.press(probe.label[0]!);
  await expect(page.getByTestId("last-vote")).toContainText(`Saved ${probe.label} on ${probe.id}`);
  await expect(page.getByText("saved", { exact: true })).toBeVisible();
  await openLabelling(page, path);
  await expect(card.getByTestId("prediction")).toContainText("Detector predicts");
  await expect(card).toContainText(`Note: ${noteWords}`);
  await expect(card).toContainText(`Votes: shipped: ${probe.label}, annotator@assay.test: ${probe.label}`);
});
