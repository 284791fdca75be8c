import type { NormalisedReport } from "./read-report";
import { rulerChanges, rulerChangeText, rulerUnknownText } from "./ruler";

/** How a warning that the two sides were measured with different rulers begins (the Compare page shows these first). */
export const NOT_COMPARABLE = "not comparable:";

/**
 * Provenance differences that make a Δ measure more than the agent change — protocol version, judge model, votes,
 * threshold, pack, eval split, advisory criteria — each as a "not comparable: …" warning, then what cannot be checked.
 */
export function compatibilityWarnings(baseline: NormalisedReport, candidate: NormalisedReport): string[] {
  const { changed, unknown } = rulerChanges(baseline, candidate);
  const out = [...changed.map((ch) => `${NOT_COMPARABLE} ${rulerChangeText(ch)}`), ...unknown.map(rulerUnknownText)];
  if (baseline.meta.example || candidate.meta.example) out.push("an input is an example report shipped with Assay, not a real run");
  // Issue 20: a judge report without votes cannot have its figures recomputed; said wherever the comparison is shown.
  for (const [side, r] of [["baseline", baseline], ["candidate", candidate]] as const) {
    if (r.figures === "unverifiable") out.push(`${side} figures unverifiable: the report carries no votes (${r.format === "judge-v1" ? "a v1 report" : "no vote counts"}), so its verdicts and correctness cannot be recomputed and are taken as written`);
  }
  return out;
}
