import { z } from "zod";
import { DIFFICULTIES, FAMILIES, SPLITS } from "../pack/vocab";
import { targetSchema } from "./target";

const messageTurnSchema = z
  .object({
    role: z.enum(["customer", "agent", "system"]),
    text: z.string().min(1),
  })
  .strict();

/** A point where the agent must emit one output; reference_reply is what a compliant agent says there and becomes the agent turn that follows. */
const decisionTurnSchema = z
  .object({
    role: z.literal("decision"),
    id: z.string().regex(/^[a-z]{3}-\d{3}-d\d+$/, "decision id must look like frd-004-d2"),
    target: targetSchema,
    rationale: z.string().min(1),
    reference_reply: z.string().min(1),
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
