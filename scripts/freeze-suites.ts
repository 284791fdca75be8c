// Freezes the judge suites' eval split: writes golden/suites.lock.json with a hash of every eval case of
// golden/roles/*.json and golden/policy_behaviors.json, which golden/judge-suites.test.ts checks. Run only on purpose
// (after moving a case into eval, or a deliberate, reviewed change to an eval case), and commit the lock with the change.
import { writeFileSync } from "node:fs";
import { loadGoldenSuites } from "../bin/load/golden-suites";
import { repoPath } from "../bin/load/files";
import { SUITES_LOCK_FILE, suitesLockOf } from "../bin/load/suites-lock";

const lock = suitesLockOf(loadGoldenSuites());
writeFileSync(repoPath(SUITES_LOCK_FILE), `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${SUITES_LOCK_FILE}: ${Object.keys(lock.cases).length} eval cases locked (${lock.hash.slice(0, 12)}…)`);
