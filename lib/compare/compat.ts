import type { NormalisedReport } from "./read-report";

/** How a warning that the two sides were scored against different targets begins (the Compare page shows these first). */
export const NOT_COMPARABLE = "not comparable:";

/** Provenance differences that make a Δ measure more than the agent change: protocol version, judge, pack, targets. */
export function compatibilityWarnings(baseline: NormalisedReport, candidate: NormalisedReport): string[] {
  const out: string[] = [];
  if (baseline.format !== candidate.format && baseline.kind === "judge") {
    out.push(`baseline is ${baseline.format}, candidate is ${candidate.format}: v1 correctness is a holistic score and v2 correctness is median alignment, so Δ mixes the protocol change with the agent change (seed 002 C)`);
  }
  const b = baseline.meta;
  const c = candidate.meta;
  const differs = (label: string, x: unknown, y: unknown) => {
    if (x !== undefined && y !== undefined && JSON.stringify(x) !== JSON.stringify(y)) out.push(`${label} differs: baseline ${JSON.stringify(x)}, candidate ${JSON.stringify(y)}`);
  };
  differs("judge model", b.judge_model, c.judge_model);
  differs("judge votes (K)", b.judge_votes, c.judge_votes);
  differs("pass threshold", b.pass_threshold, c.pass_threshold);
  // Issue 17: a changed pack or eval split means the two sides were scored against different targets; said in words.
  if (b.pack_version !== undefined && c.pack_version !== undefined && b.pack_version !== c.pack_version) {
    out.push(`${NOT_COMPARABLE} pack v${b.pack_version} vs v${c.pack_version} (the targets changed, so Δ mixes the pack change with the agent change)`);
  }
  if (b.eval_hash !== undefined && c.eval_hash !== undefined && b.eval_hash !== c.eval_hash) {
    out.push(`${NOT_COMPARABLE} eval split ${b.eval_hash.slice(0, 12)} vs ${c.eval_hash.slice(0, 12)} (episodes or targets changed)`);
  }
  differs("advisory detectors", b.advisory, c.advisory);
  if (b.example || c.example) out.push("an input is an example report shipped with Assay, not a real run");
  return out;
}
