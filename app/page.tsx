import Link from "next/link";
import { getDb } from "@/db/index";
import { listApprovals } from "@/db/queries/baselines";
import { listRuns } from "@/db/queries/runs";
import { currentPackVersion } from "@/db/queries/scoring-context";
import { currentBaselineRef } from "@/lib/approval/history";
import { parseRef } from "@/lib/approval/report-ref";
import { MAX_RUN_BYTES } from "@/db/writes/import-run";
import { can } from "@/lib/auth/permissions";
import { HARD_CODES } from "@/lib/pack/vocab";
import { f3, pct, when } from "./_lib/format";
import { UploadRunForm } from "./runs/upload-run-form";
import { requirePageUser } from "./_lib/current-user";
import "./runs-list.css";

export const dynamic = "force-dynamic";

export default async function RunsPage() {
  const user = await requirePageUser();
  const db = await getDb();
  const runs = await listRuns(db);
  // Issue 20 (9): with an advisory criterion in any run, the strict composite gets columns of its own, as prominent as the composite.
  const anyAdvisory = runs.some((r) => r.report.advisory.length > 0);
  const currentPack = await currentPackVersion(db);
  // Issue 5: each run is compared against the current (newest approved) score baseline by default.
  const baselineRef = currentBaselineRef((await listApprovals(db)).map((a) => a.record), "score");
  const baselineId = baselineRef ? (parseRef(baselineRef)?.id ?? null) : null;
  return (
    <>
      <h1>Runs</h1>
      <p className="muted">
        Every run is scored on import by the same <code>lib/</code> scorer as <code>npx assay score</code>. Hard-violation counts sit beside the composite: a composite that rises while H1 rises is a regression, not a win. A criterion whose detector recall or matched-pair separation on the probe sets is below 0.9 is advisory: it no longer zeroes the composite, so whenever one is, the strict composite (every criterion hard) gets its own columns beside the composite.
      </p>
      <table aria-label="Runs" className="runs-table">
        <thead>
          <tr>
            <th>run</th>
            <th className="num">lines</th>
            <th className="num">composite dev</th>
            {anyAdvisory ? (
              <th className="num" title="composite_strict: the advisory criteria counted as hard">
                strict dev
              </th>
            ) : null}
            <th className="num">composite eval</th>
            {anyAdvisory ? (
              <th className="num" title="composite_strict: the advisory criteria counted as hard">
                strict eval
              </th>
            ) : null}
            {HARD_CODES.map((h) => (
              <th key={h} className="num">
                {h}
              </th>
            ))}
            <th className="num">format invalid</th>
            <th className="num">over-esc</th>
            <th className="num">under-esc</th>
            <th className="num">under-route</th>
            <th>advisory</th>
            <th>pack</th>
            <th>imported</th>
            <th>vs baseline</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => {
            const all = r.report.splits.all;
            const advisory = r.report.advisory.length > 0;
            return (
              <tr key={r.id}>
                <th scope="row">
                  <Link href={`/runs/${r.id}`}>{r.name}</Link> {r.example && <span className="badge">example</span>}
                  <div className="muted small">
                    {r.fileName}
                    {r.model ? ` · ${r.model}` : ""}
                  </div>
                </th>
                <td className="num">{r.nLines.toLocaleString("en-US")}</td>
                {(["dev", "eval"] as const).flatMap((split) => [
                  <td key={split} className="num strong">
                    {f3(r.report.splits[split].composite)}
                  </td>,
                  // An advisory criterion does not zero the composite, so its strict twin stands beside it, as large (seed 000).
                  anyAdvisory ? (
                    <td key={`${split}-strict`} className={`num ${advisory ? "strong" : "muted"}`} title={advisory ? `strict: ${r.report.advisory.join(", ")} counted as hard` : "no advisory criterion: the composite is already strict"}>
                      {f3(r.report.splits[split].composite_strict)}
                    </td>
                  ) : null,
                ])}
                {HARD_CODES.map((h) => (
                  <td key={h} className={`num ${all.hard_violations[h] > 0 ? "bad" : ""}`}>
                    {all.hard_violations[h]}
                  </td>
                ))}
                <td className="num">{pct(all.format_invalid_rate)}</td>
                <td className="num">{pct(all.over_escalation_rate)}</td>
                <td className="num">{pct(all.under_escalation_rate)}</td>
                <td className="num">{pct(all.under_route_rate)}</td>
                <td>{advisory ? <span className="badge advisory">{r.report.advisory.join(", ")}</span> : "—"}</td>
                {/* Issue 17: a run scored under an older pack is not comparable with today's; say which pack scored it. */}
                <td>
                  v{r.packVersion}
                  {currentPack !== null && r.packVersion !== currentPack ? (
                    <>
                      {" "}
                      <span className="badge advisory" title={`Scored under pack v${r.packVersion}; the current pack is v${currentPack}: not comparable with runs scored under it`}>
                        not current
                      </span>
                    </>
                  ) : null}
                </td>
                <td className="muted small">
                  {r.createdBy}
                  <br />
                  {when(r.createdAt)}
                </td>
                <td>
                  {r.id === baselineId ? (
                    <span className="badge">current baseline</span>
                  ) : (
                    <Link href={`/compare?${baselineId !== null ? `baseline=run:${baselineId}&` : ""}candidate=run:${r.id}`} title={`Compare ${r.name} with the current baseline`}>
                      compare
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
          {runs.length === 0 && (
            <tr>
              <td colSpan={20} className="muted">
                No runs yet{can(user, "import_run") ? ": import one below, or run " : ": run "}
                <code>npm run db:setup</code> to load the example runs.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {/* Issue 20 (12): no form a person cannot use; the server refuses the import anyway (import_run). */}
      {can(user, "import_run") ? (
        <>
          <h2>Import a run</h2>
          <UploadRunForm maxBytes={MAX_RUN_BYTES} />
          <p className="muted">
            Or from the command line: <code>npx assay import --run FILE --name NAME</code>.
          </p>
        </>
      ) : null}
    </>
  );
}
