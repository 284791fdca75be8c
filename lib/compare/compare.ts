import { bootstrapMeans, DEFAULT_RESAMPLES, percentileInterval } from "./bootstrap";
import { compatibilityWarnings } from "./compat";
import { type CasePair, pairCases } from "./pair";
import { minimumDetectableDelta, type Mde } from "./power";
import { DEFAULT_SEED } from "./prng";
import type { JudgeFigures, NormalisedReport } from "./read-report";

export type Verdict = "IMPROVED" | "REGRESSED" | "INCONCLUSIVE";

/** |Δ| below this is a tie; a CI bound must clear it to count as excluding 0. */
export const TIE_EPS = 1e-9;
const FEW_UNITS = 10;

export type CompareRow = { key: string; group: string; cluster: string | null; baseline: number; candidate: number; delta: number; gate_baseline: boolean | null; gate_candidate: boolean | null };
export type GateFlip = { key: string; group: string; reason: string | null };
export type Blocker = {
  key: string;
  group: string;
  new_violations: string[];
  /** Each new violation in words (the scorer's hit reason, or "forbidden: <item>"), in new_violations' order. */
  reasons: string[];
  baseline_errored: boolean;
};

export type CompareResult = {
  verdict: Verdict;
  mean_delta: number;
  ci: [number, number];
  n_pairs: number;
  improved: number;
  regressed: number;
  tied: number;
  gate_flips: { pass_to_fail: GateFlip[]; fail_to_pass: GateFlip[] };
  blockers: Blocker[];
  warnings: string[];
  resampling: string;
  mde: Mde;
  seed: number;
  resamples: number;
  kind: "score" | "judge";
  formats: { baseline: string; candidate: string };
  /** Issue 20: whether each side's judge figures were recomputed from its votes or are unverifiable (v1); null for score reports. */
  figures: { baseline: JudgeFigures; candidate: JudgeFigures };
  rows: CompareRow[];
};

export type CompareOptions = { role?: string | null; seed?: number; resamples?: number; /** false → resample pairs even when episodes exist. */ cluster?: boolean };
export type CompareOutcome = { ok: true; result: CompareResult } | { ok: false; error: string; warnings: string[] };

/**
 * Paired-delta comparison (seed 002 B, SPEC §3): intersection pairing, bootstrap 95% CI of the mean Δ
 * (whole episodes resampled when the report has them), gate flips both ways, blockers for newly present
 * violations whatever the mean, and the verdict from the CI against 0. Never throws on reports it can read.
 */
export function compareReports(baseline: NormalisedReport, candidate: NormalisedReport, options: CompareOptions = {}): CompareOutcome {
  const seed = options.seed ?? DEFAULT_SEED;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const paired = pairCases(baseline, candidate, { role: options.role });
  if (!paired.ok) return paired;
  const warnings = [...compatibilityWarnings(baseline, candidate), ...paired.warnings];
  const { pairs, usable } = paired;
  if (!usable.length) return { ok: false, error: `none of the ${pairs.length} paired case(s) has a value on both sides`, warnings };

  const n = usable.length;
  const deltas = new Float64Array(n);
  const rows: CompareRow[] = new Array(n);
  let sum = 0;
  let improved = 0;
  let regressed = 0;
  for (let i = 0; i < n; i++) {
    const p = usable[i]!;
    const b = p.baseline.value!;
    const c = p.candidate.value!;
    const d = (deltas[i] = c - b);
    sum += d;
    if (d >= TIE_EPS) improved++;
    else if (d <= -TIE_EPS) regressed++;
    rows[i] = { key: p.key, group: p.group, cluster: p.cluster, baseline: b, candidate: c, delta: d, gate_baseline: p.baseline.gate, gate_candidate: p.candidate.gate };
  }
  rows.sort(byDeltaThenKey);

  const clusters = options.cluster === false ? null : clusterIndex(usable);
  const clustered = clusters !== null && clusters.count >= 2;
  if (clusters && !clustered) warnings.push("all pairs come from one episode: resampled pairs instead, so the CI ignores within-episode correlation");
  const clusterOf = clustered ? clusters.index : null;
  const units = clustered ? clusters.count : n;
  if (units < FEW_UNITS) warnings.push(`only ${units} ${clustered ? "episodes" : "pairs"} to resample: a percentile bootstrap CI is too narrow at this size; read the verdict with care`);

  const ci = percentileInterval(bootstrapMeans(deltas, { seed, resamples, clusterOf }));
  // One unit cannot show anything: its bootstrap CI is a point.
  const verdict: Verdict = units < 2 ? "INCONCLUSIVE" : ci[0] > TIE_EPS ? "IMPROVED" : ci[1] < -TIE_EPS ? "REGRESSED" : "INCONCLUSIVE";

  return {
    ok: true,
    result: {
      verdict,
      mean_delta: sum / n,
      ci,
      n_pairs: n,
      improved,
      regressed,
      tied: n - improved - regressed,
      gate_flips: gateFlips(pairs),
      blockers: blockers(pairs),
      warnings,
      resampling: clustered ? `clustered by episode (${units} clusters)` : `unclustered (${n} pairs)`,
      mde: minimumDetectableDelta(deltas, clusterOf),
      seed,
      resamples,
      kind: baseline.kind,
      formats: { baseline: baseline.format, candidate: candidate.format },
      figures: { baseline: baseline.figures, candidate: candidate.figures },
      rows,
    },
  };
}

