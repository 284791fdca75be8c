import type { DetectorFigure, OutOfSampleFigure } from "../scoring/report-schema";
import { figuresFromPredictions, type PredictedProbe } from "./figures";

// Where a probe came from, read off its id (docs/DETECTORS.md): the blind sets were each measured before anyone looked
// at them, and the newest (`unfixed`) were read once on the detectors as shipped and left unfixed, so together they are
// the out-of-sample estimate the pooled figure can hide.
export const PROBE_SETS = [
  { key: "careful-blind", prefix: "cy-", label: "careful agents, blind third", unfixed: true },
  { key: "careful", prefix: "cx-", label: "careful agents" },
  { key: "imperfect-blind", prefix: "iy-", label: "imperfect agents, blind third", unfixed: true },
  { key: "imperfect", prefix: "ix-", label: "imperfect agents" },
  // PB, AP and AQ were read in issue 25 (four H1 probes the closed-definition change broke) and so are fixed now.
  { key: "pairs-pb", prefix: "pb-", label: "pairs set PB" },
  { key: "pairs-pa", prefix: "pa-", label: "pairs set PA" },
  { key: "blind-ar", prefix: "zs-", label: "blind set AR", unfixed: true },
  { key: "blind-aq", prefix: "zr-", label: "blind set AQ" },
  { key: "blind-ap", prefix: "zq-", label: "blind set AP" },
  { key: "blind-ao", prefix: "zp-", label: "blind set AO", unfixed: true },
  { key: "blind-tc", prefix: "tc-", label: "blind set TC", unfixed: true },
  { key: "blind-tb", prefix: "tb-", label: "blind set TB", unfixed: true },
  { key: "blind-ta", prefix: "ta-", label: "blind set TA", unfixed: true },
  { key: "blind-an", prefix: "zo-", label: "blind set AN", unfixed: true },
  { key: "blind-am", prefix: "zn-", label: "blind set AM", unfixed: true },
  { key: "blind-al", prefix: "zm-", label: "blind set AL", unfixed: true },
  { key: "blind-ak", prefix: "zl-", label: "blind set AK", unfixed: true },
  { key: "blind-aj", prefix: "zk-", label: "blind set AJ", unfixed: true },
  { key: "blind-ai", prefix: "zj-", label: "blind set AI", unfixed: true },
  { key: "blind-ah", prefix: "zi-", label: "blind set AH", unfixed: true },
  { key: "blind-ag", prefix: "zh-", label: "blind set AG", unfixed: true },
  { key: "blind-af", prefix: "zg-", label: "blind set AF", unfixed: true },
  { key: "blind-ae", prefix: "zf-", label: "blind set AE", unfixed: true },
  { key: "blind-ad", prefix: "ze-", label: "blind set AD", unfixed: true },
  { key: "blind-ac", prefix: "zd-", label: "blind set AC", unfixed: true },
  { key: "blind-ab", prefix: "zc-", label: "blind set AB", unfixed: true },
  { key: "blind-aa", prefix: "zb-", label: "blind set AA", unfixed: true },
  { key: "blind-z", prefix: "za-", label: "blind set Z" },
  { key: "blind-y", prefix: "z-", label: "blind set Y" },
  { key: "blind-x", prefix: "y-", label: "blind set X" },
  { key: "blind-w", prefix: "x-", label: "blind set W" },
  { key: "blind-v", prefix: "w-", label: "blind set V" },
  { key: "blind-u", prefix: "v-", label: "blind set U" },
  { key: "blind-t", prefix: "u-", label: "blind set T" },
  { key: "blind-s", prefix: "t-", label: "blind set S" },
  { key: "blind-r", prefix: "s-", label: "blind set R" },
  { key: "blind-q", prefix: "r-", label: "blind set Q" },
  { key: "blind-p", prefix: "q-", label: "blind set P" },
  { key: "blind-o", prefix: "p-", label: "blind set O" },
  { key: "blind-n", prefix: "o-", label: "blind set N" },
  { key: "blind-m", prefix: "n-", label: "blind set M" },
  { key: "blind-l", prefix: "m-", label: "blind set L" },
  { key: "blind-k", prefix: "l-", label: "blind set K" },
  { key: "blind-j", prefix: "k-", label: "blind set J" },
  { key: "blind-i", prefix: "j-", label: "blind set I" },
  { key: "blind-h", prefix: "i-", label: "blind set H" },
  { key: "blind-g", prefix: "h-", label: "blind set G" },
  { key: "blind-f", prefix: "g-", label: "blind set F" },
  { key: "blind-e", prefix: "f-", label: "blind set E" },
  { key: "blind-d", prefix: "e-", label: "blind set D" },
  { key: "blind-c", prefix: "d-", label: "blind set C" },
  { key: "blind-b", prefix: "c-", label: "blind set B" },
  { key: "blind-a", prefix: "b-", label: "blind set A" },
  // Issue 18: run replies labelled in an audit and promoted (lib/audit/promote.ts); a run's own distribution, never
  // out of sample: the detectors were not read on them blind.
  { key: "promoted", prefix: "run-", label: "promoted from run audits" },
  { key: "first", prefix: "", label: "first set and later additions" },
] as const;
export type ProbeSetKey = (typeof PROBE_SETS)[number]["key"];

export function probeSetOf(id: string): (typeof PROBE_SETS)[number] {
  return PROBE_SETS.find((s) => id.startsWith(s.prefix)) as (typeof PROBE_SETS)[number];
}

/** The set was read once on the detectors as shipped and never fixed: its figure is an out-of-sample estimate. */
export function isUnfixed(set: (typeof PROBE_SETS)[number]): boolean {
  return "unfixed" in set && set.unfixed;
}

/** The detector's figure on all unfixed blind sets together (null when none is loaded): the honest out-of-sample estimate. */
export function outOfSampleFigure(probes: ReadonlyArray<PredictedProbe & { id: string }>): OutOfSampleFigure | null {
  const mine = probes.filter((p) => isUnfixed(probeSetOf(p.id)));
  if (mine.length === 0) return null;
  const { advisory: _advisory, advisory_reasons: _reasons, ...figure } = figuresFromPredictions(mine);
  const sets = PROBE_SETS.filter((s) => isUnfixed(s) && mine.some((p) => probeSetOf(p.id).key === s.key)).map((s) => s.label);
  return { ...figure, sets };
}

/** The detector's figures on each probe set that has probes, in PROBE_SETS order (the same definition as the pooled figure). */
export function figuresBySet(probes: ReadonlyArray<PredictedProbe & { id: string }>): Array<{ key: ProbeSetKey; label: string; figure: DetectorFigure }> {
  // One pass to sort probes into sets (the labelling page computes this on every load and vote of a 3,000-probe set).
  const bySet = new Map<ProbeSetKey, Array<PredictedProbe & { id: string }>>();
  for (const p of probes) {
    const key = probeSetOf(p.id).key;
    const list = bySet.get(key);
    if (list) list.push(p);
    else bySet.set(key, [p]);
  }
  return PROBE_SETS.flatMap((set) => {
    const mine = bySet.get(set.key) ?? [];
    return mine.length ? [{ key: set.key, label: isUnfixed(set) ? `${set.label} (unfixed)` : set.label, figure: figuresFromPredictions(mine) }] : [];
  });
}
