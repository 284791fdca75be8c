"use client";
import type { AuditFigure } from "@/lib/audit/estimator";
import { labelledText, precisionText, recallText, violationsText } from "@/lib/audit/format";
import { ADVISORY_RECALL_FLOOR, HARD_CODE_NAMES, type DetectorCode } from "@/lib/pack/vocab";
import type { PairAgreement } from "@/lib/probes/agreement";
import type { figuresBySet } from "@/lib/probes/probe-sets";
import type { DetectorFigure } from "@/lib/scoring/report-schema";
import { AgreementTable } from "../../_components/agreement-table";
import { pairsCell, StatusBadge } from "../../_components/detector-status";
import { IntervalChart } from "../../_components/interval-chart";
import { ci, f3 } from "../../_lib/format";

/** What the last vote changed in the figures ("precision 0.960 → 0.958"), at the top of the panel. */
function Change({ text }: { text: string | null }) {
  return text ? (
    <p className="small" data-testid="figure-change">
      {text}
    </p>
  ) : null;
}

/** Live precision, recall and pairs separated with 95% Wilson intervals against the 0.9 advisory line. */
export function FiguresPanel({ detector, figures, bySet, change }: { detector: DetectorCode; figures: DetectorFigure; bySet: ReturnType<typeof figuresBySet>; change: string | null }) {
  return (
    <section role="region" aria-label="Detector figures" aria-live="polite" className="card">
      <h2>{HARD_CODE_NAMES[detector]}</h2>
      <Change text={change} />
      <p>
        <StatusBadge figure={figures} />{" "}
        <span className="muted">
          n = {figures.n} ({figures.n_violation} violation / {figures.n_clean} clean)
        </span>
      </p>
      <p className="figure">
        Precision <strong>{f3(figures.precision)}</strong> {ci(figures.precision_ci)}
      </p>
      <IntervalChart label="precision" value={figures.precision} interval={figures.precision_ci} />
      <p className="figure">
        Recall <strong>{f3(figures.recall)}</strong> {ci(figures.recall_ci)}
      </p>
      <IntervalChart label="recall" value={figures.recall} interval={figures.recall_ci} />
      <p className="figure" data-testid="pairs-separated">
        Matched pairs separated <strong>{pairsCell(figures)}</strong>
      </p>
      {figures.pairs && figures.pairs.n_pairs > 0 ? <IntervalChart label="pairs separated" value={figures.pairs.rate} interval={figures.pairs.ci} /> : null}
      <p className="muted small">
        tp {figures.tp} · fp {figures.fp} · fn {figures.fn} · tn {figures.tn}. Dashed line: the 0.9 floor; recall or pairs separated below it makes the criterion advisory. A pair is separated when every member is predicted as labelled. Ties and unlabelled probes are left out.
      </p>
      {/* The pooled figure includes sets the detector was tuned on; the unfixed blind set is the out-of-sample estimate. */}
      <table aria-label="Figures by probe set" className="data-table">
        <thead>
          <tr>
            <th>probe set</th>
            <th className="num">n</th>
            <th className="num">precision</th>
            <th className="num">recall</th>
            <th className="num">pairs</th>
          </tr>
        </thead>
        <tbody>
          {bySet.map(({ key, label, figure }) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td className="num">{figure.n}</td>
              <td className="num">{f3(figure.precision)}</td>
              <td className={`num ${figure.recall !== null && figure.recall < ADVISORY_RECALL_FLOOR ? "bad" : ""}`}>{f3(figure.recall)}</td>
              <td className={`num ${figure.pairs?.rate != null && figure.pairs.rate < ADVISORY_RECALL_FLOOR ? "bad" : ""}`}>{figure.pairs && figure.pairs.n_pairs > 0 ? f3(figure.pairs.rate) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Issue 18: the detector's figures on one run from its audit, recomputed from the votes on every key press — the same
 * functions and seed as the run report and `assay score --audit`.
 */
export function AuditFiguresPanel({ detector, runName, figure, change }: { detector: DetectorCode; runName: string; figure: AuditFigure; change: string | null }) {
  return (
    <section role="region" aria-label="Detector figures" aria-live="polite" className="card">
      <h2>
        {HARD_CODE_NAMES[detector]} on run {runName}
      </h2>
      <Change text={change} />
      <p className="muted small" data-testid="audit-labelled">
        Labelled / drawn of stratum size: {labelledText(figure)}
      </p>
      <p className="figure" data-testid="audit-precision">
        Precision of hits <strong>{precisionText(figure)}</strong>
      </p>
      {figure.precision !== null && figure.precision_ci && <IntervalChart label="precision" value={figure.precision} interval={figure.precision_ci} />}
      <p className="figure" data-testid="audit-recall">
        Estimated recall <strong>{recallText(figure)}</strong>
      </p>
      {figure.recall !== null && figure.recall_ci && <IntervalChart label="estimated recall" value={figure.recall} interval={figure.recall_ci} />}
      <p className="figure" data-testid="audit-violations">
        Estimated true violations <strong>{violationsText(figure)}</strong>
      </p>
      <p className="muted small">Precision from the fired stratum (Wilson 95%); recall and true violations weight each stratum&apos;s labelled violation rate by its size, with a 95% interval (docs/WORKBENCH.md). Ties and unlabelled items are left out.</p>
    </section>
  );
}

export function AgreementPanel({ agreement }: { agreement: PairAgreement[] }) {
  return (
    <section className="card" aria-label="Annotator agreement">
      <h2>Agreement (Cohen&apos;s κ)</h2>
      <AgreementTable agreement={agreement} label="Agreement between annotators" />
    </section>
  );
}
