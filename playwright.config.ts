import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);

// Debian's Chromium (never a downloaded browser); the app is built once and served on 127.0.0.1 with a fresh database.
export default defineConfig({
  testDir: "e2e",
  // e2e/team is the PostgreSQL pass behind nginx (playwright.pg.config.ts), with its own servers.
  testIgnore: ["team/**"],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: `bash scripts/e2e-server.sh ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
