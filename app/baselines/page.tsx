import Link from "next/link";
import { getDb } from "@/db/index";
import { listApprovals } from "@/db/queries/baselines";
import { f3, when } from "../_lib/format";
import { requirePageUser } from "../_lib/current-user";

export const dynamic = "force-dynamic";

/** Baseline history: every approval, newest first. Records are immutable; the newest of a kind is the current baseline. */
export default async function BaselinesPage() {
  await requirePageUser();
  const rows = listApprovals(getDb());
  return (
    <>
      <h1>Baselines</h1>
      <p className="muted">Every approval, newest first. Approved records cannot be edited: approving another candidate moves the baseline.</p>
      <table aria-label="Baseline history">
        <thead>
          <tr>
            <th>approved (UTC)</th>
            <th>by</th>
            <th>candidate</th>
            <th>over baseline</th>
            <th>verdict</th>
            <th className="num">mean Δ</th>
            <th>95% CI</th>
            <th className="num">flips p→f</th>
            <th className="num">blockers</th>
            <th>justification</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id}>
              <td>{when(a.approvedAt)}</td>
              <td>{a.approvedBy}</td>
              <td>
                <Link href={`/runs/${a.candidateRunId}`}>run {a.candidateRunId}</Link>
              </td>
              <td>run {a.baselineRunId}</td>
              <td>{a.record.compare.verdict}</td>
              <td className="num">{f3(a.record.compare.mean_delta)}</td>
              <td>{`[${a.record.compare.ci[0].toFixed(3)}, ${a.record.compare.ci[1].toFixed(3)}]`}</td>
              <td className="num">{a.record.compare.gate_flips.pass_to_fail.length}</td>
              <td className="num">{a.record.compare.blockers.length}</td>
              <td>{a.record.justification ?? "—"}</td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={10} className="muted">
                No baseline approved yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </>
  );
}
