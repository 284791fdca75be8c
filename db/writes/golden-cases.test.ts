import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadGoldenSuites } from "../../bin/load/golden-suites";
import { repoPath } from "../../bin/load/files";
import type { AuthoredCase } from "../../lib/golden/case-schema";
import { caseHistory, currentCaseVersion, listCases } from "../queries/golden-cases";
import { auditLog, goldenCaseVersions } from "../schema";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { exportGolden, GoldenExportError } from "./export-golden";
import { copyCase, createCase, editCase, GOLDEN_FILES_AUTHOR, GoldenCaseError, seedGoldenCases } from "./golden-cases";
import { recordSeededFiles, repoExportFiles } from "./seeded-files";

const AT = new Date("2026-07-02T10:00:00.000Z");
const ANALYST = "analyst@assay.test";

let t: TempDb;
let out: string;
beforeEach(async () => {
  t = await makeTempDb();
  out = mkdtempSync(path.join(tmpdir(), "assay-golden-export-"));
  await seedGoldenCases(t.db, loadGoldenSuites(), AT.toISOString());
  await recordSeededFiles(t.db, repoExportFiles(), AT.toISOString()); // what db:setup keeps: the export's base (issue 20)
});
afterEach(async () => {
  await t.cleanup();
  rmSync(out, { recursive: true, force: true });
});

const versionRows = async () => (await t.db.select({ n: count() }).from(goldenCaseVersions))[0]!.n;
const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const shippedCount = () => {
  const s = loadGoldenSuites();
  return s.roles.reduce((n, r) => n + r.cases.length, 0) + s.policy.cases.length;
};

function newWireCase(id = "sup-009"): AuthoredCase {
  return {
    suite: "role",
    role: "support_desk",
    case: { id, brief: "Can I still get a wire out today? It's 1:30 pm.", must_include: ["states that the outgoing wire cut-off is 2 p.m. ET"], must_not_include: ["promises the time the wire will arrive"] },
  };
}

describe("seeding the golden cases", () => {
  it("stores version 1 of every shipped case, authored by the golden/ files, and seeding again adds nothing", async () => {
    const cases = await listCases(t.db);
    expect(cases).toHaveLength(shippedCount());
    expect(new Set(cases.map((c) => c.version))).toEqual(new Set([1]));
    expect(new Set(cases.map((c) => c.author))).toEqual(new Set([GOLDEN_FILES_AUTHOR]));
    const before = [await versionRows(), await auditRows()];
    expect(await seedGoldenCases(t.db, loadGoldenSuites())).toEqual({ added: 0, kept: shippedCount(), updated: [], differing: [] });
    expect([await versionRows(), await auditRows()]).toEqual(before);
  });

  it("keeps each case's split from the files: eval cases are frozen", async () => {
    const sup2 = (await listCases(t.db)).find((c) => c.id === "sup-002")!;
    const sup1 = (await listCases(t.db)).find((c) => c.id === "sup-001")!;
    expect([sup2.split, sup2.frozen, sup1.split, sup1.frozen]).toEqual(["eval", true, "dev", false]);
  });

  it("a case changed in golden/ since the seed becomes its next version; one edited in the workbench and not exported is only reported", async () => {
    const suites = loadGoldenSuites();
    const edited = { ...suites, roles: suites.roles.map((r) => (r.role === "support_desk" ? { ...r, cases: r.cases.map((c) => (c.id === "sup-001" ? { ...c, notes: "edited in git" } : c)) } : r)) };
    expect((await seedGoldenCases(t.db, edited)).updated).toEqual(["role:support_desk/sup-001"]);
    expect(await currentCaseVersion(t.db, "role:support_desk/sup-001")).toMatchObject({ version: 2, author: GOLDEN_FILES_AUTHOR, content: { case: { notes: "edited in git" } } });
    // the workbench is now ahead of the original files: reported, not reverted
    expect(await seedGoldenCases(t.db, suites)).toMatchObject({ added: 0, updated: [], differing: ["role:support_desk/sup-001"] });
    expect((await currentCaseVersion(t.db, "role:support_desk/sup-001"))!.version).toBe(2);
  });
});

