import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// The PostgreSQL pass (issue 29, `npm run test:e2e:pg`): a team deployment on this machine, as docs/DEPLOY.md gives it.
// scripts/e2e-team.sh sets up a fresh PostgreSQL database and starts two instances of the one build on PORT+1 and
// PORT+2 behind nginx on PORT with deploy/nginx.conf. The specs (e2e/team/) work through nginx, and reach each instance
// directly at the URLs set here.
const PORT = Number(process.env.E2E_TEAM_PORT ?? 3200);
process.env.E2E_TEAM_INSTANCE_1 = `http://127.0.0.1:${PORT + 1}`;
process.env.E2E_TEAM_INSTANCE_2 = `http://127.0.0.1:${PORT + 2}`;
process.env.E2E_TEAM_DIR ??= ".tmp/e2e-team"; // the script's logs, nginx's access log among them
process.env.ASSAY_SIGNIN_LOCK_MS ??= "20000"; // what the script gives the instances

export default defineConfig({
  ...base,
  testDir: "e2e/team",
  testIgnore: [], // the SQLite pass's config ignores this folder; this one runs only it
  timeout: 120_000,
  // Two instances and PostgreSQL share this machine's cores with everything else: a first request to a route is slow.
  expect: { timeout: 15_000 },
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: `bash scripts/e2e-team.sh ${PORT}`,
    url: `http://127.0.0.1:${PORT}/sign-in`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { ASSAY_E2E_TEAM_DIR: process.env.E2E_TEAM_DIR, ASSAY_SIGNIN_LOCK_MS: process.env.ASSAY_SIGNIN_LOCK_MS },
    // SIGTERM to the script's process group: its trap stops both instances and nginx (SIGKILL after 15 s).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
