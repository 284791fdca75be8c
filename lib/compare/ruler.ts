import type { NormalisedReport } from "./read-report";

// Issue 20 (9): a change of ruler — the judge, its votes or threshold, the pack, the eval split, the advisory criteria,
// the judge protocol — makes Δ measure more than the agent change. Each is named with both sides' values and why it
// matters; a side that does not say (a seed-shaped judge report) is unknown, which cannot be checked either way.

export type RulerField = "protocol" | "judge model" | "judge votes (K)" | "pass threshold" | "pack" | "eval split" | "advisory criteria" | "probe set";

export type RulerChange = { field: RulerField; baseline: string; candidate: string; why: string };
export type RulerUnknown = { field: RulerField; side: "baseline" | "candidate" | "both"; known: string | null };

const WHY: Record<RulerField, string> = {
  protocol: "v1 correctness is a holistic score and v2 correctness is median alignment, so Δ mixes the protocol change with the agent change (seed 002 C)",
  "judge model": "a different judge grades differently, so Δ mixes the judge change with the agent change",
  "judge votes (K)": "the number of votes changes how noisy each majority and median is",
  "pass threshold": "the pass/fail line moved, so gate flips can come from the threshold rather than the agent",
  pack: "the targets changed, so Δ mixes the pack change with the agent change",
  "eval split": "episodes or targets changed",
  "advisory criteria": "an advisory criterion does not zero a decision's score, so each side's scores count different violations",
  "probe set": "the detector figures that decide which criteria are advisory were measured on different labels (issue 26), so each side may be gated by a different rule",
};

const show = (field: RulerField, v: unknown): string => {
  if (field === "pack" || field === "probe set") return `v${String(v)}`;
  if (field === "eval split") return String(v).slice(0, 12);
  if (field === "advisory criteria") return (v as string[]).length ? (v as string[]).join(", ") : "none";
  return typeof v === "string" ? v : JSON.stringify(v);
};

/** Every ruler difference between the two sides, and every ruler field one side does not report. */
export function rulerChanges(baseline: NormalisedReport, candidate: NormalisedReport): { changed: RulerChange[]; unknown: RulerUnknown[] } {
  const changed: RulerChange[] = [];
  const unknown: RulerUnknown[] = [];
  const b = baseline.meta;
  const c = candidate.meta;
  if (baseline.kind === "judge" && baseline.format !== candidate.format) {
    changed.push({ field: "protocol", baseline: baseline.format, candidate: candidate.format, why: WHY.protocol });
  }
  const fields: Array<[RulerField, unknown, unknown]> =
    baseline.kind === "judge"
      ? [
          ["judge model", b.judge_model, c.judge_model],
          ["judge votes (K)", b.judge_votes, c.judge_votes],
          ["pass threshold", b.pass_threshold, c.pass_threshold],
        ]
      : [
          ["pack", b.pack_version, c.pack_version],
          ["eval split", b.eval_hash, c.eval_hash],
          ["advisory criteria", b.advisory, c.advisory],
          ["probe set", b.probe_set_version, c.probe_set_version],
        ];
  // A v1 judge report carries no provenance at all: that is the protocol change above, not an unknown per field.
  const v1 = baseline.format === "judge-v1" || candidate.format === "judge-v1";
  for (const [field, x, y] of fields) {
    if (x !== undefined && y !== undefined) {
      if (JSON.stringify(x) !== JSON.stringify(y)) changed.push({ field, baseline: show(field, x), candidate: show(field, y), why: WHY[field] });
    } else if (!v1 && (x !== undefined || y !== undefined || baseline.kind === "judge")) {
      unknown.push({ field, side: x === undefined && y === undefined ? "both" : x === undefined ? "baseline" : "candidate", known: x !== undefined ? show(field, x) : y !== undefined ? show(field, y) : null });
    }
  }
  return { changed, unknown };
}

/** A ruler change as one line: "pack v1.4 vs v1.5 (the targets changed, …)". */
export function rulerChangeText(ch: RulerChange): string {
  return `${ch.field} ${ch.baseline} vs ${ch.candidate} (${ch.why})`;
}

/** A ruler field one side does not report, as one line. */
export function rulerUnknownText(u: RulerUnknown): string {
  const who = u.side === "both" ? "neither report says" : `the ${u.side}'s report does not say${u.known !== null ? ` (the other's is ${u.known})` : ""}`;
  return `${u.field} unknown: ${who}, so whether it changed cannot be checked`;
}
