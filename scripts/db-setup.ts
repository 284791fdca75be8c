// `npm run db:setup`: creates the workbench database (data/assay.db, ASSAY_DB, or DATABASE_URL), applies migrations, and seeds it from
// golden/ and probes/. Idempotent: it adds only what is missing and never rewrites data already there (labels, runs,
// episodes that imported runs were scored against); differences between the files and the database are reported.
import { dbTarget, redact } from "../db/env";
import { closeDb, openDb, type Db } from "../db/index";
import { usersExist } from "../db/queries/users";
import { seedFromRepo } from "../db/writes/seed-repo";
import { issueSetupToken } from "../db/writes/setup-token";
import { createUsers } from "../db/writes/users";
import { planFirstStart } from "../lib/auth/first-lead";
import { InputError } from "../lib/io/input-error";

async function main(): Promise<number> {
  const target = dbTarget();
  const file = redact(target);
  const db = await openDb(target);
  try {
    const s = await seedFromRepo(db);
    console.log(
      `db:setup ${file}: pack v${s.packVersion} ${s.pack.added ? "added" : "present"}; episodes +${s.episodes.added} (${s.episodes.kept} kept); probes +${s.probes.added} (${s.probes.kept} kept)${s.probeSetReleased !== null ? `; probe set v${s.probeSetReleased} released` : ""}; example runs +${s.runsAdded.length}${s.runsAdded.length ? ` (${s.runsAdded.join(", ")})` : ""}; example judge reports +${s.judgeReportsAdded.length}${s.judgeReportsAdded.length ? ` (${s.judgeReportsAdded.join(", ")})` : ""}`,
    );
    const differing = [...s.pack.differing.map((v) => `pack v${v}`), ...s.episodes.differing.map((id) => `episode ${id}`)];
    if (differing.length) console.warn(`db:setup: left as stored, though golden/ now differs: ${differing.slice(0, 10).join(", ")}${differing.length > 10 ? ", …" : ""}`);
    const g = s.goldenCases;
    console.log(`db:setup: golden cases +${g.added} (${g.kept} kept)${g.updated.length ? `; new version from golden/ files: ${g.updated.join(", ")}` : ""}`);
    if (g.differing.length) console.warn(`db:setup: edited in the workbench, not exported yet (golden/ holds an older version): ${g.differing.slice(0, 10).join(", ")}${g.differing.length > 10 ? ", …" : ""}`);
    return await firstStart(db);
  } finally {
    await closeDb(db);
  }
}

// Where npm run serve listens (package.json): the printed setup link points there.
const SETUP_ORIGIN = "http://127.0.0.1:3000";

// Issue 5 first start (docs/ACCOUNTS.md): demo people, the lead from ASSAY_FIRST_LEAD_*, or a one-time setup link. Never a default password.
async function firstStart(db: Db): Promise<number> {
  const plan = planFirstStart({ env: process.env, usersExist: await usersExist(db) });
  switch (plan.action) {
    case "none":
      return 0;
    case "error":
      console.error(`db:setup: ${plan.error}`);
      return 2;
    case "create":
      await createUsers(db, plan.users, "db-setup");
      console.warn(`db:setup: ${plan.notice}`);
      return 0;
    case "setup_token": {
      // Only the token's hash is stored; the token is printed here once. Running db:setup again replaces it.
      const issued = await issueSetupToken(db, new Date());
      console.log(
        `db:setup: ${plan.notice}\n\n` +
          `  ${SETUP_ORIGIN}/setup?token=${issued.token}\n\n` +
          `This link works once, until ${issued.expires_at} (one hour); running db:setup (or npm run serve) again prints a new one.\n` +
          "To skip it: ASSAY_FIRST_LEAD_EMAIL=you@example.org ASSAY_FIRST_LEAD_PASSWORD='a long passphrase' npm run db:setup\n" +
          "(or ASSAY_DEMO=1 npm run db:setup for the demo people of docs/ACCOUNTS.md, never on a networked server)",
      );
      return 0;
    }
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof InputError) {
      console.error(`db:setup: ${e.message}`);
      process.exitCode = 2;
    } else throw e;
  },
);
