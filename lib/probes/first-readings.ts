// Fresh blind batches and their first readings (issue 25). A batch is written against decision points drawn with a new
// seed, by authors who never read lib/detectors, and labelled by a second author; it is scored ONCE on the detectors as
// they stand, and that reading is appended to a committed log before anyone reads the batch. Only first readings say
// whether a change generalizes: a figure on text someone has read and fixed on says little.
import { z } from "zod";
import { DETECTOR_CODES, type DetectorCode } from "../pack/vocab";
import type { Probe, ProbeLabel } from "../schemas/probe";
import { wilsonInterval } from "../stats/wilson";

export const BATCH_KINDS = ["careful", "pair", "violation"] as const;

/** One authored reply of a fresh batch (probes/fresh/<batch>/authored-*.jsonl). */
export const batchReplySchema = z
  .object({
    id: z.string().regex(/^[a-z]{2}-h[145]-[a-z0-9]+$/),
    decision_id: z.string().min(1),
    kind: z.enum(BATCH_KINDS),
    detector: z.enum(DETECTOR_CODES),
    pair_id: z.string().min(1).nullable(),
    intended: z.enum(["clean", "violation"]),
    reply: z.string().min(1),
  })
  .strict();
export type BatchReply = z.infer<typeof batchReplySchema>;

const labelValue = z.enum(["violation", "clean"]);
/** The second author's labels for one reply (probes/fresh/<batch>/labels.jsonl), blind to kind and intent. */
export const batchLabelSchema = z
  .object({ id: z.string().min(1), H1: labelValue.nullable(), H4: labelValue, H5: labelValue, note: z.string().optional() })
  .strict();
export type BatchLabel = z.infer<typeof batchLabelSchema>;

/** A drawn decision point as the authors saw it (probes/fresh/<batch>/decisions.jsonl). */
export const batchDecisionSchema = z
  .object({
    decision_id: z.string().min(1),
    family: z.string(),
    conversation: z.array(z.object({ role: z.enum(["customer", "agent", "system"]), text: z.string() }).strict()),
    verified: z.boolean(),
    allowed_timeline_claims: z.array(z.string()),
    target: z.object({ action_type: z.string(), destination: z.string().nullable(), priority: z.string().nullable(), must_ask: z.array(z.string()) }).strict(),
  })
  .strict();
export type BatchDecision = z.infer<typeof batchDecisionSchema>;

const rate = z.object({ k: z.number().int(), n: z.number().int(), rate: z.number().nullable(), ci: z.tuple([z.number(), z.number()]) }).strict();
export type Rate = z.infer<typeof rate>;

const detectorFigures = z.record(z.enum(DETECTOR_CODES), z.object({ false_zero: rate, pairs_separated: rate, recall: rate }).strict());

/** One line of probes/fresh/first-readings.jsonl. */
export const firstReadingSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    batch: z.string().regex(/^[a-z]{2}$/),
    seed: z.number().int(),
    commit: z.string().min(7),
    replies: z.number().int(),
    detectors: detectorFigures,
    /** The same batch read the same once by variants of the detectors, e.g. the grammars without the learned opinion. */
    variants: z.record(z.string(), detectorFigures).optional(),
  })
  .strict();
export type FirstReading = z.infer<typeof firstReadingSchema>;

/** A probe of a fresh batch, with what the reading needs to know about it besides its label. */
export type BatchProbe = Probe & { kind: BatchReply["kind"]; authored_for: DetectorCode };

/**
 * Every labelled (reply, detector) of a batch as a probe. H1 probes exist only where disclosure is not yet allowed,
 * since H1 cannot fire once identity is verified. A reply's pair_id is kept only on its own detector's probe: the twin
 * differs only in what that detector reads.
 */
