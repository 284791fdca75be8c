import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { repo, signIn } from "./helpers";

// Issue 5: a lead manages people on /users; every people action is checked on the server, so a hidden form is not the check.

const NEW_PASSWORD = "lantern-meadow-copper-71";
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}@example.org`;

async function signInAs(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto("/sign-in");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Account" })).toContainText(email);
}

async function addPerson(page: Page, person: { email: string; name: string; roles: string[]; password: string }) {
  const form = page.getByRole("form", { name: "Add a person" });
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Name").fill(person.name);
  for (const r of person.roles) await form.getByRole("checkbox", { name: r }).check();
  await form.getByLabel("Initial password").fill(person.password);
  await form.getByRole("button", { name: "Add person" }).click();
  return form;
}

test("a lead adds an annotator; the annotator signs in with the new password and gets no People page", async ({ page }) => {
  const email = unique("ann");
  await signIn(page, "lead");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People" }).click();
  await expect(page).toHaveURL(/\/users$/);
  const form = await addPerson(page, { email, name: "Ann <b>Onymous</b>", roles: ["Annotator"], password: NEW_PASSWORD });
  await expect(form.getByRole("status")).toHaveText(`Added ${email}`);
  const row = page.getByRole("table", { name: "People" }).getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Ann <b>Onymous</b>"); // the name is text, not markup
  await expect(row.getByRole("cell").nth(2)).toHaveText("annotator");

  await signInAs(page, email, NEW_PASSWORD);
  await expect(page.getByRole("form", { name: "Account" })).toContainText("(annotator)");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People" })).toHaveCount(0);
  await page.goto("/users");
  await expect(page.getByText("Managing people needs the lead role.")).toBeVisible();
  await expect(page.getByRole("table", { name: "People" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Add a person" })).toHaveCount(0);
});

test("an analyst's forged add-person requests are refused (403) and audited, and nobody is added", async ({ page, browser }) => {
  // The lead's own add-person submission, captured so the analyst can replay the very same server action.
  const leadContext = await browser.newContext();
  const leadPage = await leadContext.newPage();
  await signIn(leadPage, "lead");
  await leadPage.goto("/users");
  const captured = leadPage.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined);
  const legit = unique("legit");
  await addPerson(leadPage, { email: legit, name: "Legit", roles: ["Analyst"], password: NEW_PASSWORD });
  const request = await captured;
  await expect(leadPage.getByRole("form", { name: "Add a person" }).getByRole("status")).toHaveText(`Added ${legit}`);

  await signIn(page, "analyst");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Runs" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People" })).toHaveCount(0);
  const forged = unique("forged");
  const res = await page.request.post("/api/users", { data: { email: forged, name: "Forged", roles: ["lead"], password: NEW_PASSWORD } });
  expect(res.status()).toBe(403);
  expect((await res.json()).error).toBe("manage users needs the lead role");

  // The server action itself, replayed with the analyst's session cookie: refused by the server, not by a hidden form.
  const h = request.headers();
  const replay = await page.request.post(request.url(), {
    headers: { "next-action": h["next-action"]!, "content-type": h["content-type"]!, accept: "text/x-component", origin: h["origin"] ?? new URL(request.url()).origin },
    data: request.postDataBuffer()!,
  });
  expect(await replay.text()).toContain("manage users needs the lead role");

  await leadPage.goto("/audit");
  const log = leadPage.getByRole("table", { name: "Audit log" });
  // Issue 26: the two refusals from one address are one row that counts them.
  await expect(log.getByRole("row", { name: /analyst@assay\.test user\.create\.refused user new refused 2 / })).toHaveCount(1);
  await expect(log.getByRole("row").filter({ hasText: "user.create.refused" }).first()).toContainText('"status":403');
  await leadPage.goto("/users");
  await expect(leadPage.getByRole("table", { name: "People" })).not.toContainText(forged);
  await leadContext.close();
});

test("the last lead cannot give up the lead role, and a password reset ends that person's sessions", async ({ page, browser }) => {
  await signIn(page, "lead");
  await page.goto("/users");
  const mine = page.getByRole("form", { name: "Roles of lead@assay.test" });
  await mine.getByRole("checkbox", { name: "Lead" }).uncheck();
  await mine.getByRole("checkbox", { name: "Analyst" }).check();
  await mine.getByRole("button", { name: "Save roles" }).click();
  await expect(mine.getByRole("alert")).toContainText("lead@assay.test is the last lead");
  await expect(page.getByRole("table", { name: "People" }).getByRole("row").filter({ hasText: "lead@assay.test" }).getByRole("cell").nth(2)).toHaveText("lead");

  // Someone signed in elsewhere loses their session when a lead resets their password.
  const email = unique("reset");
  await addPerson(page, { email, name: "Reset Me", roles: ["Analyst"], password: NEW_PASSWORD });
  await expect(page.getByRole("form", { name: "Add a person" }).getByRole("status")).toHaveText(`Added ${email}`);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, email, NEW_PASSWORD);

  const reset = page.getByRole("form", { name: `Reset password of ${email}` });
  await reset.getByLabel("New password").fill("a different passphrase 9");
  await reset.getByRole("button", { name: "Reset password" }).click();
  await expect(reset.getByRole("status")).toHaveText(`New password set for ${email}; 1 session ended`);
  await otherPage.goto("/");
  await expect(otherPage).toHaveURL(/\/sign-in$/);
  await signInAs(otherPage, email, "a different passphrase 9");
  await other.close();
});

test("the setup page refuses once people exist", async ({ page }) => {
  await page.goto("/setup?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Setup is closed");
  await expect(page.getByRole("form", { name: "Create the first lead" })).toHaveCount(0);
});

/** A free TCP port on 127.0.0.1 for a second server. */
async function freePort(): Promise<number> {
  const srv = createServer().listen(0, "127.0.0.1");
  await once(srv, "listening");
  const port = (srv.address() as { port: number }).port;
  srv.close();
  await once(srv, "close");
  return port;
}

test("without demo mode or ASSAY_FIRST_LEAD_*, db:setup prints a one-time link that makes its first user the lead, once", async ({ browser }) => {
  test.setTimeout(180_000);
  // A second, non-demo database served by the same build: the e2e server itself runs in demo mode.
  const dir = repo(".tmp", `e2e-setup-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const env = { ...process.env, ASSAY_DB: `${dir}/assay.db`, ASSAY_DEMO: "0", ASSAY_FIRST_LEAD_EMAIL: "", ASSAY_FIRST_LEAD_PASSWORD: "" };
  const setup = spawn("npx", ["tsx", "scripts/db-setup.ts"], { cwd: repo(), env, stdio: ["ignore", "pipe", "inherit"] });
  let printed = "";
  setup.stdout!.on("data", (b: Buffer) => (printed += b.toString()));
  expect((await once(setup, "exit"))[0]).toBe(0);
  const link = /^\s*(http:\/\/127\.0\.0\.1:3000\/setup\?token=[A-Za-z0-9_-]{43})$/m.exec(printed)?.[1];
  expect(link, printed).toBeTruthy();

  const port = await freePort();
  let server: ChildProcess | undefined;
  const context = await browser.newContext();
  try {
    server = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], { cwd: repo(), env, stdio: "ignore", detached: true });
    const origin = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${origin}/sign-in`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);
    const page = await context.newPage();
    const setupUrl = link!.replace("http://127.0.0.1:3000", origin);

    // A wrong token is refused with the one message.
    await page.goto(`${origin}/setup?token=${"A".repeat(43)}`);
    const form = page.getByRole("form", { name: "Create the first lead" });
    await form.getByLabel("Email").fill("first@example.org");
    await form.getByLabel("Name").fill("First Lead");
    await form.getByLabel("Password", { exact: true }).fill("lantern-meadow-copper-71");
    await form.getByLabel("Password again").fill("lantern-meadow-copper-71");
    await form.getByRole("button", { name: "Create lead and sign in" }).click();
    await expect(form.getByRole("alert")).toContainText("this setup link is not valid");

    // The printed link: a weak password is refused with what to change, then a good one makes a lead, signed in.
    await page.goto(setupUrl);
    await form.getByLabel("Email").fill("first@example.org");
    await form.getByLabel("Name").fill("First Lead");
    await form.getByLabel("Password", { exact: true }).fill("password1234");
    await form.getByLabel("Password again").fill("password1234");
    await form.getByRole("button", { name: "Create lead and sign in" }).click();
    await expect(form.getByRole("alert")).toContainText("known-bad");
    await form.getByLabel("Email").fill("first@example.org");
    await form.getByLabel("Name").fill("First Lead");
    await form.getByLabel("Password", { exact: true }).fill("lantern-meadow-copper-71");
    await form.getByLabel("Password again").fill("lantern-meadow-copper-71");
    await form.getByRole("button", { name: "Create lead and sign in" }).click();
    await expect(page).toHaveURL(`${origin}/`);
    await expect(page.getByRole("form", { name: "Account" })).toContainText("first@example.org (lead)");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People" })).toBeVisible();

    // The link works once.
    await page.goto(setupUrl);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Setup is closed");
    await page.goto(`${origin}/audit`);
    const log = page.getByRole("table", { name: "Audit log" });
    await expect(log.getByRole("row", { name: /anonymous setup\.redeem\.refused setup first-lead/ })).toHaveCount(1);
    await expect(log.getByRole("row", { name: /first@example\.org user\.create user/ })).toHaveCount(1);
  } finally {
    await context.close();
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
});
