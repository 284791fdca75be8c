// Test factories for compare (STYLE 12): build reports from overrides instead of copying fixtures.
import type { JudgeCaseV1, JudgeCaseV2, JudgeReportV1, JudgeReportV2 } from "../judge/report-schema";
import { COMPONENTS, DETECTOR_CODES, HARD_CODES } from "../pack/vocab";
import type { DecisionResult, DetectorFigure, ScoreReport, Summary } from "../scoring/report-schema";

/**
 * A judge case whose vote figures agree with its verdict, correctness and item lists (issue 20: compare recomputes them
 * and refuses a report that contradicts its votes): unless given, K valid votes all aligned at the correctness (none when
 * the case errored), and an item tally for each missing or forbidden item. Explicit alignments or items are kept.
 */
export function makeJudgeCase(overrides: Partial<JudgeCaseV2> = {}): JudgeCaseV2 {
  const c = makeJudgeCaseAsWritten(overrides);
  const valid = overrides.votes_valid ?? (c.error === null ? c.votes_configured : 0);
  const alignments = overrides.alignments ?? (c.error === null && c.correctness !== null ? Array<number>(valid).fill(c.correctness) : []);
  const items = { ...c.items };
  for (const text of c.missing_required) items[text] ??= { kind: "must_include", covered: false, votes_true: 0, votes_valid: valid };
  for (const text of c.forbidden_present) items[text] ??= { kind: "must_not_include", present: true, votes_true: valid, votes_valid: valid };
  return { ...c, votes_valid: valid, alignments, items };
}

/** A judge case exactly as given, contradictions included (for the consistency check's own tests). */
export function makeJudgeCaseAsWritten(overrides: Partial<JudgeCaseV2> = {}): JudgeCaseV2 {
  return {
    role: "general_desk",
    id: "gd-001",
    correctness: 0.8,
    verdict: "pass",
    missing_required: [],
    forbidden_present: [],
    error: null,
    suite: "role",
    candidate: "{\"reply\": \"Happy to help.\"}",
    judged_text: "Happy to help.",
    items: {},
    votes_valid: 3,
    votes_configured: 3,
    alignments: [],
    rationales: [],
    ...overrides,
  };
}

export function makeJudgeReport(cases: JudgeCaseV2[], overrides: Partial<JudgeReportV2> = {}): JudgeReportV2 {
  const valued = cases.filter((c) => c.correctness !== null && c.error === null);
  return {
    schema_version: 2,
    kind: "judge",
    example: false,
    judge: { model: "judge-model", votes: 3, pass_threshold: 0.7 },
    summary: {
      mean_correctness: valued.length ? valued.reduce((s, c) => s + c.correctness!, 0) / valued.length : null,
      pass_rate: cases.length ? cases.filter((c) => c.verdict === "pass").length / cases.length : null,
      errors: cases.filter((c) => c.error !== null).length,
      n_cases: cases.length,
    },
    cases,
    ...overrides,
  };
}

/** A historical v1 report: only the v1 fields survive (no items, no judge block). */
export function makeJudgeReportV1(cases: Array<JudgeCaseV1 | JudgeCaseV2>): JudgeReportV1 {
  return {
    schema_version: 1,
    cases: cases.map(({ role, id, correctness, verdict, missing_required, forbidden_present, error }) => ({ role, id, correctness, verdict, missing_required, forbidden_present, error })),
  };
}

/** Judge cases gd-001… with the given correctness values (verdict pass iff ≥ 0.7). */
export function judgeCases(values: number[], overrides: (i: number) => Partial<JudgeCaseV2> = () => ({})): JudgeCaseV2[] {
  return values.map((v, i) => makeJudgeCase({ id: `gd-${String(i + 1).padStart(3, "0")}`, correctness: v, verdict: v >= 0.7 ? "pass" : "fail", ...overrides(i) }));
}

const fullComponents = Object.fromEntries(COMPONENTS.map((c) => [c, 1])) as DecisionResult["components"];
const zeroHard = Object.fromEntries(HARD_CODES.map((c) => [c, 0])) as Summary["hard_violations"];

