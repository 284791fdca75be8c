import { canonicalJson } from "../../bin/load/eval-hash";
import { authoredCaseSchema, caseKey, isFrozen, nextCaseId, type AuthoredCase } from "../../lib/golden/case-schema";
import { nextVersion, type CaseDiff, type CaseVersion } from "../../lib/golden/versioning";
import type { PolicySuite, RoleFile } from "../../lib/schemas/golden-suite";
import type { Db, DbOrTx } from "../index";
import { caseIdsInUse, caseVersions, currentCaseVersion, knownRoles, listCases } from "../queries/golden-cases";
import { goldenCaseVersions } from "../schema";
import { lockForTransaction } from "../sql";
import { audit } from "./audit";

// Issue 5: golden cases are authored in the workbench and versioned (who, when, why); eval cases are frozen. Every
// write is one transaction with its audit row; a refusal writes nothing and says why (GoldenCaseError).

/** The author of versions that came from the golden/ files (seeding). */
export const GOLDEN_FILES_AUTHOR = "golden/ files";
const SEED_ACTOR = "db-setup";

/** A refused write: the message says what to do instead. Nothing was written. */
export class GoldenCaseError extends Error {
  constructor(
    message: string,
    /** A free case id to offer instead (a frozen case's "copy to a new case", a duplicate id). */
    readonly suggestId?: string,
  ) {
    super(message);
    this.name = "GoldenCaseError";
  }
}

/** Two contents are the same case content (JSON round trip drops undefined keys, canonical key order). */
export function sameContent(a: unknown, b: unknown): boolean {
  return canonicalJson(JSON.parse(JSON.stringify(a))) === canonicalJson(JSON.parse(JSON.stringify(b)));
}

async function insertVersion(tx: DbOrTx, v: CaseVersion): Promise<void> {
  await tx.insert(goldenCaseVersions).values({ caseId: v.case_id, version: v.version, suite: v.content.suite, content: v.content, author: v.author, at: v.at, changeNote: v.change_note });
}

const prefixOf = (id: string) => id.slice(0, id.indexOf("-"));

export type GoldenSeedCounts = {
  added: number;
  kept: number;
  /** Cases whose golden/ content the database had never seen (changed in git): recorded as a new version from the files. */
  updated: string[];
  /** Cases edited in the workbench and not exported yet: the files hold an older version; left as stored. */
  differing: string[];
};

/**
 * Seeds the suite cases of golden/roles/*.json and golden/policy_behaviors.json: version 1 of every case the database
 * does not have, authored "golden/ files". Idempotent. A case whose file content is not any version the database knows
 * was changed in git: that content becomes the next version (git is where reviewed changes land, eval ones included —
 * golden/suites.lock.json makes those deliberate). A file that holds an older version is the workbench being ahead
 * (edits not exported yet), and is only reported.
 */
export async function seedGoldenCases(db: Db, suites: { roles: readonly RoleFile[]; policy: PolicySuite }, at = new Date().toISOString()): Promise<GoldenSeedCounts> {
  const contents: AuthoredCase[] = [
    ...suites.roles.flatMap((r) => r.cases.map((c) => ({ suite: "role" as const, role: r.role, case: c }))),
    ...suites.policy.cases.map((c) => ({ suite: "policy" as const, case: c })),
  ];
  return db.transaction(
    async (tx) => {
      // PostgreSQL: case ids and versions are read then written; another instance's write waits for this one.
      await lockForTransaction(tx, "golden_cases");
      const counts: GoldenSeedCounts = { added: 0, kept: 0, updated: [], differing: [] };
      for (const content of contents) {
        const key = caseKey(content);
        const versions = await caseVersions(tx, key);
        const current = versions.at(-1) ?? null;
        if (current) {
          counts.kept++;
          if (sameContent(current.content, content)) continue;
          if (versions.some((v) => sameContent(v.content, content))) {
            counts.differing.push(key);
            continue;
          }
        }
        const out = nextVersion(null, { content, author: GOLDEN_FILES_AUTHOR, at: new Date(at), change_note: current ? "changed in golden/ files outside the workbench" : "shipped in golden/ files" });
        if (!out.ok) throw new GoldenCaseError(`${key}: ${out.error}`);
        await insertVersion(tx, { ...out.version, version: (current?.version ?? 0) + 1 });
        if (current) counts.updated.push(key);
        else counts.added++;
      }
      if (counts.added || counts.updated.length) await audit(tx, { actor: SEED_ACTOR, action: "golden_cases.seed", entity: "golden_case_set", entityId: "golden", at, detail: { added: counts.added, updated: counts.updated } });
      return counts;
    },
  );
}

/**
 * Saves a new case as version 1. Refused: a case id already used in any suite (ids name cases in every report), a role
 * without a role file, content the golden-suite schema rejects.
 */
