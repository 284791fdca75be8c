import Link from "next/link";
import { getDb } from "@/db/index";
import { listAudit } from "@/db/queries/audit";
import { when } from "../_lib/format";
import { requirePageUser } from "../_lib/current-user";

export const dynamic = "force-dynamic";

const PAGE = 100;

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ before?: string }> }) {
  await requirePageUser();
  const before = Number((await searchParams).before);
  const rows = listAudit(getDb(), { limit: PAGE, before: Number.isInteger(before) && before > 0 ? before : undefined });
  const last = rows[rows.length - 1];
  return (
    <>
      <h1>Audit log</h1>
      <p className="muted">Every write: who, when, what, on which record. Newest first.</p>
      <table aria-label="Audit log">
        <thead>
          <tr>
            <th>when (UTC)</th>
            <th>who</th>
            <th>action</th>
            <th>record</th>
            <th>detail</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{when(r.at)}</td>
              <td>{r.actor}</td>
              <td>{r.action}</td>
              <td>{r.entity === "run" ? <Link href={`/runs/${r.entityId}`}>run {r.entityId}</Link> : `${r.entity} ${r.entityId}`}</td>
              <td>
                <code className="detail">{JSON.stringify(r.detail)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === PAGE && last && <Link href={`/audit?before=${last.id}`}>Older entries ›</Link>}
    </>
  );
}
