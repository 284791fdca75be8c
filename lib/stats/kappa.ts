/**
 * Cohen's kappa for two raters on the same items: (p_o − p_e) / (1 − p_e), with p_e from each rater's own marginals.
 * Returns null when it is undefined — no shared items, or both raters used one and the same category throughout (p_e = 1).
 */
export function cohensKappa<T>(pairs: ReadonlyArray<readonly [T, T]>): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const a = new Map<T, number>();
  const b = new Map<T, number>();
  let agree = 0;
  for (const [x, y] of pairs) {
    if (x === y) agree++;
    a.set(x, (a.get(x) ?? 0) + 1);
    b.set(y, (b.get(y) ?? 0) + 1);
  }
  let pe = 0;
  for (const [cat, na] of a) pe += (na / n) * ((b.get(cat) ?? 0) / n);
  const po = agree / n;
  if (pe >= 1) return null;
  return (po - pe) / (1 - pe);
}
