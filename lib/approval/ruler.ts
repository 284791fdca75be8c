import { z } from "zod";
import type { RulerVerdict } from "../compare/headline";
import { VERDICTS } from "./compare-figures";

// Issue 26 (2): approving a baseline across a change of ruler — probe-set version, advisory status, pack, judge model or
// pass threshold — needs the lead's written reason; the record keeps what changed and the headline the lead was shown.

export const approvalRulerSchema = z.object({
  /** Each change as "probe set v1 vs v2"; empty when both sides were measured with the same ruler. */
  changes: z.array(z.string().min(1)),
  /** The headline verdict shown where the ruler changed: "INCONCLUSIVE with every criterion hard", "not comparable"; null with no change. */
  headline: z.string().nullable(),
  /** The like-for-like verdict when there is one. */
  headline_verdict: z.enum(VERDICTS).nullable(),
});
export type ApprovalRuler = z.infer<typeof approvalRulerSchema>;

/** The ruler part of an approval, from the comparison's ruler verdict (lib/compare/headline.ts). */
export function approvalRuler(rv: Pick<RulerVerdict, "changed" | "headline">): ApprovalRuler {
  const h = rv.headline;
  return {
    changes: rv.changed.map((c) => `${c.field} ${c.baseline} vs ${c.candidate}`),
    headline: h.kind === "like for like" ? `${h.verdict} ${h.label}` : h.kind === "not comparable" ? "not comparable" : null,
    headline_verdict: h.kind === "like for like" ? h.verdict : null,
  };
}

/** Why a ruler needs a justification: the change itself, and a like-for-like REGRESSED the raw verdict does not show. */
export function rulerJustificationReasons(ruler: ApprovalRuler | null | undefined, rawVerdict: string): string[] {
  if (!ruler || !ruler.changes.length) return [];
  const out = [`the ruler changed (${ruler.changes.join("; ")}), so approving is a change of ruler`];
  if (ruler.headline_verdict === "REGRESSED" && rawVerdict !== "REGRESSED") out.push(`the like-for-like verdict is REGRESSED (${ruler.headline})`);
  return out;
}
