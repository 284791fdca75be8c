import Link from "next/link";
import { getDb } from "@/db/index";
import { listApprovals, reviewsFor } from "@/db/queries/baselines";
import { listReportSources, loadComparisonDetail, reportRefSchema, type ReportRef, type ReportSource } from "@/db/queries/compare";
import { MAX_JUDGE_REPORT_BYTES } from "@/db/writes/import-judge-report";
import { currentBaselineRef } from "@/lib/approval/history";
import { describeRef, reportKindOfRef } from "@/lib/approval/report-ref";
import { buildApprovalRecord } from "@/lib/approval/record";
import { approvalRuler } from "@/lib/approval/ruler";
import { reviewState } from "@/lib/approval/review";
import { can } from "@/lib/auth/permissions";
import { intervalsByGroup } from "@/lib/compare/by-group";
import { NOT_COMPARABLE } from "@/lib/compare/compat";
import { headlineWord, rulerVerdict } from "@/lib/compare/headline";
import { rulerChanges, rulerUnknownText } from "@/lib/compare/ruler";
import { clusteringExplanation, mdeExplanation } from "@/lib/compare/verdict-sentence";
import { f3, when } from "../_lib/format";
import { requirePageUser } from "../_lib/current-user";
import { DeltaHistogram, ForestPlot } from "./charts";
import { DeltaTable, type DeltaRow } from "./delta-table";
import { Hint } from "./hint";
import { FlipReviewList } from "./flip-review-list";
import { ApproveForm } from "./review-controls";
import { reviewStatus } from "./review-panel";
import { LikeForLikeTable } from "./ruler-panel";
import { UploadJudgeReportForm } from "./upload-judge-report-form";
import "./compare.css";

export const dynamic = "force-dynamic";

type Current = Record<"score" | "judge", ReportRef | null>;

export default async function ComparePage({ searchParams }: { searchParams: Promise<{ baseline?: string; candidate?: string }> }) {
  const user = await requirePageUser();
  const sp = await searchParams;
  const db = await getDb();
  const sources = await listReportSources(db);
  const history = (await listApprovals(db)).map((a) => a.record);
  const current: Current = { score: currentBaselineRef(history, "score"), judge: currentBaselineRef(history, "judge") };
  const candidate = reportRefSchema.safeParse(sp.candidate);
  // Issue 5: the current baseline of the candidate's kind is the default baseline (score first when no candidate is chosen).
  const candidateKind = candidate.success ? reportKindOfRef(candidate.data) : null;
  const baseline = reportRefSchema.safeParse(sp.baseline ?? (candidateKind ? current[candidateKind] : (current.score ?? current.judge)) ?? undefined);

  const options = (list: ReportSource[]) =>
    list.map((s) => (
      <option key={s.ref} value={s.ref}>
        {s.label}
        {s.ref === current[s.kind] ? " — current baseline" : ""}
      </option>
    ));
  const picker = (name: "baseline" | "candidate", value: string | undefined) => (
    <label>
      {name === "baseline" ? "Baseline" : "Candidate"}{" "}
      <select name={name} aria-label={name === "baseline" ? "Baseline" : "Candidate"} defaultValue={value ?? ""}>
        <option value="">choose…</option>
        <optgroup label="Runs (score reports)">{options(sources.filter((s) => s.kind === "score"))}</optgroup>
        <optgroup label="Judge reports">{options(sources.filter((s) => s.kind === "judge"))}</optgroup>
      </select>
    </label>
  );

  return (
    <>
      <h1>Compare</h1>
      <p className="muted">
        The same paired comparison as <code>npx assay compare</code> (one <code>lib/</code> implementation, same seed): intersection pairing, bootstrap 95% CI of the mean Δ, gate flips and blockers. Compare two runs (their score
        reports) or two judge reports.
      </p>
      <form method="get" aria-label="Choose reports" className="filters">
        {picker("baseline", baseline.success ? baseline.data : undefined)} {picker("candidate", candidate.success ? candidate.data : undefined)}{" "}
        <button type="submit">Compare</button>
      </form>
      {baseline.success && candidate.success ? (
        <Comparison baseline={baseline.data} candidate={candidate.data} user={user} current={current} sources={sources} />
      ) : (
        <p className="muted" role="note">
          {candidateKind && !current[candidateKind]
            ? `No ${candidateKind === "judge" ? "judge" : "score"} baseline approved yet: choose a baseline to compare ${candidate.success ? describeRef(candidate.data) : "the candidate"} with.`
            : "Choose a baseline and a candidate: two runs or two judge reports."}
        </p>
      )}
      {can(user, "import_run") ? (
        <>
          <h2>Import a judge report</h2>
          <UploadJudgeReportForm maxBytes={MAX_JUDGE_REPORT_BYTES} />
        </>
      ) : null}
    </>
  );
}

