import { histogram, type Histogram } from "./histogram";
import { linearScale, niceTicks, tickLabel } from "./scale";

export type HistogramGeometry = {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  hist: Histogram;
  bars: Array<{ x: number; y: number; w: number; h: number; x0: number; x1: number; count: number }>;
  xTicks: Array<{ value: number; x: number; label: string }>;
  yTicks: Array<{ value: number; y: number; label: string }>;
  zeroX: number;
};

export const HISTOGRAM_LAYOUT = { left: 44, right: 16, top: 10, bottom: 40 } as const;

/** Bars of a histogram of values (counts on y from 0, values on x with nice ticks including 0), in pixels. */
export function histogramGeometry(values: readonly number[], width: number, height: number, layout = HISTOGRAM_LAYOUT): HistogramGeometry {
  const hist = histogram(values);
  const plot = { left: layout.left, right: width - layout.right, top: layout.top, bottom: height - layout.bottom };
  const lo = hist.bins.length ? hist.bins[0]!.x0 : -1;
  const hi = hist.bins.length ? hist.bins.at(-1)!.x1 : 1;
  const xt = niceTicks(Math.min(lo, 0), Math.max(hi, 0), 6);
  const x = linearScale(xt.domain, [plot.left, plot.right]);
  // Whole counts only on the y axis: never more intervals than the top count.
  const top = Math.max(1, hist.maxCount);
  const ySteps = niceTicks(0, top, Math.min(4, top));
  const y = linearScale(ySteps.domain, [plot.bottom, plot.top]);
  return {
    width,
    height,
    plot,
    hist,
    bars: hist.bins.map((b) => ({ x: x(b.x0), w: Math.max(0, x(b.x1) - x(b.x0)), y: y(b.count), h: plot.bottom - y(b.count), x0: b.x0, x1: b.x1, count: b.count })),
    xTicks: xt.ticks.map((value) => ({ value, x: x(value), label: tickLabel(value, xt.step, true) })),
    yTicks: ySteps.ticks.map((value) => ({ value, y: y(value), label: tickLabel(value, ySteps.step) })),
    zeroX: x(0),
  };
}
