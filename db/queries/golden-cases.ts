import { asc, eq } from "drizzle-orm";
import { caseSplit, isFrozen, type AuthoredCase } from "../../lib/golden/case-schema";
import { diffCase, type CaseDiff, type CaseVersion } from "../../lib/golden/versioning";
import type { Split } from "../../lib/pack/vocab";
import type { DbOrTx } from "../index";
import { goldenCaseVersions, type GoldenCaseVersionRow } from "../schema";

// Issue 5: the golden cases as the workbench holds them: an append-only list of versions per case (caseKey), the highest
// version current. No "server-only" here: scripts/db-setup.ts seeds through db/writes/golden-cases.ts, which reads these.

export function toCaseVersion(r: GoldenCaseVersionRow): CaseVersion {
  return { case_id: r.caseId, version: r.version, content: r.content, author: r.author, at: r.at, change_note: r.changeNote };
}

/** One case as the list shows it: its current version, with who made it and when. */
export type CaseSummary = {
  caseId: string;
  /** The suite-file id: sup-001, pol-004. Unique across all suites. */
  id: string;
  suite: "role" | "policy";
  role: string | null;
  behavior: string | null;
  split: Split;
  frozen: boolean;
  version: number;
  author: string;
  at: string;
  changeNote: string;
  /** The row id of version 1: the order cases were first stored (golden/ file order, then creation order). */
  firstRow: number;
  content: AuthoredCase;
};

/** Every case at its current version, in the order it was first stored. */
export async function listCases(db: DbOrTx): Promise<CaseSummary[]> {
  const rows = await db.select().from(goldenCaseVersions).orderBy(asc(goldenCaseVersions.id));
  const first = new Map<string, number>();
  const current = new Map<string, GoldenCaseVersionRow>();
  for (const r of rows) {
    if (!first.has(r.caseId)) first.set(r.caseId, r.id);
    const cur = current.get(r.caseId);
    if (!cur || r.version > cur.version) current.set(r.caseId, r);
  }
  return [...current.values()]
    .map((r) => {
      const c = r.content;
      return {
        caseId: r.caseId,
        id: c.case.id,
        suite: c.suite,
        role: c.suite === "role" ? c.role : null,
        behavior: c.suite === "policy" ? c.case.behavior : null,
        split: caseSplit(c),
        frozen: isFrozen(c),
        version: r.version,
        author: r.author,
        at: r.at,
        changeNote: r.changeNote,
        firstRow: first.get(r.caseId)!,
        content: c,
      };
    })
    .sort((a, b) => a.firstRow - b.firstRow);
}

/** Every version of one case, oldest first. */
export async function caseVersions(db: DbOrTx, caseId: string): Promise<CaseVersion[]> {
  return (await db.select().from(goldenCaseVersions).where(eq(goldenCaseVersions.caseId, caseId)).orderBy(asc(goldenCaseVersions.version))).map(toCaseVersion);
}

/** The current (highest) version of a case, or null when there is no such case. */
export async function currentCaseVersion(db: DbOrTx, caseId: string): Promise<CaseVersion | null> {
  return (await caseVersions(db, caseId)).at(-1) ?? null;
}

export type HistoryEntry = CaseVersion & { /** What changed from the previous version; null for version 1. */ diff: CaseDiff | null };

/** The history of a case, newest first, each version with its diff against the one before. */
export async function caseHistory(db: DbOrTx, caseId: string): Promise<HistoryEntry[]> {
  const versions = await caseVersions(db, caseId);
  return versions.map((v, i) => ({ ...v, diff: i === 0 ? null : diffCase(versions[i - 1]!.content, v.content) })).reverse();
}

/** The case key of a suite-file id (ids are unique across suites), or null. */
export async function caseKeyOfId(db: DbOrTx, id: string): Promise<string | null> {
  return (await listCases(db)).find((c) => c.id === id)?.caseId ?? null;
}

/** Every suite-file id in use, for nextCaseId and the duplicate check. */
export async function caseIdsInUse(db: DbOrTx): Promise<string[]> {
  return (await listCases(db)).map((c) => c.id);
}

/** Roles that have a role file (the seeded cases came from one): a new role case must name one of them. */
export async function knownRoles(db: DbOrTx): Promise<string[]> {
  return [...new Set((await listCases(db)).flatMap((c) => (c.role ? [c.role] : [])))].sort();
}

/** The id prefix of a suite: "pol" for policy, the role's own (sup, ret) from its cases. */
export async function idPrefixFor(db: DbOrTx, where: { suite: "role" | "policy"; role: string | null }): Promise<string> {
  if (where.suite === "policy") return "pol";
  const id = (await listCases(db)).find((c) => c.role === where.role)?.id;
  return id ? id.slice(0, id.indexOf("-")) : (where.role ?? "new").replace(/[^a-z]/g, "").slice(0, 3).padEnd(3, "x");
}
