import { getDb } from "@/db/index";
import { knownRoles, listCases } from "@/db/queries/golden-cases";
import { can } from "@/lib/auth/permissions";
import { POLICY_BEHAVIORS } from "@/lib/schemas/golden-suite";
import { requirePageUser } from "../_lib/current-user";
import { CasesTable, type CaseRow } from "./cases-table";
import { DraftForm } from "./draft-form";
import { ExportGoldenButton } from "./export-golden-button";
import "./golden.css";

export const dynamic = "force-dynamic";

export default async function GoldenPage() {
  const user = await requirePageUser();
  const db = await getDb();
  const [cases, roles] = await Promise.all([listCases(db), knownRoles(db)]);
  const rows: CaseRow[] = cases.map((c) => ({
    id: c.id,
    suite: c.suite,
    role: c.role ?? "",
    behavior: c.behavior ?? "",
    brief: c.content.case.brief,
    must_include: c.content.case.must_include,
    must_not_include: c.content.case.must_not_include,
    split: c.split,
    frozen: c.frozen,
    version: c.version,
    author: c.author,
    at: c.at,
    order: c.firstRow,
  }));
  return (
    <>
      <h1>Golden cases</h1>
      <p className="muted">
        The judge suites’ role cases (a desk’s facts and red lines) and policy behaviours (every role). Each edit is a new version with a change note; cases in the frozen eval split cannot be changed in place. A lead exports them as a download (previewed against what the server last seeded) to commit to golden/ from a clone; nothing is written on the server (docs/GOLDEN.md).
      </p>
      {can(user, "export_golden") ? <ExportGoldenButton /> : null}
      <CasesTable rows={rows} />
      <h2>New case</h2>
      {can(user, "author_golden") ? (
        <>
          <p className="muted">
            Each item is checked for being independently judgeable (one claim, yes/no, no vague words), and the “where does my case go?” rule suggests its suite. Findings are messages, never silent fixes: a case saves with findings, which stay listed until an edit fixes them; the golden suite test applies the same check and fails on any finding once the case is exported. Only what would break the suite file (no item, a duplicate item, an item over 200 characters, a used id) stops a save.
          </p>
          <DraftForm roles={roles} behaviors={POLICY_BEHAVIORS} />
        </>
      ) : (
        <p className="muted">Writing golden cases needs the analyst or lead role.</p>
      )}
    </>
  );
}
