// Axis geometry for the workbench's SVG charts (no chart library): a linear map and "nice" ticks (1, 2 or 5 × 10^k),
// pure so the pictures can be tested without a browser.

/** A linear map from a data domain onto a pixel range; a zero-width domain maps everything to the range's middle. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): (v: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  const k = (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

/** The smallest step of the form 1, 2 or 5 × 10^k that cuts `span` into at most `count` intervals. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw * (1 - 1e-12)) return m * power;
  return 10 * power;
}

/** Decimal places that print every multiple of `step` exactly (0.05 → 2, 0.2 → 1, 5 → 0). */
export function stepDecimals(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/** Rounds away the binary dust of k · step (0.30000000000000004 → 0.3), keeping -0 out. */
function clean(v: number, decimals: number): number {
  const r = Number(v.toFixed(decimals));
  return r === 0 ? 0 : r;
}

/**
 * Ticks at multiples of a nice step covering [min, max] (extended outward to the nearest multiples), at most about
 * `count` intervals. The first and last tick are the domain a chart should draw. A point domain gets a unit around it.
 */
export function niceTicks(min: number, max: number, count = 5): { ticks: number[]; step: number; domain: [number, number] } {
  let lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (hi === lo) {
    const pad = lo === 0 ? 1 : Math.abs(lo) / 2;
    [lo, hi] = [lo - pad, hi + pad];
  }
  const step = niceStep(hi - lo, count);
  const decimals = stepDecimals(step);
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(clean(i * step, decimals));
  return { ticks, step, domain: [ticks[0]!, ticks.at(-1)!] };
}

/** A tick label: as many decimals as the step needs, a leading + on positive values when `signed`. */
export function tickLabel(v: number, step: number, signed = false): string {
  const s = v.toFixed(stepDecimals(step));
  return signed && v > 0 ? `+${s}` : s;
}
