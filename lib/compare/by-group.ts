import { bootstrapMeans, percentileInterval } from "./bootstrap";
import type { CompareResult, CompareRow } from "./compare";

export type GroupInterval = { group: string; n: number; mean: number; /** Null with fewer than two resampling units. */ ci: [number, number] | null; units: number };

/**
 * Mean Δ and its bootstrap 95% interval within each family (runs) or role (judge reports): the same resampling as the
 * overall interval (whole episodes when the comparison clustered, else pairs) and the same seed, applied to the
 * group's pairs alone. Groups in name order; a group with one unit has no interval.
 */
export function intervalsByGroup(r: Pick<CompareResult, "rows" | "seed" | "resamples" | "mde">): GroupInterval[] {
  const byGroup = new Map<string, CompareRow[]>();
  for (const row of r.rows) {
    const list = byGroup.get(row.group);
    if (list) list.push(row);
    else byGroup.set(row.group, [row]);
  }
  const clustered = r.mde.basis === "clusters";
  return [...byGroup.keys()].sort().map((group) => {
    const rows = byGroup.get(group)!;
    const deltas = Float64Array.from(rows, (x) => x.delta);
    const mean = deltas.reduce((s, d) => s + d, 0) / deltas.length;
    let clusterOf: Int32Array | null = null;
    let units = rows.length;
    if (clustered) {
      const ids = [...new Set(rows.map((x) => x.cluster ?? ""))].sort();
      const index = new Map(ids.map((id, i) => [id, i]));
      clusterOf = Int32Array.from(rows, (x) => index.get(x.cluster ?? "")!);
      units = ids.length;
    }
    const ci = units < 2 ? null : percentileInterval(bootstrapMeans(deltas, { seed: r.seed, resamples: r.resamples, clusterOf }));
    return { group, n: rows.length, mean, ci, units };
  });
}
