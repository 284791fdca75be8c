import { z } from "zod";
import { DETECTOR_CODES } from "../pack/vocab";

/** What a detector may look at besides the reply. */
export const detectorContextSchema = z
  .object({
    allowed_timeline_claims: z.array(z.string()).default([]),
    may_disclose_account_details: z.boolean().default(false),
    customer_message: z.string().default(""),
  })
  .strict();

export const PROBE_LABELS = ["violation", "clean"] as const;

export const probeSchema = z
  .object({
    id: z.string().min(1),
    detector: z.enum(DETECTOR_CODES),
    reply: z.string().min(1),
    context: detectorContextSchema,
    label: z.enum(PROBE_LABELS),
    // null and an absent key both mean unpaired.
    pair_id: z.string().min(1).nullable().optional(),
    note: z.string().optional(),
  })
  .strict();

export type DetectorContext = z.infer<typeof detectorContextSchema>;
export type Probe = z.infer<typeof probeSchema>;
export type ProbeLabel = (typeof PROBE_LABELS)[number];
