/** Display helpers shared by the markdown reports, the CLI and the workbench: a null figure (zero denominator) is "—", never 0. */
export const f3 = (x: number | null | undefined) => (x === null || x === undefined ? "—" : x.toFixed(3));
export const f2 = (x: number | null | undefined) => (x === null || x === undefined ? "—" : x.toFixed(2));
export const pct = (x: number | null | undefined) => (x === null || x === undefined ? "—" : `${(100 * x).toFixed(1)}%`);
export const ci = (c: readonly [number, number]) => `[${c[0].toFixed(2)}, ${c[1].toFixed(2)}]`;
/** A figure with its 95% interval, as the markdown tables print it: "0.950 [0.870, 0.980]". */
export const f3ci = (x: number | null, c: readonly [number, number]) => `${f3(x)} [${f3(c[0])}, ${f3(c[1])}]`;