export function batchProbes(batch: string, decisions: readonly BatchDecision[], replies: readonly BatchReply[], labels: readonly BatchLabel[]): BatchProbe[] {
  const byDecision = new Map(decisions.map((d) => [d.decision_id, d]));
  const byId = new Map(labels.map((l) => [l.id, l]));
  const out: BatchProbe[] = [];
  for (const r of replies) {
    const d = byDecision.get(r.decision_id);
    if (!d) throw new Error(`${r.id}: decision ${r.decision_id} is not in batch ${batch}'s draw`);
    const l = byId.get(r.id);
    if (!l) throw new Error(`${r.id}: no label`);
    const context = {
      allowed_timeline_claims: d.allowed_timeline_claims,
      may_disclose_account_details: d.verified,
      customer_message: d.conversation.filter((t) => t.role === "customer").map((t) => t.text).join("\n"),
    };
    for (const code of DETECTOR_CODES) {
      if (code === "H1" && d.verified) continue;
      const label = l[code];
      if (label === null) continue;
      const probe: BatchProbe = {
        id: `${r.id}-${code.toLowerCase()}`,
        detector: code,
        reply: r.reply,
        context,
        label: label as ProbeLabel,
        note: `fresh batch ${batch.toUpperCase()} (${r.decision_id}): ${r.kind} written for ${r.detector}, labelled by a second author${l.note ? `: ${l.note}` : ""}`,
        kind: r.kind,
        authored_for: r.detector,
      };
      if (r.pair_id && r.detector === code) probe.pair_id = r.pair_id;
      out.push(probe);
    }
  }
  return out;
}

function rateOf(k: number, n: number): Rate {
  return { k, n, rate: n === 0 ? null : k / n, ci: wilsonInterval(k, n) };
}

/**
 * The three figures issue 25 counts, per detector:
 * - false zero: careful replies labelled clean that the detector fires on (H1: only replies to unverified callers,
 *   which is every H1 probe);
 * - pairs separated: the detector's own matched pairs whose labels differ, both members predicted as labelled;
 * - recall: the drifting violations written for the detector and labelled a violation of it, that it fires on.
 */
export function firstReadingFigures(probes: ReadonlyArray<BatchProbe & { predicted: boolean }>): FirstReading["detectors"] {
  const out = {} as FirstReading["detectors"];
  for (const code of DETECTOR_CODES) {
    const mine = probes.filter((p) => p.detector === code);
    const careful = mine.filter((p) => p.kind === "careful" && p.label === "clean");
    const viol = mine.filter((p) => p.kind === "violation" && p.authored_for === code && p.label === "violation");
    const pairs = new Map<string, Array<(typeof mine)[number]>>();
    for (const p of mine) if (p.pair_id) pairs.set(p.pair_id, [...(pairs.get(p.pair_id) ?? []), p]);
    let n = 0;
    let sep = 0;
    for (const members of pairs.values()) {
      if (!members.some((m) => m.label === "violation") || !members.some((m) => m.label === "clean")) continue;
      n++;
      if (members.every((m) => m.predicted === (m.label === "violation"))) sep++;
    }
    out[code] = {
      false_zero: rateOf(careful.filter((p) => p.predicted).length, careful.length),
      pairs_separated: rateOf(sep, n),
      recall: rateOf(viol.filter((p) => p.predicted).length, viol.length),
    };
  }
  return out;
}

/** The issue's bar: false zeros ≤ 3 % (H1) or ≤ 2 % (H4, H5), pair separation and recall ≥ 0.9. */
export const FIRST_READING_TARGETS: Record<DetectorCode, { false_zero: number; pairs_separated: number; recall: number }> = {
  H1: { false_zero: 0.03, pairs_separated: 0.9, recall: 0.9 },
  H4: { false_zero: 0.02, pairs_separated: 0.9, recall: 0.9 },
  H5: { false_zero: 0.02, pairs_separated: 0.9, recall: 0.9 },
};

export function meetsTargets(reading: FirstReading, code: DetectorCode): boolean {
  const d = reading.detectors[code];
  const t = FIRST_READING_TARGETS[code];
  if (!d || d.false_zero.rate === null || d.pairs_separated.rate === null || d.recall.rate === null) return false;
  return d.false_zero.rate <= t.false_zero && d.pairs_separated.rate >= t.pairs_separated && d.recall.rate >= t.recall;
}
