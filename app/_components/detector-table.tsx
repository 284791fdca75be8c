import { DETECTOR_CODES, HARD_CODE_NAMES, type DetectorCode } from "@/lib/pack/vocab";
import type { DetectorFigure } from "@/lib/scoring/report-schema";
import { ci, f3 } from "../_lib/format";
import { pairsCell, StatusBadge } from "./detector-status";
import { IntervalChart } from "./interval-chart";

/** Detector precision, recall and pairs separated with 95% Wilson intervals, the 0.9 advisory line, and the advisory badge with its reasons. */
export function DetectorTable({ detectors, caption, only }: { detectors: Record<DetectorCode, DetectorFigure>; caption: string; only?: DetectorCode }) {
  const codes = only ? [only] : DETECTOR_CODES;
  return (
    <table aria-label={caption}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th>detector</th>
          <th className="num">n (viol / clean)</th>
          <th className="num">precision [95% CI]</th>
          <th className="num">recall [95% CI]</th>
          <th>recall vs 0.9</th>
          <th className="num">pairs separated [95% CI]</th>
          <th className="num">out of sample: precision / recall [95% CI]</th>
          <th className="num">tp fp fn tn</th>
          <th>status</th>
        </tr>
      </thead>
      <tbody>
        {codes.map((c) => {
          const d = detectors[c];
          return (
            <tr key={c}>
              <th scope="row">{HARD_CODE_NAMES[c]}</th>
              <td className="num">
                {d.n} ({d.n_violation} / {d.n_clean})
              </td>
              <td className="num" data-testid={`${c}-precision`}>
                {f3(d.precision)} {ci(d.precision_ci)}
              </td>
              <td className="num" data-testid={`${c}-recall`}>
                {f3(d.recall)} {ci(d.recall_ci)}
              </td>
              <td>
                <IntervalChart label={`${c} recall`} value={d.recall} interval={d.recall_ci} />
              </td>
              <td className="num" data-testid={`${c}-pairs`}>
                {pairsCell(d)}
              </td>
              <td className="num" data-testid={`${c}-out-of-sample`} title={d.out_of_sample ? `unfixed blind sets: ${d.out_of_sample.sets.join(", ")}` : "no unfixed blind set loaded"}>
                {d.out_of_sample ? (
                  <>
                    {f3(d.out_of_sample.precision)} {ci(d.out_of_sample.precision_ci)} / {f3(d.out_of_sample.recall)} {ci(d.out_of_sample.recall_ci)} (n {d.out_of_sample.n})
                  </>
                ) : (
                  "—"
                )}
              </td>
              <td className="num">
                {d.tp} {d.fp} {d.fn} {d.tn}
              </td>
              <td data-testid={`${c}-status`}>
                <StatusBadge figure={d} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
