// Issue 26, item 13: the workbench's pages in Chromium. Starts the built app the way the e2e server does
// (scripts/e2e-server.sh: a fresh database, demo people, `next start`), imports a 10,000-decision run through the CLI,
// then prints
//   - each labelling page's keys-ready time (navigation start → the keys work) and its HTML size, blind (annotator) and
//     open (lead), against the targets: keys-ready under 300 ms, HTML under 200 KB;
//   - the decision table's filter and sort time (the change → the new rows shown), against 300 ms.
//   npm run bench -- workbench-pages      (E2E_REBUILD=0 reuses the last build in BENCH_DIST_DIR, default .next-bench)
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { listFiles, repoPath } from "../bin/load/files";

const PORT = Number(process.env.BENCH_PORT ?? 3177);
const BASE = `http://127.0.0.1:${PORT}`;
const DIST = process.env.BENCH_DIST_DIR ?? ".next-bench";
const DB = path.join(".tmp", "bench-pages", "assay.db");
const LOADS = 7;
const CHANGES = 6;
const TARGET_READY_MS = 300;
const TARGET_HTML = 200 * 1024;
const TARGET_TABLE_MS = 300;
const DECISIONS = 10_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/sign-in`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the server did not start in 10 minutes");
}

async function signIn(page: Page, who: "lead" | "annotator") {
  await page.context().clearCookies();
  await page.goto(`${BASE}/sign-in`);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(`${who}@assay.test`);
  await form.getByLabel("Password").fill("assay-demo-password");
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("form", { name: "Account" }).waitFor();
}

/**
 * Navigation start → the labeller's keys are live (data-ready), read from the page's own clock, with the part of it
 * spent waiting for the server's first byte.
 */
async function keysReady(page: Page, url: string): Promise<{ ready: number; server: number }> {
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => document.querySelector('[aria-label="Label"][data-ready="true"]') !== null, undefined, { polling: "raf", timeout: 30_000 });
  return page.evaluate(() => ({ ready: performance.now(), server: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart }));
}

/** One table change (a filter or a sort) → the URL holds it and the new rows are shown, on the page's clock. */
async function tableChange(page: Page, change: () => Promise<unknown>): Promise<number> {
  const before = await page.evaluate(() => ((window as unknown as { __t0: number }).__t0 = performance.now(), location.search));
  await change();
  await page.waitForFunction((s) => location.search !== s && document.querySelector('[aria-busy="true"]') === null, before, { polling: "raf", timeout: 30_000 });
  return page.evaluate(() => performance.now() - (window as unknown as { __t0: number }).__t0);
}

/** A run of DECISIONS lines: the example runs repeated as samples (sample numbers keep every line unique). */
function bigRun(): string {
  const files = listFiles(repoPath("golden", "runs"), ".jsonl").map((f) => readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
  const lines: string[] = [];
  for (let round = 0; lines.length < DECISIONS; round++) files.forEach((file, k) => file.forEach((l) => lines.length < DECISIONS && lines.push(JSON.stringify({ ...l, sample: round * files.length + k }))));
  return `${lines.join("\n")}\n`;
}

const server = spawn("bash", ["scripts/e2e-server.sh", String(PORT)], {
  env: { ...process.env, ASSAY_E2E_DB: DB, ASSAY_DIST_DIR: DIST, E2E_REBUILD: process.env.E2E_REBUILD ?? "1" },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);

try {
  await waitForServer();
  const runFile = path.join(".tmp", "bench-pages", "big.jsonl");
  mkdirSync(path.dirname(runFile), { recursive: true });
  writeFileSync(runFile, bigRun());
  execFileSync(process.execPath, ["bin/assay.mjs", "import", "--run", runFile, "--name", "bench-10k"], { env: { ...process.env, ASSAY_DB: DB }, stdio: "ignore" });

  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  const page = await (await browser.newContext()).newPage();

  // The machine may be shared: its load is part of the figure, so it is printed with it.
  console.log(`Load average (1 min) at start: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`);
  console.log(`Labelling pages: keys-ready (median of ${LOADS} loads after one warm-up, max; "server" = time to the first byte) and HTML size. Targets: < ${TARGET_READY_MS} ms, < ${TARGET_HTML / 1024} KB.`);
  console.log("| page | as | keys-ready median | max | of which server | HTML | targets |\n|---|---|---:|---:|---:|---:|---|");
  for (const who of ["annotator", "lead"] as const) {
    await signIn(page, who);
    // The floor on this machine now: the first byte of a small signed-in page (the Baselines list), same stack.
    const floor: number[] = [];
    for (let i = 0; i <= LOADS; i++) {
      await page.goto(`${BASE}/baselines`);
      floor.push(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart));
    }
    console.log(`| /baselines (a small page, for the floor) | ${who} | — | — | ${median(floor.slice(1)).toFixed(0)} ms | — | — |`);
    for (const d of ["H1", "H4", "H5"]) {
      const url = `${BASE}/probes/${d}?queue=all`;
      await keysReady(page, url);
      const runs: Array<{ ready: number; server: number }> = [];
      for (let i = 0; i < LOADS; i++) runs.push(await keysReady(page, url));
      const times = runs.map((r) => r.ready);
      const html = (await (await page.request.get(url)).body()).length;
      const ok = median(times) < TARGET_READY_MS && html < TARGET_HTML;
      console.log(`| /probes/${d} | ${who} (${who === "annotator" ? "blind" : "open"}) | ${median(times).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms | ${median(runs.map((r) => r.server)).toFixed(0)} ms | ${(html / 1024).toFixed(0)} KB | ${verdict(ok)} |`);
    }
  }

  // The decision table of the 10,000-decision run: a family filter, then a sort by score, each changed CHANGES times.
  await signIn(page, "lead");
  await page.goto(`${BASE}/`);
  const href = await page.getByRole("table", { name: "Runs" }).getByRole("link", { name: "bench-10k", exact: true }).getAttribute("href");
  await page.goto(`${BASE}${href}/decisions`);
  await page.getByRole("table", { name: "Decisions" }).waitFor();
  const filter = page.getByRole("form", { name: "Filters" }).getByLabel("Family");
  const families = (await filter.locator("option").allTextContents()).filter((f) => f !== "any");
  const filterTimes: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const f = families[i % families.length]!;
    filterTimes.push(await tableChange(page, () => filter.selectOption(f)));
  }
  const sortTimes: number[] = [];
  const score = page.getByRole("table", { name: "Decisions" }).getByRole("button", { name: /^score/ }).first();
  // Each click moves the sort on (one way, the other, off), so each is a new query.
  for (let i = 0; i < CHANGES; i++) sortTimes.push(await tableChange(page, () => score.click()));
  console.log(`\nDecision table of a ${DECISIONS.toLocaleString("en-US")}-decision run (median of ${CHANGES}, max). Target: < ${TARGET_TABLE_MS} ms.`);
  console.log(`filter (family): ${median(filterTimes).toFixed(0)} ms median, ${Math.max(...filterTimes).toFixed(0)} ms max — ${verdict(median(filterTimes) < TARGET_TABLE_MS)}`);
  console.log(`sort (score):    ${median(sortTimes).toFixed(0)} ms median, ${Math.max(...sortTimes).toFixed(0)} ms max — ${verdict(median(sortTimes) < TARGET_TABLE_MS)}`);
  console.log(`Load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}.`);
  await browser.close();
} finally {
  stop();
}
