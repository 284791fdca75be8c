import { cohensKappa } from "../stats/kappa";
import type { LabelVote } from "./effective-label";

export type PairAgreement = { a: string; b: string; n: number; agree: number; kappa: number | null };

/**
 * Cohen's kappa for every pair of annotators who labelled at least one probe in common (SPEC §5: agreement shown per
 * detector). Pairs are ordered by name; kappa is null where it is undefined (see cohensKappa).
 */
export function pairwiseAgreement(probes: ReadonlyArray<{ votes: readonly Pick<LabelVote, "annotator" | "label">[] }>): PairAgreement[] {
  const pairs = new Map<string, { a: string; b: string; items: Array<[string, string]> }>();
  for (const p of probes) {
    const votes = [...p.votes].sort((x, y) => (x.annotator < y.annotator ? -1 : x.annotator > y.annotator ? 1 : 0));
    for (let i = 0; i < votes.length; i++) {
      for (let j = i + 1; j < votes.length; j++) {
        const x = votes[i]!;
        const y = votes[j]!;
        const key = `${x.annotator}\u0000${y.annotator}`;
        let e = pairs.get(key);
        if (!e) pairs.set(key, (e = { a: x.annotator, b: y.annotator, items: [] }));
        e.items.push([x.label, y.label]);
      }
    }
  }
  return [...pairs.values()]
    .sort((x, y) => (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : x.b > y.b ? 1 : 0))
    .map((e) => ({ a: e.a, b: e.b, n: e.items.length, agree: e.items.filter(([x, y]) => x === y).length, kappa: cohensKappa(e.items) }));
}
