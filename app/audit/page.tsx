import Link from "next/link";
import { getDb } from "@/db/index";
import { auditActions, listAudit } from "@/db/queries/audit";
import { AUDIT_OUTCOMES, auditFiltersSchema, auditHref, outcomeOf } from "@/lib/audit-log/filters";
import { when } from "../_lib/format";
import { requirePageUser } from "../_lib/current-user";

export const dynamic = "force-dynamic";

const PAGE = 100;

/** How many requests a row stands for: refusals from one address are counted into one row per window (issue 26). */
const times = (detail: Record<string, unknown>) => (typeof detail.count === "number" ? detail.count : 1);

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser();
  const raw = await searchParams;
  const f = auditFiltersSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
  const db = await getDb();
  const { rows, total, more } = await listAudit(db, { ...f, limit: PAGE });
  const actions = await auditActions(db);
  const filters = { ...f, before: undefined };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const last = rows.at(-1);
  return (
    <>
      <h1>Audit log</h1>
      <p className="muted">
        Every write and every refusal: who, when, what, on which record, newest first. Refusals of one kind from one address within ten minutes are one row, with the number of times.
      </p>
      <form method="get" action="/audit" aria-label="Filter the audit log" className="card form-grid">
        <label>
          Who <input name="who" defaultValue={f.who ?? ""} placeholder="email, or anonymous" />
        </label>
        <label>
          Action{" "}
          <select name="action" defaultValue={f.action ?? ""}>
            <option value="">any</option>
            {actions.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
        <label>
          Outcome{" "}
          <select name="outcome" defaultValue={f.outcome ?? ""}>
            <option value="">any</option>
            {AUDIT_OUTCOMES.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </label>
        <label>
          From <input type="date" name="from" defaultValue={f.from ?? ""} />
        </label>
        <label>
          To <input type="date" name="to" defaultValue={f.to ?? ""} />
        </label>
        <div>
          <button type="submit">Filter</button> {filtered ? <Link href="/audit">Clear filters</Link> : null}
        </div>
      </form>
      <p role="status">
        {total.toLocaleString("en-US")} {total === 1 ? "entry" : "entries"}
        {filtered ? (total === 1 ? " matches" : " match") : ""}
        {rows.length ? `; showing ${rows.length.toLocaleString("en-US")}${f.before ? " older ones" : " newest"}` : ""}.
      </p>
      <table aria-label="Audit log">
        <thead>
          <tr>
            <th>when (UTC)</th>
            <th>who</th>
            <th>action</th>
            <th>record</th>
            <th>outcome</th>
            <th>times</th>
            <th>detail</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{when(r.at)}</td>
              <td>{r.actor}</td>
              <td>{r.action}</td>
              <td>{r.entity === "run" && /^\d+$/.test(r.entityId) ? <Link href={`/runs/${r.entityId}`}>run {r.entityId}</Link> : `${r.entity} ${r.entityId}`}</td>
              <td>{outcomeOf(r.action)}</td>
              <td>{times(r.detail)}</td>
              <td>
                <code className="detail">{JSON.stringify(r.detail)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav aria-label="Audit log pages">
        {f.before ? <Link href={auditHref(filters)}>‹ Newest entries</Link> : null} {more && last ? <Link href={auditHref({ ...filters, before: last.id })}>Older entries ›</Link> : null}
      </nav>
    </>
  );
}
