import type { ComparableCase, NormalisedReport } from "./read-report";
import { rulerChanges, type RulerField } from "./ruler";

// Issue 20 (9): when the ruler changed, the verdict is also computed under one ruler where the reports allow it: with
// every criterion hard (the strict scores) when an advisory criterion is in play; both sides gated at one pass
// threshold when the thresholds differ; only the decisions whose targets did not change when the pack did.

/** `undoes`: the ruler fields this recomputation takes out of the comparison (issue 26: the headline needs all of them). */
export type LikeForLike = { label: string; why: string; baseline: NormalisedReport; candidate: NormalisedReport; undoes: RulerField[] };
export type NoLikeForLike = { label: string; why: string };

/** The report with each decision valued at its strict score (advisory criteria counted as hard); null if a case lacks it. */
export function everyCriterionHard(r: NormalisedReport): NormalisedReport | null {
  if (r.kind !== "score" || r.cases.some((c) => c.value_strict === null)) return null;
  return { ...r, meta: { ...r.meta, advisory: [] }, cases: r.cases.map((c) => ({ ...c, value: c.value_strict })) };
}

/** A judge report re-gated at one pass threshold: pass iff every item passes and correctness ≥ threshold (seed 002 C). */
export function atPassThreshold(r: NormalisedReport, threshold: number): NormalisedReport {
  const regate = (c: ComparableCase): ComparableCase => {
    if (c.items_pass === null || c.value === null) return c;
    const gate = c.items_pass && c.value >= threshold;
    const reason = gate ? null : c.items_pass ? `correctness ${c.value.toFixed(2)} below the pass threshold ${threshold}` : c.gate_reason;
    return { ...c, gate, gate_reason: reason };
  };
  return { ...r, meta: { ...r.meta, pass_threshold: threshold }, cases: r.cases.map(regate) };
}

/** The report restricted to the cases whose id (decision_id, or role/id) is in `ids`. */
export function onlyCases(r: NormalisedReport, ids: ReadonlySet<string>): NormalisedReport {
  return { ...r, cases: r.cases.filter((c) => ids.has(c.id)) };
}

/**
 * The like-for-like comparisons the two reports allow, and the ruler changes no recomputation can undo (a different
 * judge or K: judge the same replies again). `sameTargets` names the decisions whose targets are identical in both
 * packs (the workbench knows both packs' targets); without it a pack change has no like-for-like verdict.
 */
export function likeForLike(baseline: NormalisedReport, candidate: NormalisedReport, sameTargets?: ReadonlySet<string>): { variants: LikeForLike[]; impossible: NoLikeForLike[] } {
  const { changed } = rulerChanges(baseline, candidate);
  const fields = new Set(changed.map((c) => c.field));
  const variants: LikeForLike[] = [];
  const impossible: NoLikeForLike[] = [];
  const advisory = [...(baseline.meta.advisory ?? []), ...(candidate.meta.advisory ?? [])];
  // The strict scores count every hard violation whatever the detector figures said, so they undo both an advisory
  // change and a probe-set change (issue 26: the figures act on the score only through which criteria are advisory).
  let strict: LikeForLike | null = null;
  if (baseline.kind === "score" && (fields.has("advisory criteria") || fields.has("probe set") || advisory.length)) {
    const [b, c] = [everyCriterionHard(baseline), everyCriterionHard(candidate)];
    const label = "with every criterion hard";
    const counted = [...new Set(advisory)].sort().join(", ");
    if (b && c) variants.push((strict = { label, why: `${counted ? `${counted} counted` : "every criterion counted"} as hard on both sides (the strict scores)`, baseline: b, candidate: c, undoes: ["advisory criteria", "probe set"] }));
    else impossible.push({ label, why: "a report carries no strict scores (score_strict)" });
  }
  const [tb, tc] = [baseline.meta.pass_threshold, candidate.meta.pass_threshold];
  if (fields.has("pass threshold") && tb !== undefined && tc !== undefined) {
    variants.push({ label: `both gated at pass threshold ${tb}`, why: "the baseline's threshold on both sides", baseline: atPassThreshold(baseline, tb), candidate: atPassThreshold(candidate, tb), undoes: ["pass threshold"] });
    variants.push({ label: `both gated at pass threshold ${tc}`, why: "the candidate's threshold on both sides", baseline: atPassThreshold(baseline, tc), candidate: atPassThreshold(candidate, tc), undoes: ["pass threshold"] });
  }
  if (fields.has("pack") || fields.has("eval split")) {
    const label = "on the decisions whose targets did not change";
    if (sameTargets && sameTargets.size) {
      const why = `${sameTargets.size} decision(s) have the same target in both packs`;
      variants.push({ label, why, baseline: onlyCases(baseline, sameTargets), candidate: onlyCases(candidate, sameTargets), undoes: ["pack", "eval split"] });
      // Both kinds of change at once: only both recomputations together measure the agent alone.
      if (strict && (fields.has("advisory criteria") || fields.has("probe set"))) {
        variants.push({ label: `${strict.label}, ${label}`, why: `${strict.why}; ${why}`, baseline: onlyCases(strict.baseline, sameTargets), candidate: onlyCases(strict.candidate, sameTargets), undoes: [...strict.undoes, "pack", "eval split"] });
      }
    } else impossible.push({ label, why: sameTargets ? "no decision has the same target in both packs" : "the targets of both packs are not at hand (re-score one run under the other's pack)" });
  }
  for (const f of ["judge model", "judge votes (K)", "protocol"] as const) {
    if (fields.has(f)) impossible.push({ label: `with one ${f === "protocol" ? "judge protocol" : f}`, why: "no recomputation can undo it: judge the same replies again with the other side's setting" });
  }
  return { variants, impossible };
}
