import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { cliComposites, repo, signIn, uploadRun } from "../helpers";

// Issue 29: the team deployment of docs/DEPLOY.md, run by playwright.pg.config.ts. scripts/e2e-team.sh serves a fresh
// PostgreSQL database through two instances of one build behind nginx (deploy/nginx.conf): baseURL is nginx, which
// alternates requests between the instances, and E2E_TEAM_INSTANCE_1/_2 reach each instance directly. The instances
// run with ASSAY_TRUST_PROXY=1 and ASSAY_DEMO=1; every test that needs people of its own adds them as the lead.

// playwright.config.ts's testDir (e2e) holds this folder too: there, with no team deployment to talk to, it is skipped.
test.skip(!process.env.E2E_TEAM_INSTANCE_1, "the team deployment's pass: npm run test:e2e:pg (playwright.pg.config.ts)");
const I1 = process.env.E2E_TEAM_INSTANCE_1 ?? "";
const I2 = process.env.E2E_TEAM_INSTANCE_2 ?? "";
const LOCK_MS = Number(process.env.ASSAY_SIGNIN_LOCK_MS ?? 20_000);
const tag = Date.now().toString(36);
const PASSWORD = "team-spec-passphrase-42";

/** Signs in through the form of whatever origin the page's context points at. */
async function signInAs(page: Page, email: string, password: string, origin = "") {
  await page.goto(`${origin}/sign-in`);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Account" })).toContainText(email);
}

