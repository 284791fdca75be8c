import type { LabelVote } from "@/lib/probes/effective-label";
import { effectiveLabel } from "@/lib/probes/effective-label";

/**
 * Labelling queues: unlabelled = not yet labelled by you; disagreeing = the effective label differs from the detector's
 * prediction; contested = annotators disagree (a tie leaves the probe without an effective label); all = every probe.
 */
export const QUEUES = ["unlabelled", "disagreeing", "contested", "all"] as const;
export type Queue = (typeof QUEUES)[number];
/** The queues blind labelling keeps: the others are chosen by what annotators or the detector said. */
export const BLIND_QUEUES: readonly Queue[] = ["unlabelled", "all"];

export function inQueue(q: Queue, p: { predicted: boolean }, votes: readonly LabelVote[], actor: string): boolean {
  switch (q) {
    case "unlabelled":
      return !votes.some((v) => v.annotator === actor);
    case "disagreeing": {
      const l = effectiveLabel(votes).label;
      return l !== null && l !== (p.predicted ? "violation" : "clean");
    }
    case "contested":
      return effectiveLabel(votes).disputed;
    case "all":
      return true;
  }
}
