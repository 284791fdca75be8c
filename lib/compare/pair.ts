import type { ComparableCase, NormalisedReport } from "./read-report";

export type CasePair = { key: string; group: string; cluster: string | null; baseline: ComparableCase; candidate: ComparableCase };

export type PairOutcome =
  | { ok: true; pairs: CasePair[]; usable: CasePair[]; warnings: string[] }
  | { ok: false; error: string; warnings: string[] };

const SHOWN = 5;

/**
 * Pairs the two reports' cases by key (decision_id, or role/id), keeping the intersection only (seed 002 B).
 * `pairs` is every matched case sorted by key; `usable` the ones with a value on both sides (the Δ set).
 * Unmatched and value-less cases are named in warnings; mixed kinds or an empty intersection are an explicit error.
 */
export function pairCases(baseline: NormalisedReport, candidate: NormalisedReport, options: { role?: string | null } = {}): PairOutcome {
  const warnings: string[] = [];
  if (baseline.kind !== candidate.kind) {
    return { ok: false, warnings, error: `cannot compare a ${baseline.kind} report (baseline) with a ${candidate.kind} report (candidate): score reports pair by decision_id, judge reports by (role, id)` };
  }
  let base = baseline.cases;
  let cand = candidate.cases;
  const role = options.role ?? null;
  if (role !== null) {
    if (baseline.kind === "score") return { ok: false, warnings, error: "a role filter applies only to judge reports (score reports have families, not roles)" };
    base = base.filter((c) => roleMatches(c.group, role));
    cand = cand.filter((c) => roleMatches(c.group, role));
    if (!base.length || !cand.length) {
      const roles = [...new Set([...baseline.cases, ...candidate.cases].map((c) => c.group))].sort();
      return { ok: false, warnings, error: `no ${!base.length ? "baseline" : "candidate"} case has role ${JSON.stringify(role)} (roles present: ${roles.join(", ")})` };
    }
  }
  if (baseline.kind === "score") [base, cand] = alignThinkingModes(base, cand, warnings);
  for (const [side, cases] of [["baseline", base], ["candidate", cand]] as const) {
    const repeated = cases.filter((c) => c.samples > 1).length;
    if (repeated) warnings.push(`${side}: ${repeated} decision(s) have repeated samples; each counts once, at its mean score (gate: every sample passes; violations: any sample)`);
  }
  const candByKey = new Map<string, ComparableCase>();
  for (const c of cand) candByKey.set(c.key, c);
  const pairs: CasePair[] = [];
  const onlyBase: string[] = [];
  for (const b of base) {
    const c = candByKey.get(b.key);
    if (c) pairs.push({ key: b.key, group: b.group, cluster: b.cluster, baseline: b, candidate: c });
    else onlyBase.push(b.key);
  }
  pairs.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  if (onlyBase.length) warnings.push(`${onlyBase.length} baseline case(s) missing from the candidate, left out: ${namesOf(onlyBase)}`);
  if (pairs.length < cand.length) {
    const baseKeys = new Set(base.map((c) => c.key));
    const onlyCand = cand.filter((c) => !baseKeys.has(c.key)).map((c) => c.key);
    warnings.push(`${onlyCand.length} candidate case(s) missing from the baseline, left out: ${namesOf(onlyCand)}`);
  }
  if (!pairs.length) {
    return { ok: false, warnings, error: `no cases in common: baseline has ${base.length}, candidate has ${cand.length}, intersection is empty` };
  }
  const moved: string[] = [];
  const valueless: string[] = [];
  const usable: CasePair[] = [];
  for (const p of pairs) {
    if (p.baseline.cluster !== p.candidate.cluster) moved.push(p.key);
    if (p.baseline.value === null || p.candidate.value === null) valueless.push(`${p.key} (${missingSide(p)})`);
    else usable.push(p);
  }
  if (moved.length) warnings.push(`${moved.length} case(s) belong to a different episode in the candidate (clustered by the baseline's): ${namesOf(moved)}`);
  if (valueless.length) {
    warnings.push(`${valueless.length} paired case(s) have no value on one side and are left out of Δ (errored sides also out of gate flips): ${namesOf(valueless)}`);
  }
  return { ok: true, pairs, usable, warnings };
}

/**
 * Score reports pair by (decision_id, thinking mode). When each run uses one mode and the modes differ (a thinking-off
 * run against a thinking-on run), pairing by mode would match nothing, so the cases pair by decision_id alone.
 */
function alignThinkingModes(base: ComparableCase[], cand: ComparableCase[], warnings: string[]): [ComparableCase[], ComparableCase[]] {
  const modes = (cases: ComparableCase[]) => [...new Set(cases.map((c) => c.variant))];
  const [b, c] = [modes(base), modes(cand)];
  if (b.length !== 1 || c.length !== 1 || b[0] === c[0]) return [base, cand];
  const name = (v: string | null) => (v === null ? "thinking-off" : "thinking-on");
  warnings.push(`baseline outputs are all ${name(b[0]!)} and candidate outputs all ${name(c[0]!)}: paired by decision_id across modes`);
  const rekey = (cases: ComparableCase[]) => cases.map((x) => ({ ...x, key: x.id }));
  return [rekey(base), rekey(cand)];
}

/** `--role R` keeps R's own cases and the policy suite expanded against R (`policy@R`). */
export function roleMatches(group: string, role: string): boolean {
  const at = group.indexOf("@");
  return group === role || (at >= 0 && group.slice(at + 1) === role);
}

function missingSide(p: CasePair): string {
  const side = p.baseline.value === null ? (p.candidate.value === null ? "both sides" : "baseline") : "candidate";
  const err = p.candidate.error ?? p.baseline.error;
  return err ? `${side}: ${err}` : `no value on ${side}`;
}

function namesOf(keys: string[]): string {
  const head = keys.slice(0, SHOWN).join(", ");
  return keys.length > SHOWN ? `${head}, … (+${keys.length - SHOWN} more)` : head;
}
