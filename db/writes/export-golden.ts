import path from "node:path";
import { REPO_ROOT } from "../../bin/load/files";
import { checkSuitesLock, keyedSuiteCases, readSuitesLock } from "../../bin/load/suites-lock";
import { caseKey } from "../../lib/golden/case-schema";
import { exportVersion, previewExport, type ExportFile, type FilePreview } from "../../lib/io/export-preview";
import { checkCaseItems } from "../../lib/golden/item-check";
import { policySuiteSchema, roleFileSchema, type PolicyCase, type PolicySuite, type RoleCase, type RoleFile } from "../../lib/schemas/golden-suite";
import type { Db } from "../index";
import { caseVersions, listCases, type CaseSummary } from "../queries/golden-cases";
import { seededTexts } from "../queries/seeded-files";
import { fileUnder, writeFilesInto } from "./export-files";
import { auditExport } from "./export-probes";
import { sameContent } from "./golden-cases";

// Issue 5: the workbench's current case versions go back to golden/ so the work lands in git as a reviewable diff.
// Each role file keeps its metadata (title, description, system_prompt) and case order, new cases appended; an export of
// unchanged cases is byte-identical. Everything is validated before anything is written, and the frozen eval split
// (golden/suites.lock.json) must come out unchanged.

export type GoldenExport = {
  files: ExportFile[];
  /** Eval cases the lock does not know yet (moved into eval): refresh golden/suites.lock.json on purpose and commit it. */
  unlocked: string[];
  /**
   * Cases with item findings (lib/golden/item-check.ts): exported as they are, listed so the author sees them. The
   * golden suite test applies the same check, so it fails on these cases until they are fixed.
   */
  flagged: string[];
};

/** Export refused: nothing was built. */
export class GoldenExportError extends Error {
  constructor(readonly problems: string[]) {
    super(`nothing was exported: ${problems.join("; ")}`);
    this.name = "GoldenExportError";
  }
}

const ROLES_DIR = path.join("golden", "roles");
const POLICY_FILE = path.join("golden", "policy_behaviors.json");
const rel = (p: string) => p.split(path.sep).join("/");

/** A suite case in the files' key order: id, behavior, split, brief, must_include, must_not_include, notes. */
function orderCase<C extends RoleCase | PolicyCase>(c: C): C {
  const p = c as PolicyCase;
  return {
    id: c.id,
    ...(p.behavior !== undefined ? { behavior: p.behavior } : {}),
    ...(c.split !== undefined ? { split: c.split } : {}),
    brief: c.brief,
    must_include: c.must_include,
    must_not_include: c.must_not_include,
    ...(c.notes !== undefined ? { notes: c.notes } : {}),
  } as C;
}

/** A base file's document (metadata and case order come from it), read from `base`, or null when it has none. */
function readBase<T>(base: (path: string) => string | null, file: string, parse: (v: unknown) => T): { doc: T } | null {
  const text = base(rel(file));
  return text === null ? null : { doc: parse(JSON.parse(text)) };
}

/** The base file's case order, then cases new in the workbench in the order they were created. */
function ordered(base: ReadonlyArray<{ id: string }>, current: CaseSummary[]): CaseSummary[] {
  const pos = new Map(base.map((c, i) => [c.id, i]));
  return [...current].sort((a, b) => (pos.get(a.id) ?? base.length + a.firstRow) - (pos.get(b.id) ?? base.length + b.firstRow));
}

/**
 * The current version of every case as golden/roles/<role>.json and golden/policy_behaviors.json would hold it, built
 * in memory (issue 20: handed over as a download or written by the CLI into --out DIR, never into the server's
 * checkout). Each file's metadata and case order come from `base(path)`: what the server last seeded, or the file
 * already in --out DIR. Refused (GoldenExportError, nothing built): a file that fails the golden-suite schema, a case id
 * used twice, a role without a role file, a locked eval case whose content would change, a case in a base file whose
 * content the workbench has never seen (run db:setup to bring it in).
 */
