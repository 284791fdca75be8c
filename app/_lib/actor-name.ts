import { z } from "zod";

export const ACTOR_COOKIE = "assay_actor";
export const DEFAULT_ACTOR = "annotator";

/** A display name, not an identity: short, printable, and never one of the names the system writes under. */
export const actorNameSchema = z
  .string()
  .trim()
  .min(1, "a name is needed")
  .max(40, "at most 40 characters")
  .regex(/^[\p{L}\p{N} ._@'-]+$/u, "letters, digits, spaces and . _ @ ' - only")
  .refine((s) => !["shipped", "db-setup"].includes(s.toLowerCase()), "that name is reserved for labels shipped in probes/*.jsonl");
