import { z } from "zod";
import { formatPath, InputError } from "../io/input-error";
import { judgeReportV1Schema, judgeReportV2Schema, type JudgeCaseV1 } from "../judge/report-schema";
import { decisionResultSchema } from "../scoring/report-schema";

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
  error: string | null;
};

export type ReportFormat = "score-v1" | "judge-v1" | "judge-v2";

export type NormalisedReport = {
  kind: "score" | "judge";
  format: ReportFormat;
  /** Provenance compared across the two sides, so a changed judge or pack is not mistaken for a changed agent. */
  meta: {
    judge_model?: string;
    judge_votes?: number;
    pass_threshold?: number;
    pack_version?: string;
    eval_hash?: string;
    advisory?: string[];
    example?: boolean;
  };
  cases: ComparableCase[];
};

// Compare reads only these decision fields; the rest of the score report is the scorer's business.
const scoreReportForCompareSchema = z.object({
  kind: z.literal("score"),
  schema_version: z.literal(1),
  pack_version: z.string().optional(),
  eval_hash: z.string().optional(),
  advisory: z.array(z.string()).optional(),
  decisions: z.array(
    decisionResultSchema.pick({ decision_id: true, episode_id: true, family: true, thinking: true, score: true, format_valid: true, format_error: true, hard_violations: true }),
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
    const r = parseWith(judgeReportV2Schema, obj, file);
    const meta = { judge_model: r.judge.model, judge_votes: r.judge.votes, pass_threshold: r.judge.pass_threshold, example: r.example };
    return { kind: "judge", format: "judge-v2", meta, cases: fromJudgeCases(r.cases, file) };
  }
  if (version === 1) {
    const r = parseWith(judgeReportV1Schema, { ...obj, schema_version: 1 }, file);
    return { kind: "judge", format: "judge-v1", meta: {}, cases: fromJudgeCases(r.cases, file) };
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
    const reasons = [formatReason, codes.length ? codes.join(", ") : null].filter((x): x is string => x !== null);
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
      error: null,
    };
  });
  const meta = { pack_version: r.pack_version, eval_hash: r.eval_hash, advisory: r.advisory ? [...r.advisory].sort() : undefined };
  return { kind: "score", format: "score-v1", meta, cases };
}

function fromJudgeCases(rows: JudgeCaseV1[], file: string): ComparableCase[] {
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
