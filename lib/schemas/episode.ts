import { z } from "zod";
import { DIFFICULTIES, FAMILIES, SPLITS } from "../pack/vocab";
import { targetSchema } from "./target";

const messageTurnSchema = z
  .object({
    role: z.enum(["customer", "agent", "system"]),
    text: z.string().min(1),
  })
  .strict();

/**
 * Issue 17: what a decision's situation is, in the pack's vocabulary (golden/pack/matters.json), so its target can be
 * checked against the pack by code (`assay lint-golden`). Values are checked against the pack there, not here, so the
 * vocabulary lives in one place. Optional so episodes stored before pack v1.5 still parse.
 */
export const decisionFactsSchema = z
  .object({
    matters: z.array(z.string().regex(/^[A-Z]{3}-\d{2}\.[a-z0-9_]+$/, "a matter id looks like MGN-04.extension")).min(1).max(2),
    verified: z.boolean(),
    caller: z.enum(["holder", "third_party"]),
    deadline: z.string().min(1),
    conditions: z.array(z.string().min(1)),
    raised: z.array(z.string().regex(/^[A-Z]{3}-\d{2}$/, "policy id must look like ABC-01")),
  })
  .strict();
export type DecisionFacts = z.infer<typeof decisionFactsSchema>;

/** A point where the agent must emit one output; reference_reply is what a compliant agent says there and becomes the agent turn that follows. */
const decisionTurnSchema = z
  .object({
    role: z.literal("decision"),
    id: z.string().regex(/^[a-z]{3}-\d{3}-d\d+$/, "decision id must look like frd-004-d2"),
    target: targetSchema,
    rationale: z.string().min(1),
    reference_reply: z.string().min(1),
    facts: decisionFactsSchema.optional(),
    /** A timeline the facts would allow but this target leaves out, with why (checked by `assay lint-golden`). */
    timeline_exceptions: z.record(z.string().min(1), z.string().min(10)).optional(),
    /**
     * Issue 28: a pack date or period the reference reply mentions without committing to it (CND-03: negated, past,
     * or a correction), with why. Any other pack date or period the reference states must be allowed by the target.
     */
    timeline_mentions: z.record(z.string().min(1), z.string().min(10)).optional(),
  })
  .strict();

export const turnSchema = z.discriminatedUnion("role", [messageTurnSchema.extend({ role: z.enum(["customer", "agent", "system"]) }), decisionTurnSchema]);

export const episodeSchema = z
  .object({
    id: z.string().regex(/^[a-z]{3}-\d{3}$/, "episode id must look like frd-004"),
    family: z.enum(FAMILIES),
    difficulty: z.enum(DIFFICULTIES),
    split: z.enum(SPLITS),
    title: z.string().min(1),
    traps: z.array(z.string()).default([]),
    turns: z.array(turnSchema).min(2),
  })
  .strict()
  .superRefine((e, ctx) => {
    e.turns.forEach((t, i) => {
      if (t.role === "decision" && !t.id.startsWith(`${e.id}-`)) {
        ctx.addIssue({ code: "custom", path: ["turns", i, "id"], message: `decision id must start with ${e.id}-` });
      }
    });
    if (!e.turns.some((t) => t.role === "decision")) ctx.addIssue({ code: "custom", path: ["turns"], message: "an episode needs a decision turn" });
  });

export const episodeFileSchema = z
  .object({
    schema_version: z.literal(1),
    family: z.enum(FAMILIES),
    episodes: z.array(episodeSchema).min(1),
  })
  .strict();

export type Turn = z.infer<typeof turnSchema>;
export type Episode = z.infer<typeof episodeSchema>;
export type EpisodeFile = z.infer<typeof episodeFileSchema>;
