import Link from "next/link";
import { getDb } from "@/db/index";
import { listApprovals } from "@/db/queries/baselines";
import { listReportSources } from "@/db/queries/compare";
import { currentBaselineRef } from "@/lib/approval/history";
import { describeRef, parseRef } from "@/lib/approval/report-ref";
import { f3, when } from "../_lib/format";
import { requirePageUser } from "../_lib/current-user";
import { RulerChangeNote } from "./ruler-change";

export const dynamic = "force-dynamic";

/** Baseline history of both kinds (runs, judge reports), newest first. Records are immutable; the newest of a kind is the current baseline. */
export default async function BaselinesPage() {
  await requirePageUser();
  const db = await getDb();
  const rows = await listApprovals(db);
  const records = rows.map((a) => a.record);
  const current = new Set([currentBaselineRef(records, "score"), currentBaselineRef(records, "judge")]);
  const names = new Map((await listReportSources(db)).map((s) => [s.ref as string, s.name]));
  // A run links to its report page; a judge report has none, so its name is shown.
  const report = (ref: string) => {
    const p = parseRef(ref);
    const text = `${describeRef(ref)}${names.has(ref) ? ` (${names.get(ref)})` : ""}`;
    return p?.kind === "run" && names.has(ref) ? <Link href={`/runs/${p.id}`}>{text}</Link> : text;
  };
  return (
    <>
      <h1>Baselines</h1>
      <p className="muted">
        Every approval of a run (score reports) or a judge report, newest first. The newest approval of each kind is the current baseline the Compare page (and, for runs, the Runs page) compares against by default. Approved
        records cannot be edited: approving another candidate moves the baseline.
      </p>
      <table aria-label="Baseline history">
        <thead>
          <tr>
            <th>approved (UTC)</th>
            <th>by</th>
            <th>kind</th>
            <th>candidate</th>
            <th>over baseline</th>
            <th>verdict</th>
            <th className="num">mean Δ</th>
            <th>95% CI</th>
            <th className="num">flips p→f</th>
            <th className="num">blockers</th>
            <th>justification</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id}>
              <td>{when(a.approvedAt)}</td>
              <td>{a.approvedBy}</td>
              <td>{a.reportKind === "score" ? "run (score)" : "judge report"}</td>
              <td>{report(a.candidateRef)}</td>
              <td>{report(a.baselineRef)}</td>
              <td>{a.record.compare.verdict}</td>
              <td className="num">{f3(a.record.compare.mean_delta)}</td>
              <td>{`[${a.record.compare.ci[0].toFixed(3)}, ${a.record.compare.ci[1].toFixed(3)}]`}</td>
              <td className="num">{a.record.compare.gate_flips.pass_to_fail.length}</td>
              <td className="num">{a.record.compare.blockers.length}</td>
              <td>
                <RulerChangeNote record={a.record} />
                {a.record.justification ?? "—"}
                {/* The rest of the recorded figures and the reviews that counted, so the record is readable in full here. */}
                <details>
                  <summary>figures and reviews ({a.record.reviews.length})</summary>
                  <p>
                    pairs {a.record.compare.n_pairs}; improved / regressed / tied {a.record.compare.improved} / {a.record.compare.regressed} / {a.record.compare.tied}; minimum detectable Δ {f3(a.record.compare.mde.value)}; fail→pass{" "}
                    {a.record.compare.gate_flips.fail_to_pass.length}
                  </p>
                  {a.record.warnings.length ? <p className="muted">warnings: {a.record.warnings.join("; ")}</p> : null}
                  <ul aria-label="Reviews">
                    {a.record.reviews.map((r) => (
                      <li key={r.case_key}>
                        {r.case_key}: {r.decision === "accept" ? "accepted" : "rejected"} by {r.reviewer}
                        {r.note ? `: ${r.note}` : ""}
                      </li>
                    ))}
                  </ul>
                </details>
              </td>
              <td>
                <Link href={`/compare?baseline=${a.baselineRef}&candidate=${a.candidateRef}`}>comparison</Link>
                {current.has(a.candidateRef) && rows.find((x) => x.reportKind === a.reportKind) === a ? (
                  <>
                    {" "}
                    <span className="badge">current baseline</span>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={12} className="muted">
                No baseline approved yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </>
  );
}