/** Ascending Δ (quantised to TIE_EPS, so float noise does not outrank the key), then key. */
export function byDeltaThenKey(a: CompareRow, b: CompareRow): number {
  const d = Math.round(a.delta / TIE_EPS) - Math.round(b.delta / TIE_EPS);
  return d !== 0 ? d : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** --fail-on-regression: REGRESSED, any blocker, or any pass→fail flip fails the gate. */
export function failsRegressionGate(r: CompareResult): boolean {
  return r.verdict === "REGRESSED" || r.blockers.length > 0 || r.gate_flips.pass_to_fail.length > 0;
}

/** Dense cluster indices in sorted-id order, so the resample stream does not depend on input order; null when unclustered. */
function clusterIndex(pairs: CasePair[]): { index: Int32Array; count: number } | null {
  const ids = new Set<string>();
  for (const p of pairs) {
    if (p.cluster === null) return null;
    ids.add(p.cluster);
  }
  const byId = new Map([...ids].sort().map((id, i) => [id, i]));
  return { index: Int32Array.from(pairs, (p) => byId.get(p.cluster!)!), count: byId.size };
}

export type ReviewFigures = Pick<CompareResult, "gate_flips" | "blockers">;

/** Gate flips and blockers alone, from the same pairing as compareReports, without the bootstrap (a case page's review). */
export function reviewFigures(baseline: NormalisedReport, candidate: NormalisedReport, options: Pick<CompareOptions, "role"> = {}): { ok: true; figures: ReviewFigures } | { ok: false; error: string } {
  const paired = pairCases(baseline, candidate, { role: options.role });
  if (!paired.ok) return paired;
  return { ok: true, figures: { gate_flips: gateFlips(paired.pairs), blockers: blockers(paired.pairs) } };
}

function gateFlips(pairs: CasePair[]): CompareResult["gate_flips"] {
  const known = pairs.filter((p) => p.baseline.gate !== null && p.candidate.gate !== null);
  return {
    pass_to_fail: known.filter((p) => p.baseline.gate && !p.candidate.gate).map((p) => ({ key: p.key, group: p.group, reason: p.candidate.gate_reason })),
    fail_to_pass: known.filter((p) => !p.baseline.gate && p.candidate.gate).map((p) => ({ key: p.key, group: p.group, reason: p.baseline.gate_reason })),
  };
}

// Seed 002 B: a new rubric violation (new forbidden item, new H1–H5) blocks whatever the mean. An errored baseline
// shows no violations, so anything the candidate has counts as new there (flagged baseline_errored).
function blockers(pairs: CasePair[]): Blocker[] {
  const out: Blocker[] = [];
  for (const p of pairs) {
    if (!p.candidate.violations.length) continue;
    const fresh = p.candidate.violations.filter((v) => !p.baseline.violations.includes(v));
    if (fresh.length) out.push({ key: p.key, group: p.group, new_violations: fresh, reasons: fresh.map((v) => p.candidate.reasons[v] ?? v), baseline_errored: p.baseline.error !== null });
  }
  return out;
}
