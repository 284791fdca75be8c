import { z } from "zod";
import { formatPath, InputError } from "../io/input-error";
import { judgeReportV1Schema, type JudgeCaseV1 } from "../judge/report-schema";
import type { HardCode } from "../pack/vocab";
import { decisionResultSchema } from "../scoring/report-schema";
import { judgeReportForCompareSchema, unknownProvenance } from "./judge-report-for-compare";
import { checkJudgeFigures } from "./judge-figures";
import { hardViolationWords } from "./violation-words";

/** One case of either report kind, reduced to what a paired comparison needs. */
export type ComparableCase = {
  /** Pairing key, unique within a report: `role/id` (judge); decision_id, suffixed ` (thinking)` for thinking-on outputs (score). */
  key: string;
  /** The key without its variant: decision_id or `role/id`. */
  id: string;
  /** Score reports: "thinking" for thinking-on outputs, else null. */
  variant: string | null;
  /** Outputs folded into this case (score reports: repeated samples of one decision and mode); 1 for judge cases. */
  samples: number;
  /** Family (score) or role (judge, e.g. `policy@general_desk`). */
  group: string;
  /** Resampling cluster: the episode for score reports; null for judge cases (independent). */
  cluster: string | null;
  /** Decision score or judge correctness; null when the case errored and has no value. */
  value: number | null;
  /** Score: format valid and no hard violation. Judge: verdict pass. Null when the case errored. */
  gate: boolean | null;
  /** Why the gate failed (or the error); null when it passed. */
  gate_reason: string | null;
  /** Score: hard-violation codes (H1–H5). Judge: forbidden_present items. Sorted. */
  violations: string[];
  /** Each violation in words: the scorer's hit reasons ("H5: commitment to '24 hours' (not allowed)"), or "forbidden: <item>". */
  reasons: Record<string, string>;
  /** Score: the decision score with every criterion hard (score_strict), when the report carries it; else null. */
  value_strict: number | null;
  /** Judge: every must_include item covered and no must_not_include item present (the gate without the threshold); else null. */
  items_pass: boolean | null;
  error: string | null;
};

export type ReportFormat = "score-v1" | "judge-v1" | "judge-v2";

/**
 * How far a report's judge figures were checked (issue 20): "recomputed" (every case's verdict, correctness and item
 * claims are what its votes give), "unverifiable" (v1, or a v2 without vote counts: taken as written), null (score).
 */
export type JudgeFigures = "recomputed" | "unverifiable" | null;

export type NormalisedReport = {
  kind: "score" | "judge";
  format: ReportFormat;
  figures: JudgeFigures;
  /** Provenance compared across the two sides, so a changed judge or pack is not mistaken for a changed agent. */
  meta: {
    judge_model?: string;
    judge_votes?: number;
    pass_threshold?: number;
    pack_version?: string;
    eval_hash?: string;
    advisory?: string[];
    /** The released probe-set version whose figures scored the run (issue 26); absent when the report does not say. */
    probe_set_version?: number;
    example?: boolean;
  };
  /** Provenance the report does not carry (a seed-shaped judge report: judge model, votes, threshold, …), shown as unknown. */
  unknown: string[];
  cases: ComparableCase[];
};

// Compare reads only these decision fields; the rest of the score report is the scorer's business.
const scoreReportForCompareSchema = z.object({
  kind: z.literal("score"),
  schema_version: z.literal(1),
  pack_version: z.string().optional(),
  eval_hash: z.string().optional(),
  advisory: z.array(z.string()).optional(),
  // Issue 26: written by the workbench (the released version that scored the run); null for a run scored before
  // versions existed and absent from `assay score`'s reports, which read probes/*.jsonl: both are "does not say".
  probe_set_version: z.number().int().positive().nullable().optional(),
  decisions: z.array(
    decisionResultSchema
      .pick({ decision_id: true, episode_id: true, family: true, thinking: true, score: true, format_valid: true, format_error: true, hard_violations: true })
      // Read when present: the strict score (the verdict with every criterion hard) and the hits' reasons (flips in words).
      .extend({ score_strict: decisionResultSchema.shape.score_strict.optional(), hits: decisionResultSchema.shape.hits.optional() }),
  ),
});

/**
 * Detects which of the three report kinds `value` is (score report: `kind: "score"`; judge v2: `schema_version: 2`;
 * judge v1: no `items` on any case) and normalises it. Anything else is an InputError naming the offending field.
 */
