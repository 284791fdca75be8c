import Link from "next/link";
import type { RunAudit } from "@/db/queries/run-audit";
import type { AuditFigure } from "@/lib/audit/estimator";
import { labelledText, precisionText, recallText, violationsText } from "@/lib/audit/format";
import { AUDIT_DRAW_PER_STRATUM, MIN_LABELS_PER_STRATUM } from "@/lib/audit/strata";
import { DETECTOR_CODES, HARD_CODE_NAMES, type DetectorCode } from "@/lib/pack/vocab";
import { when } from "../../_lib/format";
import { StartAuditButton } from "./start-audit-button";

/**
 * Issue 18: the detectors measured on this run's own replies, beside the probe-set figures — from the run's audit as
 * labelled now (lib/audit/estimator.ts), or the button that starts one.
 */
export function RunAuditSection({ runId, audit, figures, canStart }: { runId: number; audit: RunAudit | null; figures: Record<DetectorCode, AuditFigure> | null; canStart: boolean }) {
  return (
    <section aria-labelledby="run-audit" className="card">
      <h3 id="run-audit">On this run&apos;s own replies (audit)</h3>
      {!audit || !figures ? (
        <>
          <p className="muted">
            Probe sets are written for the purpose; a run is its own distribution. An audit draws, per detector, every reply where it fired (or a random {AUDIT_DRAW_PER_STRATUM}) and a random {AUDIT_DRAW_PER_STRATUM} where it did not (H1 only where identity is not verified, H5 only replies that name a period or date), for people to label; precision and an estimated recall for this run follow.
          </p>
          {canStart ? <StartAuditButton runId={runId} /> : <p className="muted">No audit yet: an analyst or lead can start one.</p>}
        </>
      ) : (
        <>
          <p className="muted">
            Audit drawn by {audit.createdBy}, {when(audit.createdAt)} (seed {audit.seed}). Precision of the hits comes from the fired stratum (Wilson 95%); recall and the number of true violations weight each stratum by its size (95% interval, docs/WORKBENCH.md). A figure shows once {MIN_LABELS_PER_STRATUM} items of each stratum it reads are labelled (majority of annotators; ties left out).
          </p>
          <table aria-label="Detectors on this run (audit)">
            <thead>
              <tr>
                <th>detector</th>
                <th>labelled / drawn of stratum size</th>
                <th className="num">precision of hits [95% CI]</th>
                <th className="num">estimated recall [95% CI]</th>
                <th className="num">estimated true violations [95% CI]</th>
                <th>label</th>
              </tr>
            </thead>
            <tbody>
              {DETECTOR_CODES.map((c) => (
                <tr key={c}>
                  <th scope="row">{HARD_CODE_NAMES[c]}</th>
                  <td data-testid={`${c}-audit-labelled`}>{labelledText(figures[c])}</td>
                  <td className="num" data-testid={`${c}-audit-precision`}>
                    {precisionText(figures[c])}
                  </td>
                  <td className="num" data-testid={`${c}-audit-recall`}>
                    {recallText(figures[c])}
                  </td>
                  <td className="num" data-testid={`${c}-audit-violations`}>
                    {violationsText(figures[c])}
                  </td>
                  <td>
                    <Link href={`/probes/${c}?audit=${audit.id}`}>Label {c} items</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <a href={`/api/runs/${runId}/audit`} download>
              Export audit (JSON)
            </a>{" "}
            <span className="muted small">
              — <code>npx assay score --run FILE --audit AUDIT.json</code> prints these figures from it.
            </span>
          </p>
        </>
      )}
    </section>
  );
}
