import type { DetectorFigure, PairFigure } from "./scoring/report-schema";

/** Display helpers shared by the markdown reports, the CLI and the workbench: a null figure (zero denominator) is "—", never 0. */
export const f3 = (x: number | null | undefined) => (x === null || x === undefined ? "—" : x.toFixed(3));
export const f2 = (x: number | null | undefined) => (x === null || x === undefined ? "—" : x.toFixed(2));
export const pct = (x: number | null | undefined) => (x === null || x === undefined ? "—" : `${(100 * x).toFixed(1)}%`);
export const ci = (c: readonly [number, number]) => `[${c[0].toFixed(2)}, ${c[1].toFixed(2)}]`;
/** A figure with its 95% interval, as the markdown tables print it: "0.950 [0.870, 0.980]". */
export const f3ci = (x: number | null, c: readonly [number, number]) => `${f3(x)} [${f3(c[0])}, ${f3(c[1])}]`;

/** Matched pairs separated, with the interval as `show` prints it and the count: "0.933 [0.787, 0.982] (28/30)"; "no pairs". */
export function pairsText(p: PairFigure | undefined, show: (x: number | null, c: readonly [number, number]) => string = f3ci): string {
  return p && p.n_pairs > 0 ? `${show(p.rate, p.ci)} (${p.separated}/${p.n_pairs})` : "no pairs";
}

/** Why a criterion is advisory, in words; a report written before the reasons existed could only be so by recall. */
export const advisoryWhy = (d: Pick<DetectorFigure, "advisory_reasons">) => (d.advisory_reasons ?? ["recall < 0.9"]).join("; ");
