import { createHash } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { caseKey } from "../../lib/golden/case-schema";
import { suiteCaseSplit, type PolicyCase, type PolicySuite, type RoleCase, type RoleFile } from "../../lib/schemas/golden-suite";
import { canonicalJson } from "./eval-hash";
import { readJsonFile, REPO_ROOT } from "./files";

// Issue 5: the judge suites' eval split is frozen like the episodes' (golden/eval.lock.json). golden/suites.lock.json
// holds a sha256 of every eval case as written in golden/roles/*.json and golden/policy_behaviors.json; a test compares
// it with the files, so any edit to an eval case (or moving one back to dev) is loud. Refresh it only on purpose:
// `npx tsx scripts/freeze-suites.ts`.

export const SUITES_LOCK_FILE = path.join("golden", "suites.lock.json");

export const suitesLockSchema = z
  .object({
    /** sha256 over every locked case's key and hash, sorted by key. */
    hash: z.string().length(64),
    /** caseKey ("role:<role>/<id>" or "policy/<id>") → sha256 of the case's canonical JSON. */
    cases: z.record(z.string(), z.string().length(64)),
    frozen_at: z.string(),
  })
  .strict();
export type SuitesLock = z.infer<typeof suitesLockSchema>;

export type KeyedSuiteCase = { key: string; case: RoleCase | PolicyCase };

/** Every case of the suites with its key, role files first (in role order), then the policy suite. */
export function keyedSuiteCases(suites: { roles: readonly RoleFile[]; policy: PolicySuite }): KeyedSuiteCase[] {
  return [
    ...suites.roles.flatMap((r) => r.cases.map((c) => ({ key: caseKey({ suite: "role", role: r.role, case: c }), case: c }))),
    ...suites.policy.cases.map((c) => ({ key: caseKey({ suite: "policy", case: c }), case: c })),
  ];
}

/** sha256 of a suite case's canonical JSON (key order does not matter; any change of content, split included, does). */
export function suiteCaseHash(c: RoleCase | PolicyCase): string {
  return createHash("sha256").update(canonicalJson(c)).digest("hex");
}

function lockHash(cases: Record<string, string>): string {
  const sorted = Object.keys(cases)
    .sort()
    .map((k) => [k, cases[k]]);
  return createHash("sha256").update(canonicalJson(sorted)).digest("hex");
}

/** The lock of the eval cases of these suites. */
export function suitesLockOf(suites: { roles: readonly RoleFile[]; policy: PolicySuite }, frozenAt = new Date().toISOString().slice(0, 10)): SuitesLock {
  const cases: Record<string, string> = {};
  for (const k of keyedSuiteCases(suites).filter((k) => suiteCaseSplit(k.case) === "eval").sort((a, b) => (a.key < b.key ? -1 : 1))) cases[k.key] = suiteCaseHash(k.case);
  return { hash: lockHash(cases), cases, frozen_at: frozenAt };
}

export type LockCheck = {
  /** Locked eval cases whose content changed (or which were moved back to dev). */
  changed: string[];
  /** Locked eval cases that are gone. */
  removed: string[];
  /** Eval cases the lock does not know yet (moved into eval or added as eval): refresh the lock on purpose. */
  unlocked: string[];
};

/** How the eval cases of a list of keyed cases differ from the lock. Empty lists: the frozen split is intact. */
export function checkSuitesLock(lock: SuitesLock, cases: readonly KeyedSuiteCase[]): LockCheck {
  const byKey = new Map(cases.map((k) => [k.key, k.case]));
  const out: LockCheck = { changed: [], removed: [], unlocked: [] };
  for (const [key, hash] of Object.entries(lock.cases)) {
    const c = byKey.get(key);
    if (!c) out.removed.push(key);
    else if (suiteCaseSplit(c) !== "eval" || suiteCaseHash(c) !== hash) out.changed.push(key);
  }
  for (const k of cases) if (suiteCaseSplit(k.case) === "eval" && !(k.key in lock.cases)) out.unlocked.push(k.key);
  return out;
}

/** golden/suites.lock.json of the repository (the committed lock, whatever the export root). */
export function readSuitesLock(root = REPO_ROOT): SuitesLock {
  return readJsonFile(path.join(root, SUITES_LOCK_FILE), suitesLockSchema);
}