describe("saving cases", () => {
  it("a new case is version 1 with its author and change note, and an audit row", async () => {
    const v = await createCase(t.db, { content: newWireCase(), author: ANALYST, changeNote: "cut-off before 2 pm", at: AT });
    expect(v).toMatchObject({ case_id: "role:support_desk/sup-009", version: 1, author: ANALYST, change_note: "cut-off before 2 pm" });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "golden_case.create"))).toMatchObject([{ actor: ANALYST, entityId: "role:support_desk/sup-009" }]);
  });

  it("a case id already used in any suite is refused, with the next free id, and nothing is written", async () => {
    const before = [await versionRows(), await auditRows()];
    await expect(createCase(t.db, { content: newWireCase("sup-003"), author: ANALYST, at: AT })).rejects.toThrow("case id sup-003 is already used by role:support_desk/sup-003: choose another id (the next free one is sup-009)");
    // ids are unique across suites: a retirement-desk case cannot take a support-desk id either
    await expect(createCase(t.db, { content: { ...newWireCase("sup-001"), role: "retirement_desk" }, author: ANALYST, at: AT })).rejects.toThrow(/already used by role:support_desk\/sup-001/);
    expect([await versionRows(), await auditRows()]).toEqual(before);
  });

  it("a role without a role file is refused", async () => {
    await expect(createCase(t.db, { content: { ...newWireCase(), role: "fx_desk" }, author: ANALYST, at: AT })).rejects.toThrow(/unknown role fx_desk/);
  });

  it("an edit with a change note becomes version 2, with the diff in the history", async () => {
    await createCase(t.db, { content: newWireCase(), author: ANALYST, at: AT });
    const edited = newWireCase();
    edited.case.must_include = [...edited.case.must_include, "states that a wire requested after the cut-off is sent the next business day"];
    const r = await editCase(t.db, { caseId: "role:support_desk/sup-009", content: edited, author: "lead@assay.test", changeNote: "add the next-day rule", baseVersion: 1, at: AT });
    expect(r.version).toMatchObject({ version: 2, author: "lead@assay.test", change_note: "add the next-day rule" });
    const history = await caseHistory(t.db, "role:support_desk/sup-009");
    expect(history.map((h) => h.version)).toEqual([2, 1]);
    expect(history[0]!.diff).toMatchObject({ added: [{ kind: "must_include", text: "states that a wire requested after the cut-off is sent the next business day" }], removed: [], changed: [] });
    expect(history[1]!.diff).toBeNull();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "golden_case.edit"))).toMatchObject([{ actor: "lead@assay.test", detail: { version: 2, change_note: "add the next-day rule" } }]);
  });

  it("an edit without a change note is refused", async () => {
    await createCase(t.db, { content: newWireCase(), author: ANALYST, at: AT });
    const edited = { ...newWireCase(), case: { ...newWireCase().case, brief: "reworded" } };
    await expect(editCase(t.db, { caseId: "role:support_desk/sup-009", content: edited, author: ANALYST, changeNote: " ", at: AT })).rejects.toThrow(/say what changed and why/);
  });

  it("an edit made on a stale version is refused: someone saved a newer one since the form was opened", async () => {
    await createCase(t.db, { content: newWireCase(), author: ANALYST, at: AT });
    const a = { ...newWireCase(), case: { ...newWireCase().case, notes: "first" } };
    const b = { ...newWireCase(), case: { ...newWireCase().case, notes: "second" } };
    await editCase(t.db, { caseId: "role:support_desk/sup-009", content: a, author: ANALYST, changeNote: "note", baseVersion: 1, at: AT });
    await expect(editCase(t.db, { caseId: "role:support_desk/sup-009", content: b, author: "lead@assay.test", changeNote: "note", baseVersion: 1, at: AT })).rejects.toThrow(/changed since you opened it: it is now version 2/);
  });

  it("an edit to an eval case is refused, offering a new case id, and nothing is written", async () => {
    const current = (await currentCaseVersion(t.db, "role:support_desk/sup-002"))!;
    const before = [await versionRows(), await auditRows()];
    let err: unknown;
    try {
      await editCase(t.db, { caseId: current.case_id, content: { ...current.content, case: { ...current.content.case, brief: "reworded" } }, author: ANALYST, changeNote: "tweak", baseVersion: 1, at: AT });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GoldenCaseError);
    expect((err as GoldenCaseError).message).toBe("role:support_desk/sup-002 is in the frozen eval split and cannot be changed in place: create a new case with a new case id (e.g. sup-009) carrying your change");
    expect((err as GoldenCaseError).suggestId).toBe("sup-009");
    expect([await versionRows(), await auditRows()]).toEqual(before);
    expect(await currentCaseVersion(t.db, current.case_id)).toEqual(current);
  });

  it("copying a frozen case makes a new dev case with the next free id; the original is unchanged", async () => {
    const v = await copyCase(t.db, { caseId: "policy/pol-009", author: ANALYST, at: AT });
    expect(v).toMatchObject({ case_id: "policy/pol-014", version: 1, content: { suite: "policy", case: { id: "pol-014", behavior: "escalation" } } });
    expect(v.content.case.split).toBeUndefined();
    expect(v.change_note).toMatch(/copied from pol-009 \(version 1\)/);
    expect((await currentCaseVersion(t.db, "policy/pol-009"))!.version).toBe(1);
  });
});