/** A person added by the lead through POST /api/users on the given origin (nginx unless said otherwise). */
async function addPerson(request: APIRequestContext, prefix: string, roles: string[], origin = ""): Promise<string> {
  const email = `${prefix}-${tag}-${Math.random().toString(36).slice(2, 6)}@example.org`;
  const res = await request.post(`${origin}/api/users`, { data: { email, name: prefix, roles, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return email;
}

/** A run's or judge report's option label on the Compare page, by its name. */
const optionLabel = async (page: Page, name: string) =>
  (await page.getByRole("form", { name: "Choose reports" }).getByRole("combobox", { name: "Baseline", exact: true }).locator("option", { hasText: new RegExp(`^${name} \\(run \\d+, score\\)`) }).first().textContent())!.trim();
const runRef = (label: string) => `run:${/\(run (\d+),/.exec(label)![1]}`;

async function compareRuns(page: Page, baseline: string, candidate: string) {
  await page.goto("/compare");
  const form = page.getByRole("form", { name: "Choose reports" });
  await form.getByRole("combobox", { name: "Baseline", exact: true }).selectOption({ label: baseline });
  await form.getByRole("combobox", { name: "Candidate", exact: true }).selectOption({ label: candidate });
  await form.getByRole("button", { name: "Compare" }).click();
  await expect(page.getByRole("heading", { name: /^Verdict: / })).toBeVisible();
}

const historyRows = (page: Page) => page.getByRole("table", { name: "Baseline history" }).getByRole("row");
const TEAM_RUN = `team careful ${tag}`;

test("nginx alternates consecutive requests between the two instances (round robin)", async ({ request }) => {
  const log = path.resolve(process.env.E2E_TEAM_DIR ?? ".tmp/e2e-team", "access.log");
  for (let i = 0; i < 6; i++) expect((await request.get(`/sign-in?rr=${tag}-${i}`)).status()).toBe(200);
  await expect
    .poll(() => readFileSync(log, "utf8").split("\n").filter((l) => l.includes(`rr=${tag}-`)).length)
    .toBe(6);
  const upstreams = readFileSync(log, "utf8")
    .split("\n")
    .filter((l) => l.includes(`rr=${tag}-`))
    .map((l) => /upstream=(\S+)/.exec(l)![1]);
  expect(new Set(upstreams)).toEqual(new Set([new URL(I1).host, new URL(I2).host]));
  for (let i = 1; i < upstreams.length; i++) expect(upstreams[i], `request ${i} went to the same instance as the one before`).not.toBe(upstreams[i - 1]);
});

test("the issue's pass through nginx: a lead imports a run, an annotator labels a probe, the lead compares and approves", async ({ page }) => {
  test.setTimeout(300_000); // an import, a labelling page of 3,000 probes and a comparison, on a busy machine
  // Import: the figures the workbench shows are the ones the CLI computes from the same file.
  await signIn(page, "lead");
  const file = repo("golden", "runs", "careful.jsonl");
  const expected = await cliComposites(file);
  const importForm = await uploadRun(page, file, TEAM_RUN, 60_000);
  await expect(importForm.getByRole("status").filter({ hasText: "Imported" })).toContainText(`composite dev ${expected.dev} · eval ${expected.eval}`);
  await importForm.getByRole("link", { name: "Open the report" }).click();
  await expect(page.getByRole("heading", { name: `Run report: ${TEAM_RUN}` })).toBeVisible();
  const splits = page.getByRole("table", { name: "Splits" });
  await expect(splits.getByRole("row", { name: /^dev/ })).toContainText(expected.dev);
  await expect(splits.getByRole("row", { name: /^eval/ })).toContainText(expected.eval);

  // Label: the annotator agrees with a probe's shipped label; the vote is saved and shown as theirs.
  await signIn(page, "annotator");
  await page.goto("/probes/H4?queue=all");
  await expect(page.getByRole("group", { name: "Label" })).toHaveAttribute("data-ready", "true");
  await page.getByLabel(/Blind labelling/).uncheck();
  await expect(page.getByRole("article").first().getByTestId("prediction")).toBeVisible();
  await expect(page.getByRole("region", { name: "Detector figures" })).toContainText("Precision");
  const probe = page.getByRole("article").first();
  const id = (await probe.getByRole("heading").innerText()).split(" ").pop()!;
  const shipped = (await probe.innerText()).match(/Votes: shipped: (violation|clean)/)?.[1] as "violation" | "clean";
  expect(shipped).toBeTruthy();
  await page.keyboard.press(shipped[0]!);
  await expect(page.getByTestId("last-vote")).toContainText(`Saved ${shipped} on ${id}`);
  await expect(page.getByText("saved", { exact: true })).toBeVisible();
  await page.goto(`/probes/H4?queue=all&probe=${id}`);
  await expect(page.getByRole("group", { name: "Label" })).toHaveAttribute("data-ready", "true");
  await expect(page.getByRole("article", { name: `Probe ${id}` }).getByTestId("my-label")).toHaveText(shipped);

  // Compare and approve: escalator as the baseline, the imported run as the candidate (compare.spec.ts's first test).
  await signIn(page, "lead");
  await page.goto("/compare");
  const [escalator, team] = [await optionLabel(page, "escalator"), await optionLabel(page, TEAM_RUN)];
  await compareRuns(page, escalator, team);
  await expect(page.getByRole("heading", { name: "Verdict: IMPROVED" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Comparison figures" })).toContainText("minimum detectable Δ");
  await expect(page.getByRole("table", { name: "Per-case deltas" })).toBeVisible();
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
  await expect(historyRows(page).nth(1)).toContainText("lead@assay.test");
  await expect(historyRows(page).nth(1)).toContainText("IMPROVED");
  await expect(historyRows(page).nth(1)).toContainText(TEAM_RUN);

  await page.goto("/audit");
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log.getByRole("row", { name: new RegExp(`annotator@assay\\.test label\\.save probe ${id}`) }).first()).toBeVisible();
  await expect(log.getByRole("row").filter({ hasText: "lead@assay.test" }).filter({ hasText: /baseline\.approve(?!\.)/ }).first()).toBeVisible();
});

test("a session made through nginx is valid on either instance, and signing out on one ends it on the other", async ({ page, playwright }) => {
  await signIn(page, "lead");
  const cookie = (await page.context().cookies()).find((c) => c.name === "assay_session");
  expect(cookie, "the session cookie").toBeTruthy();

  // The browser itself (the cookie is for 127.0.0.1, any port) and a bare client holding only the cookie.
  for (const origin of [I1, I2]) {
    await page.goto(`${origin}/`);
    await expect(page.getByRole("form", { name: "Account" }), origin).toContainText("lead@assay.test");
    const bare = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { cookie: `assay_session=${cookie!.value}` } });
    const res = await bare.get("/baselines", { maxRedirects: 0 });
    expect(res.status(), origin).toBe(200);
    expect(await res.text(), origin).toContain("lead@assay.test");
    await bare.dispose();
    const none = await playwright.request.newContext({ baseURL: origin });
    const anonymous = await none.get("/baselines", { maxRedirects: 0 });
    expect(anonymous.status(), `${origin} without the cookie`).toBeGreaterThanOrEqual(300);
    expect(await anonymous.text()).not.toContain("lead@assay.test");
    await none.dispose();
  }

  // Signing out on instance 1 deletes the session row: instance 2 no longer knows the cookie either.
  await page.goto(`${I1}/`);
  await page.getByRole("form", { name: "Account" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("form", { name: "Account" })).toHaveCount(0);
  const stale = await playwright.request.newContext({ baseURL: I2, extraHTTPHeaders: { cookie: `assay_session=${cookie!.value}` } });
  const after = await stale.get("/baselines", { maxRedirects: 0 });
  expect(after.status()).toBeGreaterThanOrEqual(300);
  expect(await after.text()).not.toContain("lead@assay.test");
  await stale.dispose();
});

test("the sign-in throttle counts across instances: ten wrong passwords alternated between them lock the account, the right one is refused while locked", async ({ page, browser, playwright }) => {
  await signIn(page, "lead");
  const email = await addPerson(page.request, "guessed", ["analyst"]);
  const direct = { 1: await playwright.request.newContext({ baseURL: I1 }), 2: await playwright.request.newContext({ baseURL: I2 }) };
  const attempt = (n: 1 | 2, password: string) => direct[n].post("/api/sign-in", { data: { email, password } });

  // docs/ACCOUNTS.md: 10 failures on one account from one address; the next attempt from there is refused.
  for (let i = 1; i <= 10; i++) {
    const n = i % 2 === 1 ? 1 : 2;
    const r = await attempt(n, `wrong-guess-${i}-0000`);
    expect(r.status(), `wrong password ${i}, on instance ${n}`).toBe(401);
    expect((await r.json()).error).toBe("wrong email or password");
  }
  const eleventh = await attempt(1, "wrong-guess-11-0000");
  expect(eleventh.status(), "the 11th attempt").toBe(429);
  const retryAfter = Number(eleventh.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(LOCK_MS / 1000);
  expect((await eleventh.json()).error).toMatch(/^too many sign-in attempts: try again in \d+ seconds?$/);

  // The right password is refused while the lock holds, on the other instance and through nginx's sign-in form.
  const right = await attempt(2, PASSWORD);
  expect(right.status(), "the right password on instance 2 while locked").toBe(429);
  await signInRefused(browser, email);
  for (const d of Object.values(direct)) await d.dispose();

  // One count, in the database: the lead sees a single lock row with ten failures.
  await page.goto("/users");
  const row = page.getByRole("table", { name: "Sign-in locks" }).getByRole("row").filter({ hasText: `account ${email} from` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText("10");
});

async function signInRefused(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/sign-in");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(form.getByRole("alert")).toHaveText(/too many sign-in attempts: try again in \d+ seconds?/);
  await context.close();
}

test("two leads approve the same candidate at once, one through each instance: one approval is recorded, the other lead is told of it", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, "lead");
  const secondLead = await addPerson(page.request, "second-lead", ["lead"]);
  // The candidate: the shipped careful run, compared with the current score baseline (the page's default for it).
  await page.goto("/compare");
  const candidate = runRef(await optionLabel(page, "careful"));
  await page.goto(`/compare?candidate=${candidate}`);
  let baseline = await page.getByRole("form", { name: "Choose reports" }).getByRole("combobox", { name: "Baseline", exact: true }).inputValue();
  if (baseline === "") {
    // No score baseline yet (the pass above did not approve one): then the race is for the first one, over a
    // copy of careful imported here.
    const form = await uploadRun(page, repo("golden", "runs", "careful.jsonl"), `race baseline ${tag}`, 60_000);
    await expect(form.getByRole("status")).toContainText("Imported");
    await page.goto("/compare");
    baseline = runRef(await optionLabel(page, `race baseline ${tag}`));
  }
  expect(baseline, "a score baseline to compare with").toMatch(/^run:\d+$/);
  expect(baseline).not.toBe(candidate);
  await page.goto("/baselines");
  const before = await historyRows(page).count();

  const leads = [
    { origin: I1, email: "lead@assay.test", password: "assay-demo-password" },
    { origin: I2, email: secondLead, password: PASSWORD },
  ];
  const sides = await Promise.all(
    leads.map(async (l) => {
      const context = await browser.newContext({ baseURL: l.origin });
      const p = await context.newPage();
      await signInAs(p, l.email, l.password);
      await p.goto(`/compare?baseline=${baseline}&candidate=${candidate}`);
      await expect(p.getByRole("heading", { name: /^Verdict: / })).toBeVisible();
      const form = p.getByRole("form", { name: "Approve baseline" });
      await expect(form.getByRole("button", { name: "Approve candidate as baseline" })).toBeEnabled();
      await form.getByLabel(/Justification/).fill(`approved by ${l.email} in the two-leads race of the team spec`);
      return { ...l, context, page: p, form };
    }),
  );
  // Both pages are open on the same pair; both click at the same moment.
  await Promise.all(sides.map((s) => s.form.getByRole("button", { name: "Approve candidate as baseline" }).click()));
  const outcomes = await Promise.all(
    sides.map(async (s) => {
      const said = s.form.getByRole("status").or(s.form.getByRole("alert"));
      await expect(said).toBeVisible({ timeout: 30_000 });
      const text = (await said.textContent())!.trim();
      const role = (await s.form.getByRole("status").count()) > 0 ? "status" : "alert";
      return { who: s.email, origin: s.origin, role, text };
    }),
  );
  console.log(`two-leads race: ${JSON.stringify(outcomes)}`);
  const won = outcomes.filter((o) => o.role === "status");
  const lost = outcomes.filter((o) => o.role === "alert");
  expect(won, JSON.stringify(outcomes)).toHaveLength(1);
  expect(lost, JSON.stringify(outcomes)).toHaveLength(1);
  expect(won[0]!.text).toMatch(/Approved run/);
  expect(lost[0]!.text).toMatch(/approved by|conflict|reload/i);
  for (const s of sides) await s.context.close();

  await page.goto("/baselines");
  await expect(historyRows(page)).toHaveCount(before + (before === 0 ? 2 : 1)); // the header row comes with the first approval
  await expect(historyRows(page).nth(1)).toContainText(won[0]!.who);
  await expect(historyRows(page).nth(1)).toContainText("careful");
});

test("the audit log lists what was done through instance 1 and through instance 2", async ({ page }) => {
  await signIn(page, "lead");
  // The browser's cookie is for 127.0.0.1 on any port: the same session asks each instance directly.
  const one = await addPerson(page.request, "via-instance-1", ["annotator"], I1);
  const two = await addPerson(page.request, "via-instance-2", ["annotator"], I2);
  for (const origin of [I1, I2, ""]) {
    await page.goto(`${origin}/audit`);
    const log = page.getByRole("table", { name: "Audit log" });
    for (const email of [one, two]) await expect(log.getByRole("row").filter({ hasText: "user.create" }).filter({ hasText: email }), `${email} on ${origin || "nginx"}`).toHaveCount(1);
  }
});