export function makeScoreDecision(overrides: Partial<DecisionResult> = {}): DecisionResult {
  return {
    decision_id: "ep-001#1",
    episode_id: "ep-001",
    split: "dev",
    family: "fraud",
    difficulty: "medium",
    thinking: false,
    sample: 0,
    format_valid: true,
    format_error: null,
    output_type: "escalate",
    target_type: "escalate",
    hard_violations: [],
    hits: {},
    components: fullComponents,
    graded: 0.8,
    score: 0.8,
    score_strict: 0.8,
    ...overrides,
  };
}

function makeSummary(decisions: DecisionResult[]): Summary {
  const mean = decisions.length ? decisions.reduce((s, d) => s + d.score, 0) / decisions.length : null;
  return {
    n_decisions: decisions.length,
    n_episodes: new Set(decisions.map((d) => d.episode_id)).size,
    composite: mean,
    composite_strict: mean,
    components: fullComponents,
    hard_violations: zeroHard,
    format_invalid: decisions.filter((d) => !d.format_valid).length,
    format_invalid_rate: null,
    over_escalation_rate: null,
    under_escalation_rate: null,
    under_route_rate: null,
    episodes_failed: 0,
    episode_mean: mean,
  };
}

const figure: DetectorFigure = { precision: 1, recall: 1, precision_ci: [0.8, 1], recall_ci: [0.8, 1], n: 20, n_violation: 10, n_clean: 10, tp: 10, fp: 0, fn: 0, tn: 10, advisory: false };

/** A complete score report (valid against scoreReportSchema) around the given decisions. */
export function makeScoreReport(decisions: DecisionResult[], overrides: Partial<ScoreReport> = {}): ScoreReport {
  const summary = makeSummary(decisions);
  return {
    kind: "score",
    schema_version: 1,
    pack_version: "1.4",
    run: { file: "run.jsonl", model: "agent", n_lines: decisions.length },
    eval_hash: "hash",
    detectors: Object.fromEntries(DETECTOR_CODES.map((c) => [c, figure])) as ScoreReport["detectors"],
    advisory: [],
    splits: { dev: summary, eval: makeSummary([]), all: summary },
    by_family: {},
    by_difficulty: {},
    by_thinking: {},
    decisions,
    ...overrides,
  };
}

/** Decisions ep-NNN#k: `perEpisode` decisions in each of `values.length / perEpisode` episodes. */
export function scoreDecisions(values: number[], perEpisode = 1, overrides: (i: number) => Partial<DecisionResult> = () => ({})): DecisionResult[] {
  return values.map((v, i) => {
    const ep = `ep-${String(Math.floor(i / perEpisode) + 1).padStart(3, "0")}`;
    return makeScoreDecision({ decision_id: `${ep}#${(i % perEpisode) + 1}`, episode_id: ep, score: v, graded: v, score_strict: v, ...overrides(i) });
  });
}

/**
 * A judge report as seed 002 defines v2 (issue 20, 10): v1's case fields plus an items block — no judge block, summary,
 * suite, replies or vote counts. `bareItems` writes each item as its majority verdict alone (true = covered / present).
 */
export function toSeedShape(report: JudgeReportV2, options: { bareItems?: boolean; schemaVersion?: boolean } = {}): Record<string, unknown> {
  const cases = report.cases.map((c) => ({
    role: c.role,
    id: c.id,
    correctness: c.correctness,
    verdict: c.verdict,
    missing_required: c.missing_required,
    forbidden_present: c.forbidden_present,
    error: c.error,
    items: Object.fromEntries(
      Object.entries(c.items).map(([name, it]) => {
        const verdict = it.kind === "must_include" ? it.covered : it.present;
        return [name, options.bareItems ? verdict : it.kind === "must_include" ? { kind: it.kind, covered: it.covered } : { kind: it.kind, present: it.present }];
      }),
    ),
  }));
  return options.schemaVersion === false ? { cases } : { schema_version: 2, cases };
}