export async function createCase(db: Db, input: { content: unknown; author: string; changeNote?: string; at?: Date }): Promise<CaseVersion> {
  const at = input.at ?? new Date();
  return db.transaction(
    async (tx) => {
      // PostgreSQL: case ids and versions are read then written; another instance's write waits for this one.
      await lockForTransaction(tx, "golden_cases");
      const parsed = authoredCaseSchema.safeParse(input.content);
      if (parsed.success) {
        const c = parsed.data;
        const ids = await caseIdsInUse(tx);
        if (ids.includes(c.case.id)) {
          const owner = (await listCases(tx)).find((x) => x.id === c.case.id)!.caseId;
          const free = nextCaseId(ids, prefixOf(c.case.id));
          throw new GoldenCaseError(`case id ${c.case.id} is already used by ${owner}: choose another id (the next free one is ${free})`, free);
        }
        if (c.suite === "role" && !(await knownRoles(tx)).includes(c.role)) throw new GoldenCaseError(`unknown role ${c.role}: a role case needs the role's file golden/roles/${c.role}.json (title, description, system prompt)`);
      }
      const out = nextVersion(null, { content: input.content, author: input.author, at, change_note: input.changeNote?.trim() || "new case" });
      if (!out.ok) throw new GoldenCaseError(out.error);
      await insertVersion(tx, out.version);
      await audit(tx, { actor: input.author, action: "golden_case.create", entity: "golden_case", entityId: out.version.case_id, at: out.version.at, detail: { version: 1, change_note: out.version.change_note } });
      return out.version;
    },
  );
}

/**
 * Saves an edit as the next version, with its change note and diff. Refused (nothing written): a frozen eval case (copy
 * it to a new case instead: copyCase), an unknown case, a stale form (someone saved a newer version since
 * `baseVersion`), no change, no change note.
 */
export async function editCase(db: Db, input: { caseId: string; content: unknown; author: string; changeNote: string; baseVersion?: number; at?: Date }): Promise<{ version: CaseVersion; diff: CaseDiff }> {
  const at = input.at ?? new Date();
  return db.transaction(
    async (tx) => {
      // PostgreSQL: case ids and versions are read then written; another instance's write waits for this one.
      await lockForTransaction(tx, "golden_cases");
      const current = await currentCaseVersion(tx, input.caseId);
      if (!current) throw new GoldenCaseError(`no case ${input.caseId}`);
      const suggestId = nextCaseId(await caseIdsInUse(tx), prefixOf(current.content.case.id));
      if (isFrozen(current.content)) {
        // Whatever the form holds: nextVersion's refusal of a frozen case, offering the id a copy would get.
        const refused = nextVersion(current, { content: current.content, author: input.author, at, change_note: input.changeNote || "-" }, { suggestId });
        throw new GoldenCaseError(refused.ok ? `${input.caseId} is frozen` : refused.error, suggestId);
      }
      if (input.baseVersion !== undefined && input.baseVersion !== current.version) {
        throw new GoldenCaseError(`${input.caseId} changed since you opened it: it is now version ${current.version} (${current.author}, ${current.at}). Reload the page and make your change again`);
      }
      const out = nextVersion(current, { content: input.content, author: input.author, at, change_note: input.changeNote }, { suggestId });
      if (!out.ok) throw new GoldenCaseError(out.error);
      await insertVersion(tx, out.version);
      await audit(tx, { actor: input.author, action: "golden_case.edit", entity: "golden_case", entityId: input.caseId, at: out.version.at, detail: { version: out.version.version, change_note: out.version.change_note } });
      return { version: out.version, diff: out.diff! };
    },
  );
}

/**
 * "Copy to a new case": the way to change a frozen case. The copy gets the next free id of the same prefix, lands in
 * dev (it is a new, unfrozen case) and records where it came from; the original stays as it is.
 */
export async function copyCase(db: Db, input: { caseId: string; author: string; at?: Date }): Promise<CaseVersion> {
  const at = input.at ?? new Date();
  return db.transaction(
    async (tx) => {
      // PostgreSQL: case ids and versions are read then written; another instance's write waits for this one.
      await lockForTransaction(tx, "golden_cases");
      const current = await currentCaseVersion(tx, input.caseId);
      if (!current) throw new GoldenCaseError(`no case ${input.caseId}`);
      const id = nextCaseId(await caseIdsInUse(tx), prefixOf(current.content.case.id));
      const { split: _frozenSplit, ...rest } = current.content.case;
      const content = { ...current.content, case: { ...rest, id } };
      const out = nextVersion(null, { content, author: input.author, at, change_note: `copied from ${current.content.case.id} (version ${current.version}) to change it: the original stays as it is` });
      if (!out.ok) throw new GoldenCaseError(out.error);
      await insertVersion(tx, out.version);
      await audit(tx, { actor: input.author, action: "golden_case.copy", entity: "golden_case", entityId: out.version.case_id, at: out.version.at, detail: { from: input.caseId, from_version: current.version } });
      return out.version;
    },
  );
}
