import { advisoryWhy, ci, f3, pairsText } from "@/lib/format";
import type { DetectorFigure } from "@/lib/scoring/report-schema";

/** Why the criterion is advisory, in words ("recall 0.870 < 0.9"), or that it is hard. */
export function StatusBadge({ figure }: { figure: DetectorFigure }) {
  return figure.advisory ? <span className="badge advisory">advisory ({advisoryWhy(figure)})</span> : <span className="badge hard">hard</span>;
}

/** Matched pairs separated as the workbench prints figures: "0.933 [0.79, 0.98] (28/30)", or "no pairs". */
export function pairsCell(figure: DetectorFigure): string {
  return pairsText(figure.pairs, (x, c) => `${f3(x)} ${ci(c)}`);
}