export async function buildGoldenExport(db: Db, opts: { base: (path: string) => string | null; lockRoot?: string }): Promise<GoldenExport> {
  const cases = await listCases(db);
  const problems: string[] = [];
  const docs: Array<{ file: string; doc: RoleFile | PolicySuite; count: number }> = [];

  // A case in the base file the workbench does not hold at any version would be lost or reverted by this export.
  const unseen = async (file: string, baseCases: ReadonlyArray<RoleCase | PolicyCase>, key: (c: RoleCase | PolicyCase) => string) => {
    for (const c of baseCases) {
      const k = key(c);
      const known = await caseVersions(db, k);
      if (!known.length) problems.push(`${file} has ${c.id}, which the workbench does not hold (run npm run db:setup to bring it in)`);
      else if (!known.some((v) => sameContent(v.content.case, c))) problems.push(`${file} has a version of ${c.id} the workbench has never seen (run npm run db:setup to bring it in)`);
    }
  };

  const roles = [...new Set(cases.flatMap((c) => (c.role ? [c.role] : [])))].sort();
  for (const role of roles) {
    const file = path.join(ROLES_DIR, `${role}.json`);
    let base: { doc: RoleFile } | null;
    try {
      base = readBase(opts.base, file, (v) => roleFileSchema.parse(v));
    } catch (e) {
      problems.push(`${rel(file)} cannot be read: ${(e as Error).message}`);
      continue;
    }
    if (!base) {
      problems.push(`no ${rel(file)} for role ${role}: a role file's title, description and system prompt are written in git, not in the workbench`);
      continue;
    }
    await unseen(rel(file), base.doc.cases, (c) => caseKey({ suite: "role", role, case: c as RoleCase }));
    const mine = ordered(base.doc.cases, cases.filter((c) => c.role === role));
    const doc = { ...base.doc, cases: mine.map((c) => orderCase(c.content.case as RoleCase)) };
    const parsed = roleFileSchema.safeParse(doc);
    if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${rel(file)} ${i.path.join(".")}: ${i.message}`));
    docs.push({ file, doc: { schema_version: doc.schema_version, suite: doc.suite, role: doc.role, title: doc.title, description: doc.description, system_prompt: doc.system_prompt, cases: doc.cases }, count: mine.length });
  }

  const policyCases = cases.filter((c) => c.suite === "policy");
  let policyBase: { doc: PolicySuite } | null = null;
  try {
    policyBase = readBase(opts.base, POLICY_FILE, (v) => policySuiteSchema.parse(v));
  } catch (e) {
    problems.push(`${rel(POLICY_FILE)} cannot be read: ${(e as Error).message}`);
  }
  if (policyBase) await unseen(rel(POLICY_FILE), policyBase.doc.cases, (c) => caseKey({ suite: "policy", case: c as PolicyCase }));
  if (policyCases.length || policyBase) {
    const mine = ordered(policyBase?.doc.cases ?? [], policyCases);
    const doc: PolicySuite = { schema_version: 1, suite: "policy", cases: mine.map((c) => orderCase(c.content.case as PolicyCase)) };
    const parsed = policySuiteSchema.safeParse(doc);
    if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${rel(POLICY_FILE)} ${i.path.join(".")}: ${i.message}`));
    docs.push({ file: POLICY_FILE, doc, count: mine.length });
  }

  // Ids name cases in every report: unique across all suite files.
  const owner = new Map<string, string>();
  for (const { file, doc } of docs)
    for (const c of doc.cases) {
      const prev = owner.get(c.id);
      if (prev) problems.push(`case id ${c.id} is in both ${prev} and ${rel(file)}`);
      owner.set(c.id, rel(file));
    }

  // The frozen eval split must come out exactly as locked.
  const roleDocs = docs.filter((d): d is { file: string; doc: RoleFile; count: number } => d.doc.suite === "role").map((d) => d.doc);
  const policyDoc = docs.find((d) => d.doc.suite === "policy")?.doc as PolicySuite | undefined;
  const lock = checkSuitesLock(readSuitesLock(opts.lockRoot ?? REPO_ROOT), keyedSuiteCases({ roles: roleDocs, policy: policyDoc ?? { schema_version: 1, suite: "policy", cases: [] } }));
  for (const k of lock.changed) problems.push(`${k} is a frozen eval case and would change (golden/suites.lock.json)`);
  for (const k of lock.removed) problems.push(`${k} is a frozen eval case and would be removed (golden/suites.lock.json)`);

  if (problems.length) throw new GoldenExportError(problems);

  return {
    files: docs.map(({ file, doc, count }) => ({ path: rel(file), text: `${JSON.stringify(doc, null, 2)}\n`, records: count })),
    unlocked: lock.unlocked,
    flagged: cases.filter((c) => checkCaseItems(c.content.case).some((i) => i.findings.length)).map((c) => c.id),
  };
}

export type GoldenExportResult = { files: Array<{ file: string; cases: number; changed: boolean }>; unlocked: string[]; flagged: string[]; /** Each file against what the server last seeded. */ preview: FilePreview[]; version: string };

/**
 * `assay export-golden --out DIR`: the export written under `root` (golden/roles/*.json, golden/policy_behaviors.json),
 * audited. A file already in `root` is the base (its metadata and order, and it must hold only versions the workbench
 * knows), else what the server last seeded. Never the server's checkout.
 */
export async function exportGolden(db: Db, opts: { root: string; actor: string; via?: string; at?: string; lockRoot?: string }): Promise<GoldenExportResult> {
  const seeded = await seededTexts(db);
  const built = await buildGoldenExport(db, { base: (p) => fileUnder(opts.root, p) ?? seeded(p), lockRoot: opts.lockRoot });
  const preview = previewExport(built.files, seeded);
  const version = exportVersion(built.files);
  const written = writeFilesInto(opts.root, built.files);
  const result: GoldenExportResult = { files: built.files.map((f, i) => ({ file: f.path, cases: f.records, changed: written[i]!.changed })), unlocked: built.unlocked, flagged: built.flagged, preview, version };
  await auditExport(db, { kind: "golden", actor: opts.actor, via: opts.via ?? "cli", version, files: preview, detail: { out: opts.root, unlocked: built.unlocked, flagged: built.flagged }, at: opts.at });
  return result;
}
