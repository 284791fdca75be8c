import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/index";
import { getRun } from "@/db/queries/runs";
import { auditFiguresOf, getRunAudit } from "@/db/queries/run-audit";
import { can } from "@/lib/auth/permissions";
import { currentPackVersion } from "@/db/queries/scoring-context";
import { COMPONENT_WEIGHTS, COMPONENTS, DETECTOR_CODES, HARD_CODE_NAMES, HARD_CODES } from "@/lib/pack/vocab";
import type { Summary } from "@/lib/scoring/report-schema";
import { BarChart } from "../../_components/bar-chart";
import { DetectorTable } from "../../_components/detector-table";
import { SummaryTable } from "../../_components/summary-table";
import { advisoryWhy, f3, pct, when } from "../../_lib/format";
import { DeleteRunButton } from "./delete-run-button";
import { RunAuditSection } from "./run-audit-section";
import { requirePageUser } from "../../_lib/current-user";

export const dynamic = "force-dynamic";

const SPLIT_VIEWS = ["all", "dev", "eval"] as const;
type SplitView = (typeof SPLIT_VIEWS)[number];

export default async function RunReportPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const { id } = await params;
  const sp = await searchParams;
  const runId = Number(id);
  if (!Number.isInteger(runId) || runId <= 0) notFound();
  const db = await getDb();
  const run = await getRun(db, runId);
  if (!run) notFound();
  const currentPack = await currentPackVersion(db);
  const audit = await getRunAudit(db, run.id);
  const auditFigures = audit ? await auditFiguresOf(db, audit) : null;
  const r = run.report;
  const view: SplitView = SPLIT_VIEWS.includes(sp.breakdown as SplitView) ? (sp.breakdown as SplitView) : "all";
  const breakdowns = view === "all" ? { by_family: r.by_family, by_difficulty: r.by_difficulty, by_thinking: r.by_thinking } : run.splitBreakdowns[view];
  const advisory = r.advisory;
  const strictLabel = advisory.length ? `composite with ${advisory.join(", ")} counted as hard` : "composite strict (= composite: no advisory criterion)";
  const decisionsHref = (q: Record<string, string> = {}) => `/runs/${run.id}/decisions${Object.keys(q).length ? `?${new URLSearchParams(q)}` : ""}`;
  const splits: Array<[string, Summary]> = [
    ["dev", r.splits.dev],
    ["eval", r.splits.eval],
    ["all", r.splits.all],
  ];

  return (
    <>
      <p className="crumbs">
        <Link href="/">Runs</Link> / {run.name}
      </p>
      <h1>Run report: {run.name}</h1>
      <p className="muted">
        {run.fileName} · model {run.model ?? "—"} · {run.nLines.toLocaleString("en-US")} lines · pack v{run.packVersion} · {run.probeSetVersion === null ? <span title="imported before probe sets were released as versions (issue 26): scored with the probe labels as they stood then">probe set: not recorded</span> : <span data-testid="probe-set-version">probe set v{run.probeSetVersion}</span>} · eval hash <code title={r.eval_hash}>{r.eval_hash.slice(0, 12)}</code> · imported by {run.createdBy}, {when(run.createdAt)}
        {run.example && (
          <>
            {" "}
            · <span className="badge">example</span>
          </>
        )}
      </p>
      {currentPack !== null && run.packVersion !== currentPack ? (
        <div className="warn" role="note" aria-label="Pack version">
          <strong>
            Scored under pack v{run.packVersion}; the workbench&apos;s current pack is v{currentPack}.
          </strong>{" "}
          Its targets and scores are v{run.packVersion}&apos;s and are not comparable with runs scored under v{currentPack}; its decisions show the v{run.packVersion} targets it was scored against.
        </div>
      ) : null}
      <p>
        <Link href={decisionsHref()} className="button">
          Browse all {run.nLines.toLocaleString("en-US")} decisions
        </Link>{" "}
        <DeleteRunButton runId={run.id} name={run.name} />
      </p>

      {advisory.length > 0 ? (
        <div className="warn" role="note">
          <span className="badge advisory">advisory</span> {advisory.map((c) => `${HARD_CODE_NAMES[c]} (${advisoryWhy(r.detectors[c])})`).join(", ")}: when this run was imported the detector&apos;s recall or its matched pairs separated on the probe set was below 0.9, so the criterion is counted but does not zero decisions or fail episodes. The composite is reported both ways: &ldquo;composite&rdquo; (advisory criteria not zeroing) and &ldquo;{strictLabel}&rdquo;.
        </div>
      ) : (
        <p className="muted">Every detector-backed criterion was hard for this run (recall and pairs separated ≥ 0.9 on the probe set at import).</p>
      )}

      <section aria-labelledby="headline">
        <h2 id="headline">Composite, hard violations and rates by split</h2>
        <SummaryTable caption="Splits" strictLabel={strictLabel} rows={splits.map(([label, summary]) => ({ label, summary, href: label === "all" ? decisionsHref() : decisionsHref({ split: label }) }))} />
      </section>

      <section aria-labelledby="components">
        <h2 id="components">Components</h2>
        <div className="row">
          <table aria-label="Component means">
            <thead>
              <tr>
                <th>component</th>
                <th className="num">weight</th>
                <th className="num">dev</th>
                <th className="num">eval</th>
                <th className="num">all</th>
              </tr>
            </thead>
            <tbody>
              {COMPONENTS.map((c) => (
                <tr key={c}>
                  <th scope="row">{c}</th>
                  <td className="num">{COMPONENT_WEIGHTS[c].toFixed(2)}</td>
                  <td className="num">{f3(r.splits.dev.components[c])}</td>
                  <td className="num">{f3(r.splits.eval.components[c])}</td>
                  <td className="num">{f3(r.splits.all.components[c])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <BarChart
            title="Component means, dev and eval"
            series={[
              { name: "dev", color: "#1f5fbf" },
              { name: "eval", color: "#e08a1e" },
            ]}
            groups={COMPONENTS.map((c) => ({ label: c, values: [r.splits.dev.n_decisions === 0 ? null : r.splits.dev.components[c], r.splits.eval.n_decisions === 0 ? null : r.splits.eval.components[c]] }))}
          />
        </div>
      </section>

      <section aria-labelledby="hard">
        <h2 id="hard">Hard violations by code</h2>
        <table aria-label="Hard violations by code">
          <thead>
            <tr>
              <th>code</th>
              <th>criterion</th>
              <th className="num">dev</th>
              <th className="num">eval</th>
              <th className="num">all</th>
              <th>status</th>
            </tr>
          </thead>
          <tbody>
            {HARD_CODES.map((h) => (
              <tr key={h}>
                <th scope="row">
                  <Link href={decisionsHref({ code: h })}>{h}</Link>
                </th>
                <td>{HARD_CODE_NAMES[h]}</td>
                {splits.map(([s, sum]) => (
                  <td key={s} className={`num ${sum.hard_violations[h] > 0 ? "bad" : ""}`}>
                    {sum.hard_violations[h]}
                  </td>
                ))}
                <td>{(DETECTOR_CODES as readonly string[]).includes(h) ? (advisory.includes(h as (typeof DETECTOR_CODES)[number]) ? <span className="badge advisory">advisory</span> : <span className="badge hard">hard (detector)</span>) : <span className="badge hard">hard (exact)</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="rates">
        <h2 id="rates">The four rates</h2>
        <table aria-label="Rates">
          <thead>
            <tr>
              <th>rate</th>
              <th>denominator</th>
              <th className="num">dev</th>
              <th className="num">eval</th>
              <th className="num">all</th>
            </tr>
          </thead>
          <tbody>
            {(
              [
                ["format_invalid_rate", "all decisions"],
                ["over_escalation_rate", "format-valid decisions whose target is not escalate"],
                ["under_escalation_rate", "format-valid decisions whose target is escalate"],
                ["under_route_rate", "format-valid decisions whose target is route or escalate"],
              ] as const
            ).map(([k, den]) => (
              <tr key={k}>
                <th scope="row">{k.replace(/_rate$/, "").replace(/_/g, " ")}</th>
                <td className="muted">{den}</td>
                {splits.map(([s, sum]) => (
                  <td key={s} className="num">
                    {pct(sum[k])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">Format-invalid outputs took no action: they are left out of the three escalation rates (numerator and denominator) and counted in the format-invalid rate. A rate whose denominator is 0 shows “—”.</p>
      </section>

      <section aria-labelledby="breakdowns">
        <h2 id="breakdowns">Breakdowns</h2>
        <nav aria-label="Breakdown split" className="tabs">
          {SPLIT_VIEWS.map((s) => (
            <Link key={s} href={`/runs/${run.id}?breakdown=${s}#breakdowns`} aria-current={s === view ? "page" : undefined}>
              {s === "all" ? "dev + eval" : s}
            </Link>
          ))}
        </nav>
        <div className="row">
          <SummaryTable caption={`By family (${view})`} strictLabel="strict" rows={Object.entries(breakdowns.by_family).map(([k, s]) => ({ label: k, summary: s, href: decisionsHref({ family: k, ...(view === "all" ? {} : { split: view }) }) }))} />
        </div>
        <BarChart title={`Composite by family (${view})`} series={[{ name: "composite", color: "#1f5fbf" }, { name: "strict", color: "#9aa7b8" }]} groups={Object.entries(breakdowns.by_family).map(([k, s]) => ({ label: k, values: [s.composite, s.composite_strict] }))} />
        <SummaryTable caption={`By difficulty (${view})`} strictLabel="strict" rows={Object.entries(breakdowns.by_difficulty).map(([k, s]) => ({ label: k, summary: s, href: decisionsHref({ difficulty: k, ...(view === "all" ? {} : { split: view }) }) }))} />
        <SummaryTable caption={`Thinking on vs off (${view})`} strictLabel="strict" rows={["on", "off"].map((k) => ({ label: `thinking ${k}`, summary: breakdowns.by_thinking[k], href: decisionsHref({ thinking: k, ...(view === "all" ? {} : { split: view }) }) }))} />
      </section>

      <section aria-labelledby="detectors">
        <h2 id="detectors">Detectors ({run.probeSetVersion === null ? "measured on the probe set at import" : `released probe set v${run.probeSetVersion}, which scored this run`})</h2>
        <DetectorTable detectors={r.detectors} caption="Detector validation" />
        <p className="muted">
          The figures of the released probe-set version an import is scored with decide which criteria are advisory for the run; annotators&apos; labels since change only the draft until a lead releases a new version — see <Link href="/probes">Probes</Link> for the draft&apos;s live figures and <Link href="/probes/release">the release diff</Link>. Recall (dashed line) or matched pairs separated below 0.9 makes a criterion advisory.
        </p>
        <RunAuditSection runId={run.id} audit={audit} figures={auditFigures} canStart={can(user, "start_audit")} />
      </section>
    </>
  );
}