export function normaliseReport(value: unknown, file: string): NormalisedReport {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InputError(file, 0, "", "expected a JSON object: a judge report (cases[]) or a score report (kind \"score\", decisions[])");
  }
  const obj = value as Record<string, unknown>;
  if (obj.kind === "score") return fromScoreReport(parseWith(scoreReportForCompareSchema, obj, file));
  if (obj.kind !== undefined && obj.kind !== "judge") {
    throw new InputError(file, 0, "kind", `expected "score" or "judge", got ${JSON.stringify(obj.kind)}`);
  }
  if (!Array.isArray(obj.cases)) {
    const hint = Array.isArray(obj.decisions) ? "a score report must carry kind: \"score\"" : "expected a judge report (cases[]) or a score report (kind \"score\", decisions[])";
    throw new InputError(file, 0, Array.isArray(obj.decisions) ? "kind" : "cases", hint);
  }
  const hasItems = obj.cases.some((c) => typeof c === "object" && c !== null && "items" in c);
  // Seed 002 B: a report without an items block is read in v1 mode, so historical artifacts stay comparable.
  const version = obj.schema_version ?? (hasItems ? 2 : 1);
  if (version === 2) {
    // Issue 20 (10): only the case fields compare needs are required; the judge block, summary, suite and vote counts
    // of `assay judge`'s reports are read when present (seed 002's shape has none of them) and listed as unknown.
    const r = parseWith(judgeReportForCompareSchema, obj, file);
    const figures = checkJudgeFigures(r, file); // issue 20: recomputed from the votes, or unverifiable without them
    const meta = { judge_model: r.judge?.model, judge_votes: r.judge?.votes, pass_threshold: r.judge?.pass_threshold, example: r.example };
    return { kind: "judge", format: "judge-v2", figures, meta, unknown: unknownProvenance(r), cases: fromJudgeCases(r.cases, file) };
  }
  if (version === 1) {
    const r = parseWith(judgeReportV1Schema, { ...obj, schema_version: 1 }, file);
    return { kind: "judge", format: "judge-v1", figures: "unverifiable", meta: {}, unknown: [], cases: fromJudgeCases(r.cases, file) };
  }
  throw new InputError(file, 0, "schema_version", `unsupported judge report version ${JSON.stringify(version)} (compare reads 1 and 2)`);
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, file: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new InputError(file, 0, formatPath(issue.path), issue.message);
}

// decisions[] may repeat a decision_id: once per thinking mode, and once per sample (which the report does not carry).
// Samples of one (decision, mode) are folded into one case: value = mean score, gate = every sample passes,
// violations = union, so a violation in any sample still counts.
function fromScoreReport(r: z.infer<typeof scoreReportForCompareSchema>): NormalisedReport {
  type Decision = (typeof r.decisions)[number];
  const groups = new Map<string, Decision[]>();
  for (const d of r.decisions) {
    const key = d.thinking ? `${d.decision_id} (thinking)` : d.decision_id;
    const list = groups.get(key);
    if (list) list.push(d);
    else groups.set(key, [d]);
  }
  const cases = [...groups].map(([key, ds]): ComparableCase => {
    const first = ds[0]!;
    const codes = [...new Set(ds.flatMap((d) => d.hard_violations))].sort();
    const invalid = ds.filter((d) => !d.format_valid);
    const formatReason = invalid.length ? `format invalid${invalid[0]!.format_error ? ` (${invalid[0]!.format_error})` : ""}${ds.length > 1 ? ` in ${invalid.length}/${ds.length} samples` : ""}` : null;
    const words = Object.fromEntries(codes.map((code) => [code, hardViolationWords(code as HardCode, ds.flatMap((d) => d.hits?.[code as keyof NonNullable<Decision["hits"]>] ?? []))]));
    const reasons = [formatReason, ...codes.map((code) => words[code]!)].filter((x): x is string => x !== null);
    const strict = ds.every((d) => d.score_strict !== undefined) ? ds.reduce((sum, d) => sum + d.score_strict!, 0) / ds.length : null;
    return {
      key,
      id: first.decision_id,
      variant: first.thinking ? "thinking" : null,
      samples: ds.length,
      group: first.family,
      cluster: first.episode_id,
      value: ds.reduce((sum, d) => sum + d.score, 0) / ds.length,
      gate: reasons.length === 0,
      gate_reason: reasons.length ? reasons.join("; ") : null,
      violations: codes,
      reasons: words,
      value_strict: strict,
      items_pass: null,
      error: null,
    };
  });
  const meta = { pack_version: r.pack_version, eval_hash: r.eval_hash, advisory: r.advisory ? [...r.advisory].sort() : undefined, probe_set_version: r.probe_set_version ?? undefined };
  return { kind: "score", format: "score-v1", figures: null, meta, unknown: [], cases };
}

function fromJudgeCases(rows: readonly JudgeCaseV1[], file: string): ComparableCase[] {
  const cases = rows.map((c): ComparableCase => {
    const errored = c.error !== null;
    return {
      key: `${c.role}/${c.id}`,
      id: `${c.role}/${c.id}`,
      variant: null,
      samples: 1,
      group: c.role,
      cluster: null,
      value: errored ? null : c.correctness,
      gate: errored ? null : c.verdict === "pass",
      gate_reason: errored ? `error: ${c.error}` : c.verdict === "pass" ? null : judgeFailReason(c),
      violations: [...c.forbidden_present].sort(),
      reasons: Object.fromEntries(c.forbidden_present.map((item) => [item, `forbidden: ${item}`])),
      value_strict: null,
      items_pass: errored ? null : c.missing_required.length === 0 && c.forbidden_present.length === 0,
      error: c.error,
    };
  });
  assertUniqueKeys(cases, file);
  return cases;
}

function judgeFailReason(c: JudgeCaseV1): string {
  const parts: string[] = [];
  if (c.missing_required.length) parts.push(`missing: ${c.missing_required.join("; ")}`);
  if (c.forbidden_present.length) parts.push(`forbidden: ${c.forbidden_present.join("; ")}`);
  if (!parts.length) parts.push(`correctness ${c.correctness === null ? "n/a" : c.correctness.toFixed(2)} below the pass threshold`);
  return parts.join(" · ");
}

// Judge reports carry one result per (role, id); a repeat means two runs were concatenated or a writer bug.
function assertUniqueKeys(cases: ComparableCase[], file: string): void {
  const seen = new Map<string, number>();
  cases.forEach((c, i) => {
    const first = seen.get(c.key);
    if (first !== undefined) throw new InputError(file, 0, `cases[${i}]`, `duplicate (role, id) ${JSON.stringify(c.key)} (first at cases[${first}])`);
    seen.set(c.key, i);
  });
}
