/** Signed fixed-point, locale-free (STYLE 2): +0.042, -0.013, 0.000. */
export function signed(x: number, digits = 3): string {
  const s = x.toFixed(digits);
  if (Number(s) === 0) return (0).toFixed(digits);
  return x > 0 ? `+${s}` : s;
}

/** 10000 → "10,000" without Intl (locale formatting is banned in lib/). */
export function thousands(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Escapes a value for a markdown table cell. */
export function cell(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}
