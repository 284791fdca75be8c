import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

// Issue 20 (2): security headers on every response, and another origin on this host cannot frame the workbench.

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;

test("pages carry a CSP with a fresh script nonce that every script of the page bears; API and static files carry the headers too", async ({ request }) => {
  const first = await request.get("/sign-in");
  const second = await request.get("/sign-in");
  const csp = first.headers()["content-security-policy"]!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;|$)/);
  expect(csp).not.toContain("unsafe-inline' 'nonce"); // styles allow inline attributes; scripts never do
  expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
  const nonce = nonceOf(csp)!;
  expect(nonceOf(second.headers()["content-security-policy"]!)).not.toBe(nonce);
  for (const r of [first, second]) {
    expect(r.headers()["x-frame-options"]).toBe("DENY");
    expect(r.headers()["x-content-type-options"]).toBe("nosniff");
    expect(r.headers()["referrer-policy"]).toBe("same-origin");
  }
  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  const api = await request.post("/api/sign-in", { data: { email: "nobody@example.org", password: "x" } });
  expect(api.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(api.headers()["x-frame-options"]).toBe("DENY");
  const asset = /(?:src|href)="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1]!;
  const file = await request.get(asset);
  expect(file.status()).toBe(200);
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["x-frame-options"]).toBe("DENY");
  const missing = await request.get("/no-such-page");
  expect(missing.headers()["x-frame-options"]).toBe("DENY");
});

test("the workbench runs under its policy: no page of a lead's tour trips it", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  await signIn(page, "lead");
  for (const path of ["/", "/compare", "/baselines", "/golden", "/probes", "/probes/H5", "/audit", "/pack", "/users"]) {
    await page.goto(path);
    await expect(page.getByRole("form", { name: "Account" })).toBeVisible();
  }
  // Client code ran (hydrated): a client-side navigation through the menu works.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe("framing", () => {
  let server: Server;
  let origin = "";
  test.beforeAll(async ({ baseURL }) => {
    // Another origin of the same host: a page that frames the lead's Compare page, and one of its own pages as a control.
    server = createServer((req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      if (req.url === "/own") return void res.end("<!doctype html><p>framed page of the other origin</p>");
      res.end(`<!doctype html><title>other origin</title>
        <iframe id="app" src="${baseURL}/compare" width="800" height="400"></iframe>
        <iframe id="own" src="/own" width="300" height="100"></iframe>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("another origin on 127.0.0.1 framing the lead's Compare page gets an empty frame", async ({ page, baseURL }) => {
    await signIn(page, "lead"); // the session cookie is sent to frames of the same site: only the headers stop this
    const appResponse = page.waitForResponse((r) => r.url().startsWith(`${baseURL}/compare`));
    await page.goto(`${origin}/`);
    expect((await appResponse).headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    // The control: a frame the headers do not forbid shows its page.
    await expect(page.frameLocator("#own").getByText("framed page of the other origin")).toBeVisible();
    // The workbench's frame stays empty: its document never commits, so no part of the app (nav, forms, Accept/Reject)
    // is rendered in it. `load` waits for both frames to finish, the refused one included.
    await page.waitForLoadState("load");
    const frame = page.frames().find((f) => f.parentFrame() === page.mainFrame() && !f.url().endsWith("/own"))!;
    expect(frame.url()).not.toContain(`${baseURL}/compare`);
    await expect(page.frameLocator("#app").getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.frameLocator("#app").getByRole("button")).toHaveCount(0);
  });
});

test("a forged X-Forwarded-Host does not pass the Origin check: a cross-origin add-person request from a lead's cookie is refused", async ({ page }) => {
  await signIn(page, "lead");
  const email = `forwarded-${Date.now().toString(36)}@example.org`;
  const res = await page.request.post("/api/users", {
    headers: { Origin: "http://evil.example:8080", "X-Forwarded-Host": "evil.example:8080" },
    data: { email, name: "Forwarded", roles: ["lead"], password: "forwarded-host-passphrase-9" },
  });
  expect(res.status()).toBe(403);
  await page.goto("/users");
  await expect(page.getByRole("table", { name: "People" })).not.toContainText(email);
});
