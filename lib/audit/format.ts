import { f3 } from "../format";
import type { AuditFigure } from "./estimator";

// One wording of the per-run figures for the run report, the labelling page and `assay score --audit`, so a test can
// hold the page and the CLI to the same text. No locale formatting: lib/ output is the same on every machine.

const count = (x: number) => Math.round(x).toString();

/** "0.800 [0.670, 0.888] (40/50)", or why there is no figure yet. */
export function precisionText(f: AuditFigure): string {
  if (f.precision === null || f.precision_ci === null) return f.precision_note ?? "—";
  return `${f3(f.precision)} [${f3(f.precision_ci[0])}, ${f3(f.precision_ci[1])}] (${f.fired.violations}/${f.fired.labelled})`;
}

/** "0.242 [0.121, 0.430]", or why there is no figure yet. */
export function recallText(f: AuditFigure): string {
  if (f.recall === null || f.recall_ci === null) return f.recall_note ?? "—";
  return `${f3(f.recall)} [${f3(f.recall_ci[0])}, ${f3(f.recall_ci[1])}]`;
}

/** "330 [150, 702]" true violations estimated in the audited replies, or why there is no figure yet. */
export function violationsText(f: AuditFigure): string {
  if (f.violations === null || f.violations_ci === null) return f.recall_note ?? "—";
  return `${count(f.violations)} [${count(f.violations_ci[0])}, ${count(f.violations_ci[1])}]`;
}

/** "fired 50/60 of 100 · not fired 40/60 of 5000": labelled of drawn, of the stratum's size in the run. */
export function labelledText(f: AuditFigure): string {
  return `fired ${f.fired.labelled}/${f.fired.drawn} of ${f.fired.size} · not fired ${f.not_fired.labelled}/${f.not_fired.drawn} of ${f.not_fired.size}`;
}