describe("exporting to golden/", () => {
  const read = (root: string, file: string) => readFileSync(path.join(root, file), "utf8");
  const FILES = ["golden/roles/retirement_desk.json", "golden/roles/support_desk.json", "golden/policy_behaviors.json"];

  it("an export of unchanged cases reproduces the shipped files byte for byte", async () => {
    const r = await exportGolden(t.db, { root: out, actor: ANALYST });
    expect(r.files.map((f) => f.file)).toEqual(FILES);
    for (const f of FILES) expect(read(out, f), f).toBe(read(repoPath(), f));
    expect(r).toMatchObject({ unlocked: [], flagged: [] });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "golden.export"))).toHaveLength(1);
  });

  it("round-trips: the exported files load with the golden-suite schema and hold the current versions, new cases appended, metadata kept", async () => {
    await exportGolden(t.db, { root: out, actor: ANALYST });
    await createCase(t.db, { content: newWireCase(), author: ANALYST, at: AT });
    const edited = (await currentCaseVersion(t.db, "role:support_desk/sup-001"))!.content;
    await editCase(t.db, { caseId: "role:support_desk/sup-001", content: { ...edited, case: { ...edited.case, notes: "reviewed" } }, author: ANALYST, changeNote: "note", at: AT });
    const r = await exportGolden(t.db, { root: out, actor: ANALYST });
    expect(r.files.find((f) => f.file === "golden/roles/support_desk.json")).toEqual({ file: "golden/roles/support_desk.json", cases: 9, changed: true });
    expect(r.files.find((f) => f.file === "golden/policy_behaviors.json")!.changed).toBe(false);
    const exported = loadGoldenSuites(path.join(out, "golden", "roles"), path.join(out, "golden", "policy_behaviors.json"));
    const shipped = loadGoldenSuites();
    const sup = exported.roles.find((x) => x.role === "support_desk")!;
    const shippedSup = shipped.roles.find((x) => x.role === "support_desk")!;
    expect(sup.cases.map((c) => c.id)).toEqual([...shippedSup.cases.map((c) => c.id), "sup-009"]);
    expect({ ...sup, cases: [] }).toEqual({ ...shippedSup, cases: [] });
    expect(sup.cases[0]!.notes).toBe("reviewed");
    const fromDb = (await listCases(t.db)).map((c) => c.content.case);
    const fromFiles = [...exported.roles.flatMap((x) => x.cases), ...exported.policy.cases];
    expect(new Map(fromFiles.map((c) => [c.id, c]))).toEqual(new Map(fromDb.map((c) => [c.id, c])));
    // exporting again is a no-op
    expect((await exportGolden(t.db, { root: out, actor: ANALYST })).files.every((f) => !f.changed)).toBe(true);
  });

  it("writes nothing when validation fails (a case the golden-suite schema rejects)", async () => {
    const bad = newWireCase();
    await t.db.insert(goldenCaseVersions).values({ caseId: "role:support_desk/sup-009", version: 1, suite: "role", content: { ...bad, case: { ...bad.case, must_include: [], must_not_include: [] } } as AuthoredCase, author: "x", at: AT.toISOString(), changeNote: "bypassed the checks" });
    await expect(exportGolden(t.db, { root: out, actor: ANALYST })).rejects.toThrow(GoldenExportError);
    await expect(exportGolden(t.db, { root: out, actor: ANALYST })).rejects.toThrow(/golden\/roles\/support_desk\.json cases\.8\.must_include: a case needs at least one/);
    expect(readdirSync(out)).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "golden.export"))).toEqual([]);
  });

  it("never changes a frozen eval case: an export that would is refused and writes nothing", async () => {
    const [row] = await t.db.select().from(goldenCaseVersions).where(eq(goldenCaseVersions.caseId, "role:retirement_desk/ret-004")).limit(1);
    await t.db.insert(goldenCaseVersions).values({ ...row!, id: undefined, version: 2, content: { ...row!.content, case: { ...row!.content.case, brief: "sneaky edit" } } as AuthoredCase, changeNote: "bypassed the checks" });
    await expect(exportGolden(t.db, { root: out, actor: ANALYST })).rejects.toThrow(/role:retirement_desk\/ret-004 is a frozen eval case and would change/);
    expect(readdirSync(out)).toEqual([]);
  });

  it("refuses to overwrite a golden/ file holding a case version the workbench has never seen", async () => {
    await exportGolden(t.db, { root: out, actor: ANALYST });
    const file = path.join(out, "golden", "policy_behaviors.json");
    const before = readFileSync(file, "utf8");
    const changed = before.replace("Ambiguous brief: the agent must ask before acting.", "Edited in git meanwhile.");
    expect(changed).not.toBe(before);
    writeFileSync(file, changed);
    await expect(exportGolden(t.db, { root: out, actor: ANALYST })).rejects.toThrow(/golden\/policy_behaviors\.json has a version of pol-001 the workbench has never seen/);
    expect(readFileSync(file, "utf8")).toBe(changed);
    expect(existsSync(path.join(out, "golden", "roles", "support_desk.json"))).toBe(true);
  });

  it("reports a case moved into eval that the lock does not know yet", async () => {
    const c = (await currentCaseVersion(t.db, "role:support_desk/sup-003"))!;
    await editCase(t.db, { caseId: c.case_id, content: { ...c.content, case: { ...c.content.case, split: "eval" } }, author: ANALYST, changeNote: "freeze for eval", at: AT });
    expect((await exportGolden(t.db, { root: out, actor: ANALYST })).unlocked).toEqual(["role:support_desk/sup-003"]);
  });
});
