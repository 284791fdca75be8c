import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/index";
import { caseHistory, caseKeyOfId } from "@/db/queries/golden-cases";
import { can } from "@/lib/auth/permissions";
import { caseSplit, isFrozen } from "@/lib/golden/case-schema";
import { checkCaseItems } from "@/lib/golden/item-check";
import { POLICY_BEHAVIORS } from "@/lib/schemas/golden-suite";
import { when } from "../../_lib/format";
import { requirePageUser } from "../../_lib/current-user";
import { DiffView, FindingsView } from "../guidance";
import { CopyCaseButton } from "./copy-case-button";
import { EditCaseForm } from "./edit-case-form";

export const dynamic = "force-dynamic";

export default async function GoldenCasePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  if (!/^[a-z]{3}-\d{3}$/.test(id)) notFound();
  const db = await getDb();
  const key = await caseKeyOfId(db, id);
  if (!key) notFound();
  const history = await caseHistory(db, key);
  const current = history[0]!;
  const c = current.content;
  const frozen = isFrozen(c);
  const mayAuthor = can(user, "author_golden");
  return (
    <>
      <p className="crumbs">
        <Link href="/golden">Golden cases</Link> / {id}
      </p>
      <h1>
        Case {id}{" "}
        {frozen ? (
          <span className="badge advisory" title="in the frozen eval split (golden/suites.lock.json)">
            frozen
          </span>
        ) : null}
      </h1>
      <dl className="context" aria-label="Case">
        <dt>suite</dt>
        <dd>{c.suite === "role" ? `role: ${c.role}` : "policy (every role)"}</dd>
        {c.suite === "policy" ? (
          <>
            <dt>behaviour</dt>
            <dd>{c.case.behavior}</dd>
          </>
        ) : null}
        <dt>split</dt>
        <dd>{caseSplit(c)}</dd>
        <dt>version</dt>
        <dd>
          {current.version} ({current.author}, {when(current.at)})
        </dd>
      </dl>
      <section aria-label="Current content" className="card">
        <h2>Customer message</h2>
        <p style={{ whiteSpace: "pre-wrap" }}>{c.case.brief}</p>
        <h2>must_include</h2>
        <ul aria-label="must_include">
          {c.case.must_include.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <h2>must_not_include</h2>
        <ul aria-label="must_not_include">
          {c.case.must_not_include.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        {c.case.notes ? (
          <>
            <h2>Notes</h2>
            <p style={{ whiteSpace: "pre-wrap" }}>{c.case.notes}</p>
          </>
        ) : null}
        <section aria-label="Current item findings">
          <FindingsView items={checkCaseItems(c.case)} />
        </section>
      </section>
      {frozen ? (
        <section aria-label="Frozen case" className="card">
          <p className="warn">
            This case is in the frozen eval split: it cannot be changed in place (its content is locked in golden/suites.lock.json). To change it, copy it to a new case, which gets the next free id and starts in dev.
          </p>
          {mayAuthor ? <CopyCaseButton caseId={key} /> : null}
        </section>
      ) : mayAuthor ? (
        <EditCaseForm caseId={key} version={current.version} content={c} behaviors={POLICY_BEHAVIORS} />
      ) : (
        <p className="muted">Editing golden cases needs the analyst or lead role.</p>
      )}
      <h2>History</h2>
      <ol aria-label="Version history" reversed className="history">
        {history.map((v) => (
          <li key={v.version} aria-label={`version ${v.version}`}>
            <strong>version {v.version}</strong> — {v.author}, {when(v.at)}: <span style={{ whiteSpace: "pre-wrap" }}>{v.change_note}</span>
            {v.diff ? <DiffView diff={v.diff} /> : null}
          </li>
        ))}
      </ol>
    </>
  );
}
