import { z } from "zod";
import { MUST_ASK_KEYS } from "../pack/vocab";

export const policySchema = z
  .object({
    id: z.string().regex(/^[A-Z]{3}-\d{2}$/),
    family: z.string().min(1),
    title: z.string().min(1),
    text: z.string().min(1),
    since: z.string().regex(/^\d+\.\d+$/),
  })
  .strict();

export const policiesFileSchema = z
  .object({
    schema_version: z.literal(1),
    pack_version: z.string(),
    policies: z.array(policySchema).min(25).max(40),
  })
  .strict();

export const changelogFileSchema = z
  .object({
    schema_version: z.literal(1),
    entries: z.array(z.object({ version: z.string(), date: z.string(), changes: z.array(z.object({ policy_id: z.string().nullable(), summary: z.string() })) }).strict()),
  })
  .strict();

/** How a must-ask key is recognised: a request sentence in the reply that matches one of the patterns (case-insensitive regex sources). */
export const mustAskRuleSchema = z
  .object({
    description: z.string().min(1),
    patterns: z.array(z.string().min(1)).min(1),
    examples: z.array(z.string()).min(1),
    non_examples: z.array(z.string()).min(1),
  })
  .strict();

export const mustAskFileSchema = z
  .object({
    schema_version: z.literal(1),
    keys: z.record(z.enum(MUST_ASK_KEYS), mustAskRuleSchema),
  })
  .strict();

const described = z.array(z.object({ value: z.string(), meaning: z.string().min(1) }).strict());

export const vocabulariesFileSchema = z
  .object({
    schema_version: z.literal(1),
    pack_version: z.string(),
    action_types: described,
    queues: described,
    escalation_targets: described,
    priorities: described,
    flags: described,
  })
  .strict();

export type Policy = z.infer<typeof policySchema>;
export type PoliciesFile = z.infer<typeof policiesFileSchema>;
export type MustAskRule = z.infer<typeof mustAskRuleSchema>;
export type MustAskFile = z.infer<typeof mustAskFileSchema>;
export type VocabulariesFile = z.infer<typeof vocabulariesFileSchema>;

/** The pack as the scorer needs it: known policy ids and compiled must-ask recognisers. */
export type Pack = {
  version: string;
  policyIds: ReadonlySet<string>;
  mustAsk: ReadonlyMap<string, readonly RegExp[]>;
};
