import { decideCase, type ItemTally } from "./aggregate";
import type { ItemResult, JudgeCaseV2, JudgeReportV2 } from "./report-schema";

// Issue 20: a judge report's figures are recomputed from its own votes, not trusted. The verdict, correctness,
// missing_required, forbidden_present, each item's covered/present and the error (quorum) of every case are what
// decideCase — the function that produced them in `assay judge` — gives for the case's tallies and alignments; a report
// that says otherwise was edited or written by something else, and is refused with the case and field named.

export type Contradiction = {
  /** Position in cases[] and the case's `role/id`. */
  index: number;
  case: string;
  /** The field at fault, as a path under the case: "verdict", "items[\"states A\"].covered", … */
  field: string;
  message: string;
};

const show = (v: unknown) => JSON.stringify(v);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join("\u0000") === [...b].sort().join("\u0000");
// Medians of the same numbers are the same double; the slack only forgives a writer that rounded to 12 places.
const CORRECTNESS_EPS = 1e-9;

/** What a case must carry to be recomputed: `assay judge`'s v2 case (a seed-shaped case has no vote counts). */
export type VerifiableCase = Pick<JudgeCaseV2, "role" | "id" | "correctness" | "verdict" | "missing_required" | "forbidden_present" | "error" | "votes_valid" | "votes_configured" | "alignments"> & { items: Record<string, ItemResult> };
export type VerifiableJudge = Pick<JudgeReportV2["judge"], "pass_threshold">;

/** Every way one v2 case contradicts its own votes (empty when its figures are what its votes give). */
export function verifyJudgeCase(c: VerifiableCase, index: number, judge: VerifiableJudge): Contradiction[] {
  const key = `${c.role}/${c.id}`;
  const out: Contradiction[] = [];
  const bad = (field: string, message: string) => out.push({ index, case: key, field, message });

  if (c.votes_valid > c.votes_configured) bad("votes_valid", `${c.votes_valid} valid votes of ${c.votes_configured} asked for`);
  if (c.alignments.length !== c.votes_valid) bad("alignments", `holds ${c.alignments.length} alignment(s) for ${c.votes_valid} valid vote(s): each valid vote has one`);
  const tallies: Record<string, ItemTally> = {};
  for (const [text, item] of Object.entries(c.items)) {
    if (item.votes_valid !== c.votes_valid) bad(`items[${show(text)}].votes_valid`, `says ${item.votes_valid}; the case has ${c.votes_valid} valid vote(s)`);
    if (item.votes_true > item.votes_valid) bad(`items[${show(text)}].votes_true`, `${item.votes_true} yes votes of ${item.votes_valid}`);
    tallies[text] = { kind: item.kind, votes_true: item.votes_true };
  }
  if (out.length) return out; // the tallies themselves do not add up: nothing sound to recompute from

  const d = decideCase({ items: tallies, votesValid: c.votes_valid, votesConfigured: c.votes_configured, alignments: c.alignments, passThreshold: judge.pass_threshold });
  for (const [text, item] of Object.entries(c.items)) {
    const want = d.items[text]!;
    const flag = item.kind === "must_include" ? "covered" : "present";
    if (item[flag] !== want[flag]) bad(`items[${show(text)}].${flag}`, `says ${show(item[flag] ?? null)}, its votes (${item.votes_true}/${item.votes_valid} yes) give ${show(want[flag] ?? null)}`);
  }
  const votes = `${c.votes_valid}/${c.votes_configured} valid vote(s)${c.alignments.length ? `, alignments ${show(c.alignments)}` : ""}`;
  if ((c.error === null) !== (d.error === null)) bad("error", d.error === null ? `says ${show(c.error)}, but the quorum was met (${votes})` : `is null, but the votes give ${show(d.error)}`);
  const correctnessOk = c.correctness === null || d.correctness === null ? c.correctness === d.correctness : Math.abs(c.correctness - d.correctness) <= CORRECTNESS_EPS;
  if (!correctnessOk) bad("correctness", `says ${show(c.correctness)}, the median alignment of its votes is ${show(d.correctness)} (${votes})`);
  if (!sameSet(c.missing_required, d.missing_required)) bad("missing_required", `says ${show(c.missing_required)}, its item votes give ${show(d.missing_required)}`);
  if (!sameSet(c.forbidden_present, d.forbidden_present)) bad("forbidden_present", `says ${show(c.forbidden_present)}, its item votes give ${show(d.forbidden_present)}`);
  if (c.verdict !== d.verdict) bad("verdict", `says ${show(c.verdict)}, its votes give ${show(d.verdict)} (${votes}; pass threshold ${judge.pass_threshold})`);
  return out;
}

/** Every contradiction in a v2 report, in case order. */
export function verifyJudgeReport(r: { judge: VerifiableJudge; cases: readonly VerifiableCase[] }): Contradiction[] {
  return r.cases.flatMap((c, i) => verifyJudgeCase(c, i, r.judge));
}

