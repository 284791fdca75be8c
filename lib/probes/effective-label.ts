import type { ProbeLabel } from "../schemas/probe";

/** One annotator's label on one probe. */
export type LabelVote = { annotator: string; label: ProbeLabel; labelledAt: string };

export type EffectiveLabel = {
  /** The strict-majority label; null when nobody labelled the probe or the vote is tied. */
  label: ProbeLabel | null;
  violation: number;
  clean: number;
  /** Annotators disagree (both labels present). */
  disputed: boolean;
  /** A tie: no effective label, so the probe is left out of precision and recall until someone breaks it. */
  contested: boolean;
};

/** Majority of the annotators' labels (SPEC §5: several annotators may label one probe; ties are contested). */
export function effectiveLabel(votes: readonly Pick<LabelVote, "label">[]): EffectiveLabel {
  let violation = 0;
  let clean = 0;
  for (const v of votes) {
    if (v.label === "violation") violation++;
    else clean++;
  }
  const contested = violation > 0 && violation === clean;
  const label = violation > clean ? "violation" : clean > violation ? "clean" : null;
  return { label, violation, clean, disputed: violation > 0 && clean > 0, contested };
}

/**
 * The label a probe file carries after an export: the majority; on a tie the earliest label stands (the status quo
 * until someone breaks the tie); null when the probe has no label at all (it cannot be exported).
 */
export function exportLabel(votes: readonly LabelVote[]): ProbeLabel | null {
  const eff = effectiveLabel(votes);
  if (eff.label !== null || votes.length === 0) return eff.label;
  const earliest = [...votes].sort((a, b) => (a.labelledAt < b.labelledAt ? -1 : a.labelledAt > b.labelledAt ? 1 : a.annotator < b.annotator ? -1 : a.annotator > b.annotator ? 1 : 0))[0]!;
  return earliest.label;
}
