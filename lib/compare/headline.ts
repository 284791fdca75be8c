import { compareReports, type CompareOutcome, type CompareResult } from "./compare";
import { likeForLike, type LikeForLike, type NoLikeForLike } from "./like-for-like";
import type { NormalisedReport } from "./read-report";
import { rulerChanges, type RulerChange, type RulerField } from "./ruler";
import { verdictSentence, verdictTone, type VerdictTone } from "./verdict-sentence";

// Issue 26 (2): where the two sides were measured with different rulers, the verdict a lead reads first is the one
// computed under one ruler — or "not comparable" when no recomputation undoes every change — never the raw verdict.

export type ComputedVariant = Pick<LikeForLike, "label" | "why" | "undoes"> & { outcome: CompareOutcome };

export type Headline =
  /** Same ruler on both sides: the verdict as reported. */
  | { kind: "as reported"; verdict: CompareResult["verdict"]; result: CompareResult; tone: VerdictTone; sentence: string }
  /** The ruler changed and one recomputation undoes every change: its verdict. */
  | { kind: "like for like"; verdict: CompareResult["verdict"]; label: string; why: string; result: CompareResult; tone: VerdictTone; sentence: string }
  /** The ruler changed and nothing undoes all of it: no verdict is claimed. */
  | { kind: "not comparable"; verdict: null; tone: "unclear"; sentence: string; fields: RulerField[] };

const list = (xs: readonly string[]) => (xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);

/**
 * The headline verdict. With no ruler change it is the verdict as reported. Otherwise it is the first computed variant
 * that undoes every changed field (variants are listed baseline's ruler first, so at two thresholds the baseline's
 * wins); if none does — a different judge, K or protocol, a pack change without both packs' targets — or that variant
 * could not be computed, the headline is "not comparable", in the unclear tone.
 */
export function headlineVerdict(asReported: CompareResult, changed: readonly RulerChange[], variants: readonly ComputedVariant[], impossible: readonly NoLikeForLike[] = []): Headline {
  if (!changed.length) return { kind: "as reported", verdict: asReported.verdict, result: asReported, tone: verdictTone(asReported), sentence: verdictSentence(asReported) };
  const fields = [...new Set(changed.map((c) => c.field))];
  const covering = variants.find((v) => fields.every((f) => v.undoes.includes(f)));
  if (covering?.outcome.ok) {
    const r = covering.outcome.result;
    return { kind: "like for like", verdict: r.verdict, label: covering.label, why: covering.why, result: r, tone: verdictTone(r), sentence: `Like for like (${covering.label}): ${verdictSentence(r)}` };
  }
  const cannot = covering && !covering.outcome.ok ? [`${covering.label}: ${covering.outcome.error}`] : impossible.map((x) => `${x.label}: ${x.why}`);
  const sentence = `Not comparable: the ${list(fields)} changed between the two sides and no recomputation undoes ${fields.length > 1 ? "all of it" : "it"}${cannot.length ? ` (${cannot.join("; ")})` : ""}, so no verdict on the agent is drawn; the verdict as reported is in the table above and is not the agent's change alone.`;
  return { kind: "not comparable", verdict: null, tone: "unclear", sentence, fields };
}

/** The headline's verdict word as shown: "IMPROVED", or "NOT COMPARABLE". */
export const headlineWord = (h: Headline): string => h.verdict ?? "NOT COMPARABLE";

export type RulerVerdict = {
  changed: RulerChange[];
  variants: ComputedVariant[];
  impossible: NoLikeForLike[];
  headline: Headline;
};

/**
 * Everything the Compare page, the CLI and approval read about the ruler in one call: what changed, the verdict
 * recomputed under one ruler where the reports allow it (with the comparison's own seed and resamples), and the headline.
 */
export function rulerVerdict(baseline: NormalisedReport, candidate: NormalisedReport, asReported: CompareResult, sameTargets?: ReadonlySet<string>, role: string | null = null): RulerVerdict {
  const { changed } = rulerChanges(baseline, candidate);
  const lfl = likeForLike(baseline, candidate, sameTargets);
  const options = { seed: asReported.seed, resamples: asReported.resamples, role };
  const variants = lfl.variants.map((v) => ({ label: v.label, why: v.why, undoes: v.undoes, outcome: compareReports(v.baseline, v.candidate, options) }));
  return { changed, variants, impossible: lfl.impossible, headline: headlineVerdict(asReported, changed, variants, lfl.impossible) };
}