async function Comparison({
  baseline,
  candidate,
  user,
  current,
  sources,
}: {
  baseline: ReportRef;
  candidate: ReportRef;
  user: Awaited<ReturnType<typeof requirePageUser>>;
  current: Current;
  sources: ReportSource[];
}) {
  const db = await getDb();
  const data = await loadComparisonDetail(db, { baseline, candidate });
  if (!data.ok || !data.outcome.ok) {
    const error = data.ok ? (data.outcome as { error: string }).error : data.error;
    return (
      <p role="alert" className="bad">
        Cannot compare: {error}
      </p>
    );
  }
  const r = data.outcome.result;
  // Issue 20 (9): a change of ruler opens the page, loudly, with the verdict computed like for like where possible.
  const ruler = rulerChanges(data.baseline, data.candidate);
  // Issue 26: where the ruler changed, the headline is the verdict under one ruler, or "not comparable"; never the raw one.
  const rv = rulerVerdict(data.baseline, data.candidate, r, data.sameTargets);
  const lfl = { impossible: rv.impossible };
  const variants = rv.variants;
  const headline = rv.headline;
  // The verdict box's figures are the headline's: the like-for-like comparison's when there is one.
  const shown = headline.kind === "not comparable" ? r : headline.result;
  const unknownTexts = new Set(ruler.unknown.map(rulerUnknownText));
  const notComparable = r.warnings.filter((w) => w.startsWith(NOT_COMPARABLE));
  const otherWarnings = r.warnings.filter((w) => !w.startsWith(NOT_COMPARABLE) && !unknownTexts.has(w));
  const pair = { baselineRef: baseline, candidateRef: candidate };
  const reviews = await reviewsFor(db, pair);
  const approvalRulerNow = approvalRuler(rv);
  const state = reviewState(r, reviews, approvalRulerNow);
  // The server's own rule set (buildApprovalRecord), so the page lists every reason the server would refuse, including "not the current baseline".
  const approval = buildApprovalRecord({ user, compare: r, reviews, justification: null, baseline_ref: baseline, candidate_ref: candidate, current_baseline_ref: current[r.kind], at: new Date(), ruler: approvalRulerNow });
  const approvals = await listApprovals(db);
  const approved = approvals.find((a) => a.baselineRef === baseline && a.candidateRef === candidate) ?? null;
  // Issue 29, item 4: the approval history this page was shown with; the form sends it back, so an approval of this
  // kind written meanwhile by another lead refuses this one (reload to review against it) instead of adding a second.
  const seenApprovalId = approvals.find((a) => a.reportKind === r.kind)?.id ?? null;
  const mayReview = can(user, "review_gate_flip");
  const mayApprove = can(user, "approve_baseline");
  const p2f = new Set(r.gate_flips.pass_to_fail.map((f) => f.key));
  const f2p = new Set(r.gate_flips.fail_to_pass.map((f) => f.key));
  const blockers = new Set(r.blockers.map((b) => b.key));
  const rows: DeltaRow[] = r.rows.map((row) => ({ ...row, flip: p2f.has(row.key) ? "pass→fail" : f2p.has(row.key) ? "fail→pass" : "", blocker: blockers.has(row.key) }));
  // Issue 5: gate flips and blockers first (pass→fail, blockers, fail→pass), then the table's own order.
  const rank = (d: DeltaRow) => (d.flip === "pass→fail" ? 0 : d.blocker ? 1 : d.flip === "fail→pass" ? 2 : 3);
  rows.sort((a, b) => rank(a) - rank(b));
  const caseHref = `/compare/case?baseline=${baseline}&candidate=${candidate}&key=`;
  const currentRef = current[r.kind];
  const nameOf = (ref: ReportRef) => sources.find((s) => s.ref === ref)?.name;
  const labelOf = (ref: ReportRef) => `${describeRef(ref)}${nameOf(ref) ? ` (${nameOf(ref)})` : ""}`;
  const groupWord = r.kind === "judge" ? "role" : "family";
  const tone = headline.tone;

  return (
    <>
      {notComparable.length ? (
        <div role="alert" aria-label="Not comparable" className="error ruler">
          <strong>Not like for like: the two sides were measured with different rulers, so Δ below is not the agent change alone.</strong>
          <ul>
            {notComparable.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
          <LikeForLikeTable asReported={r} variants={variants} impossible={lfl.impossible} rulerChanged headlineLabel={headline.kind === "like for like" ? headline.label : null} />
          <p className="small">
            {headline.kind === "like for like" ? `The verdict below is the one computed ${headline.label}.` : "No recomputation undoes every change, so the verdict below is not comparable."}
            {approvalRulerNow.changes.length ? " Approving across a change of ruler needs the lead's written reason, shown in the baseline history." : ""}
          </p>
        </div>
      ) : variants.length ? (
        <section aria-label="Like for like" className="warn ruler">
          <strong>An advisory criterion is in play: the verdict with every criterion hard stands beside the reported one.</strong>
          <LikeForLikeTable asReported={r} variants={variants} impossible={lfl.impossible} />
        </section>
      ) : null}
      {ruler.unknown.length ? (
        <div role="note" aria-label="Unknown provenance" className="warn">
          <strong>Not checked: a report does not say how it was measured.</strong>
          <ul>
            {ruler.unknown.map((u) => (
              <li key={u.field}>{rulerUnknownText(u)}</li>
            ))}
          </ul>
          {data.baseline.unknown.length || data.candidate.unknown.length ? (
            <p className="small">
              Unknown in the baseline: {data.baseline.unknown.join(", ") || "nothing"}. Unknown in the candidate: {data.candidate.unknown.join(", ") || "nothing"}.
            </p>
          ) : null}
        </div>
      ) : null}
      {otherWarnings.length ? (
        <ul aria-label="Warnings" className="warn">
          {otherWarnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      <section aria-label="Verdict" className={`verdict verdict-${tone}`} data-tone={tone}>
        <h2>Verdict: {headlineWord(headline)}</h2>
        <p className="verdict-sentence" data-testid="verdict-sentence">
          {headline.sentence}
        </p>
        {headline.kind !== "as reported" ? (
          <p className="small" data-testid="verdict-basis">
            {headline.kind === "like for like"
              ? `The headline is computed ${headline.label} (${headline.why}), because the two sides were measured with different rulers; as reported, the verdict is ${r.verdict}. The figures below are the like-for-like ones.`
              : `As reported the verdict is ${r.verdict}, but that is not the agent's change alone; the figures below are as reported.`}
          </p>
        ) : null}
        <div className="beside">
          <table aria-label="Comparison figures">
            <tbody>
              <tr>
                <th>mean Δ</th>
                <td className="num">{f3(shown.mean_delta)}</td>
              </tr>
              <tr>
                <th>95% CI</th>
                <td className="num">{`[${shown.ci[0].toFixed(3)}, ${shown.ci[1].toFixed(3)}]`}</td>
              </tr>
              <tr>
                <th>
                  minimum detectable Δ
                  <Hint id="hint-mde" label="the minimum detectable Δ">
                    {mdeExplanation(shown)}
                  </Hint>
                </th>
                <td className="num">{f3(shown.mde.value)}</td>
              </tr>
              <tr>
                <th>pairs</th>
                <td className="num">{shown.n_pairs}</td>
              </tr>
              <tr>
                <th>improved / regressed / tied</th>
                <td className="num">{`${shown.improved} / ${shown.regressed} / ${shown.tied}`}</td>
              </tr>
              <tr>
                <th>
                  resampling
                  <Hint id="hint-clustering" label="the resampling (clustering)">
                    {clusteringExplanation(shown)}
                  </Hint>
                </th>
                <td>
                  {shown.resampling}
                  {shown.mde.design_effect !== null ? <span className="muted"> · design effect {shown.mde.design_effect.toFixed(2)}</span> : null}
                </td>
              </tr>
            </tbody>
          </table>
          <ForestPlot id="forest-plot" overall={{ label: "overall", mean: shown.mean_delta, ci: shown.ci, n: shown.n_pairs }} groups={intervalsByGroup(shown)} groupWord={groupWord} />
        </div>
      </section>

      <section aria-label="Gate flips and blockers">
        <h2>
          Gate flips and blockers ({r.gate_flips.pass_to_fail.length} pass→fail, {r.blockers.length} blockers, {r.gate_flips.fail_to_pass.length} fail→pass)
        </h2>
        {state.items.length === 0 ? <p className="muted">No pass→fail flips and no blockers.</p> : null}
        <FlipReviewList
          items={state.items.map((i) => ({ key: i.key, group: i.group, flip: i.flip, blocker: i.blocker !== null, reason: i.reason, status: reviewStatus(i), reviewed: i.review !== null }))}
          pair={pair}
          mayReview={mayReview}
          caseHref={caseHref}
          groupWord={groupWord}
        />
        {r.gate_flips.fail_to_pass.length ? (
          <details>
            <summary className="muted">fail→pass ({r.gate_flips.fail_to_pass.length}): cases the candidate fixed</summary>
            <ul aria-label="Fixed cases">
              {r.gate_flips.fail_to_pass.map((f) => (
                <li key={f.key}>
                  <Link href={`${caseHref}${encodeURIComponent(f.key)}`}>{f.key}</Link> <span className="muted">the baseline failed: {f.reason}</span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <section aria-label="Baseline approval">
        <h2>Baseline approval</h2>
        {currentRef !== null ? (
          <p className="muted">
            Current {r.kind === "score" ? "score" : "judge"} baseline: {labelOf(currentRef)}.
          </p>
        ) : (
          <p className="muted">No {r.kind === "score" ? "score" : "judge"} baseline approved yet.</p>
        )}
        {approved ? (
          <p className="ok-box" role="note">
            Approved over {labelOf(baseline)} by {approved.approvedBy}, {when(approved.approvedAt)}: see the <Link href="/baselines">baseline history</Link>.
          </p>
        ) : null}
        {!approval.ok && !approved ? (
          <ul aria-label="Not yet approvable">
            {approval.reasons.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        ) : null}
        {mayApprove ? (
          <ApproveForm
            pair={pair}
            seenApprovalId={seenApprovalId}
            needsJustification={state.justification_required}
            approvedText={approved ? `Approved ${describeRef(candidate)} as the new baseline` : null}
            stateKey={`${reviews.length}:${approval.ok ? "" : approval.reasons.join("|")}`}
          />
        ) : null /* the reasons above already say only a lead can approve */}
      </section>

      <section aria-label="Per-case deltas">
        <h2>Per-case Δ</h2>
        <div className="beside">
          <div>
            <DeltaTable rows={rows} caseHref={caseHref} />
          </div>
          <DeltaHistogram id="delta-histogram" deltas={r.rows.map((x) => x.delta)} />
        </div>
      </section>
      <p>
        <Link href="/baselines">Baseline history</Link>
      </p>
    </>
  );
}
