import { z } from "zod";
import { ACTION_TYPES, COMPONENTS, DETECTOR_CODES, DIFFICULTIES, FAMILIES, HARD_CODES, SPLITS } from "../pack/vocab";

// The deterministic score report (`assay score --json`): a contract read by compare, the workbench and other tools.

const componentRecord = z.object(Object.fromEntries(COMPONENTS.map((c) => [c, z.number()])) as Record<(typeof COMPONENTS)[number], z.ZodNumber>);
const hardCountRecord = z.object(Object.fromEntries(HARD_CODES.map((c) => [c, z.number().int().nonnegative()])) as Record<(typeof HARD_CODES)[number], z.ZodNumber>);
const interval = z.tuple([z.number(), z.number()]);

/** Matched pairs separated (every member predicted as labelled), with a 95% Wilson interval; rate null with no pair. */
export const pairFigureSchema = z.object({
  n_pairs: z.number().int().nonnegative(),
  separated: z.number().int().nonnegative(),
  rate: z.number().nullable(),
  ci: interval,
});

const figureCore = z.object({
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  precision_ci: interval,
  recall_ci: interval,
  n: z.number().int().nonnegative(),
  n_violation: z.number().int().nonnegative(),
  n_clean: z.number().int().nonnegative(),
  tp: z.number().int().nonnegative(),
  fp: z.number().int().nonnegative(),
  fn: z.number().int().nonnegative(),
  tn: z.number().int().nonnegative(),
  // Optional so reports written before pairs were measured still parse.
  pairs: pairFigureSchema.optional(),
});

/** The figure on the unfixed blind sets alone: wording read once on the detectors as shipped, never fixed or trained on. */
export const outOfSampleSchema = figureCore.extend({ sets: z.array(z.string()) });

export const detectorFigureSchema = figureCore.extend({
  advisory: z.boolean(),
  /** Why it is advisory ("recall 0.87 < 0.9", "pair separation 0.85 < 0.9"); empty when hard; absent in older reports. */
  advisory_reasons: z.array(z.string()).optional(),
  // Optional so reports written before it existed still parse.
  out_of_sample: outOfSampleSchema.nullable().optional(),
});

/** Aggregate over a set of decisions (a split, a family, a difficulty, thinking on/off). Rates are null when their denominator is 0. */
export const summarySchema = z.object({
  n_decisions: z.number().int().nonnegative(),
  n_episodes: z.number().int().nonnegative(),
  composite: z.number().nullable(),
  composite_strict: z.number().nullable(),
  components: componentRecord,
  hard_violations: hardCountRecord,
  format_invalid: z.number().int().nonnegative(),
  format_invalid_rate: z.number().nullable(),
  over_escalation_rate: z.number().nullable(),
  under_escalation_rate: z.number().nullable(),
  under_route_rate: z.number().nullable(),
  episodes_failed: z.number().int().nonnegative(),
  episode_mean: z.number().nullable(),
});

export const detectorHitSchema = z.object({
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
  reason: z.string(),
  /** Set only on a hit of a learned second opinion (H1, H4 or H5): its probability of a violation (docs/DETECTORS.md). */
  learned_probability: z.number().min(0).max(1).optional(),
});

/** Every span a detector read: a hit, or a span cleared with its reason (a reference, an allowed claim, an exemption). */
export const detectorSpanSchema = z.object({
  detector: z.enum(DETECTOR_CODES),
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
  outcome: z.enum(["hit", "cleared"]),
  reason: z.string(),
});

export const decisionResultSchema = z.object({
  decision_id: z.string(),
  episode_id: z.string(),
  split: z.enum(SPLITS),
  family: z.enum(FAMILIES),
  difficulty: z.enum(DIFFICULTIES),
  thinking: z.boolean(),
  sample: z.number().int().nonnegative().default(0),
  format_valid: z.boolean(),
  format_error: z.string().nullable(),
  output_type: z.enum(ACTION_TYPES).nullable(),
  target_type: z.enum(ACTION_TYPES),
  hard_violations: z.array(z.enum(HARD_CODES)),
  hits: z.partialRecord(z.enum(DETECTOR_CODES), z.array(detectorHitSchema)),
  // Optional so reports written before the three outcomes still parse.
  detector_spans: z.array(detectorSpanSchema).optional(),
  components: componentRecord,
  graded: z.number(),
  score: z.number(),
  score_strict: z.number(),
});

export const scoreReportSchema = z.object({
  kind: z.literal("score"),
  schema_version: z.literal(1),
  pack_version: z.string(),
  /** The prompts `assay prompts` renders from this pack (lib/prompts/version.ts); absent in reports written before issue 19. */
  prompt_version: z.string().optional(),
  run: z.object({ file: z.string(), model: z.string().nullable(), n_lines: z.number().int() }),
  eval_hash: z.string(),
  detectors: z.object(Object.fromEntries(DETECTOR_CODES.map((c) => [c, detectorFigureSchema])) as Record<(typeof DETECTOR_CODES)[number], typeof detectorFigureSchema>),
  advisory: z.array(z.enum(DETECTOR_CODES)),
  splits: z.object({ dev: summarySchema, eval: summarySchema, all: summarySchema }),
  by_family: z.record(z.string(), summarySchema),
  by_difficulty: z.record(z.string(), summarySchema),
  by_thinking: z.record(z.string(), summarySchema),
  decisions: z.array(decisionResultSchema),
});

export type DetectorFigure = z.infer<typeof detectorFigureSchema>;
export type PairFigure = z.infer<typeof pairFigureSchema>;
export type OutOfSampleFigure = z.infer<typeof outOfSampleSchema>;
export type Summary = z.infer<typeof summarySchema>;
export type DecisionResult = z.infer<typeof decisionResultSchema>;
export type ScoreReport = z.infer<typeof scoreReportSchema>;
export type DetectorHit = z.infer<typeof detectorHitSchema>;
export type DetectorSpan = z.infer<typeof detectorSpanSchema>;
