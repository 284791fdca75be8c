import { linearScale, niceTicks, tickLabel } from "./scale";

export type ForestRow = { label: string; mean: number; /** 95% interval; null when it cannot be computed (under two units). */ ci: readonly [number, number] | null; n: number };

export type ForestGeometry = {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  ticks: Array<{ value: number; x: number; label: string }>;
  zeroX: number;
  /** Where each row's figures (`value`) start: right of the plot, in a column wide enough for the longest. */
  valueX: number;
  rows: Array<ForestRow & { value: string; y: number; x: number; x0: number | null; x1: number | null; /** Where the interval lies against 0. */ side: "above" | "below" | "straddles" | "unknown" }>;
};

export const FOREST_LAYOUT = { labelWidth: 190, valueWidth: 170, rowHeight: 22, top: 10, axisHeight: 40 } as const;

/** The value column's font size (px) and the most a character of it takes (0.62 em: digits, signs and brackets in a sans face). */
export const FOREST_VALUE_FONT = 10;
const VALUE_CHAR_EM = 0.62;

const signed = (x: number) => (x > 0 ? "+" : "") + x.toFixed(3);

/** What a row prints right of the plot: its mean, its interval and its n. */
export function forestValueText(r: ForestRow): string {
  return `${signed(r.mean)} ${r.ci ? `[${signed(r.ci[0])}, ${signed(r.ci[1])}]` : "[—]"} n=${r.n}`;
}

/**
 * Where each row of a forest plot goes: one row per estimate (point = mean, whiskers = its interval), a shared x axis
 * with nice ticks whose domain always includes 0 (the line a verdict is read against). Pure pixel geometry.
 */
export function forestGeometry(rows: readonly ForestRow[], width: number, layout = FOREST_LAYOUT): ForestGeometry {
  const xs = rows.flatMap((r) => [r.mean, ...(r.ci ?? [])]).filter(Number.isFinite);
  const { ticks, step, domain } = niceTicks(Math.min(0, ...xs), Math.max(0, ...xs), 6);
  // Issue 26: a fixed column cut "n=156" to "n=15"; it grows to hold the longest row's figures, the plot gives way.
  const values = rows.map(forestValueText);
  const valueWidth = Math.max(layout.valueWidth, Math.ceil(Math.max(0, ...values.map((v) => v.length)) * VALUE_CHAR_EM * FOREST_VALUE_FONT) + 16);
  const plot = { left: layout.labelWidth, right: width - valueWidth, top: layout.top, bottom: layout.top + rows.length * layout.rowHeight };
  const x = linearScale(domain, [plot.left, plot.right]);
  const height = plot.bottom + layout.axisHeight;
  return {
    width,
    height,
    plot,
    zeroX: x(0),
    valueX: width - valueWidth + 8,
    ticks: ticks.map((value) => ({ value, x: x(value), label: tickLabel(value, step, true) })),
    rows: rows.map((r, i) => ({
      ...r,
      value: values[i]!,
      y: plot.top + (i + 0.5) * layout.rowHeight,
      x: x(r.mean),
      x0: r.ci ? x(r.ci[0]) : null,
      x1: r.ci ? x(r.ci[1]) : null,
      side: sideOfZero(r.ci),
    })),
  };
}

/** An interval against 0 with compare's tolerance: entirely above, entirely below, or containing it. */
export function sideOfZero(ci: readonly [number, number] | null, eps = 1e-9): "above" | "below" | "straddles" | "unknown" {
  if (!ci) return "unknown";
  return ci[0] > eps ? "above" : ci[1] < -eps ? "below" : "straddles";
}
