import { z } from "zod";
import type { CompareResult } from "../compare/compare";

// Approval reads compareReports' result (lib/compare/compare.ts) and records its figures. This is the part of that
// result approval depends on, as a schema, so the server re-parses what it is given and the record stores the same shape.

export const VERDICTS = ["IMPROVED", "REGRESSED", "INCONCLUSIVE"] as const;

export const gateFlipSchema = z.object({ key: z.string().min(1), group: z.string(), reason: z.string().nullable() });
export const blockerSchema = z.object({
  key: z.string().min(1),
  group: z.string(),
  new_violations: z.array(z.string()),
  /** Each new violation in words (issue 20); absent in records approved before they existed. */
  reasons: z.array(z.string()).optional(),
  baseline_errored: z.boolean(),
});

export const mdeSchema = z.object({
  value: z.number().nullable(),
  se: z.number().nullable(),
  sd: z.number().nullable(),
  design_effect: z.number().nullable(),
  basis: z.enum(["pairs", "clusters"]),
  units: z.number().int().nonnegative(),
});

/** The compare figures approval decides on and records (a subset of CompareResult; extra fields are dropped). */
export const compareFiguresSchema = z.object({
  kind: z.enum(["score", "judge"]),
  verdict: z.enum(VERDICTS),
  mean_delta: z.number(),
  ci: z.tuple([z.number(), z.number()]),
  n_pairs: z.number().int().positive(),
  improved: z.number().int().nonnegative(),
  regressed: z.number().int().nonnegative(),
  tied: z.number().int().nonnegative(),
  mde: mdeSchema,
  gate_flips: z.object({ pass_to_fail: z.array(gateFlipSchema), fail_to_pass: z.array(gateFlipSchema) }),
  blockers: z.array(blockerSchema),
});

export type CompareFigures = z.infer<typeof compareFiguresSchema>;
export type GateFlip = z.infer<typeof gateFlipSchema>;
export type Blocker = z.infer<typeof blockerSchema>;

/** Keeps only the figures approval records, from a full compare result (or anything of that shape). */
export function compareFigures(result: CompareFigures): CompareFigures {
  const { kind, verdict, mean_delta, ci, n_pairs, improved, regressed, tied, mde, gate_flips, blockers } = result;
  return { kind, verdict, mean_delta, ci: [ci[0], ci[1]], n_pairs, improved, regressed, tied, mde: { ...mde }, gate_flips: { pass_to_fail: [...gate_flips.pass_to_fail], fail_to_pass: [...gate_flips.fail_to_pass] }, blockers: [...blockers] };
}

// Compile-time guard: if compareReports' result stops fitting this schema, tsc fails here rather than approval at run time.
true satisfies CompareResult extends CompareFigures ? true : never;
