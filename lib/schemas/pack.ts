import { z } from "zod";
import { ACTION_TYPES, ESCALATION_TARGETS, FLAGS, MUST_ASK_KEYS, PRIORITIES, QUEUES } from "../pack/vocab";

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

const policyId = z.string().regex(/^[A-Z]{3}-\d{2}$/, "policy id must look like ABC-01");

/** Issue 17: a must-ask key exists only because a policy sentence tells the agent to ask; the quote must occur in that policy's text. */
export const mustAskBasisSchema = z.object({ policy: policyId, quote: z.string().min(10) }).strict();

/** How a must-ask key is recognised: a request sentence in the reply that matches one of the patterns (case-insensitive regex sources). */
export const mustAskRuleSchema = z
  .object({
    description: z.string().min(1),
    basis: z.array(mustAskBasisSchema).min(1),
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

const vocabulary = z.array(z.object({ value: z.string().regex(/^[a-z0-9_]+$/), meaning: z.string().min(1) }).strict()).min(1);

/** One case a policy's text decides, and what the text names for it (golden/pack/matters.json). */
export const matterSchema = z
  .object({
    id: z.string().regex(/^[A-Z]{3}-\d{2}\.[a-z0-9_]+$/, "matter id must look like MGN-04.extension"),
    policy: policyId,
    when: z.string().min(1),
    action: z.enum(ACTION_TYPES),
    destination: z.union([z.enum(QUEUES), z.enum(ESCALATION_TARGETS)]).nullable(),
    priority: z.enum(PRIORITIES).nullable(),
    /** ESC-03 (v1.5): a deadline raises a policy-named priority only where the policy says so. */
    raise: z.object({ deadlines: z.array(z.string()).min(1), to: z.enum(PRIORITIES) }).strict().optional(),
    flags: z.array(z.enum(FLAGS)),
    forbids: z.array(z.enum(FLAGS)),
    accepts: z.array(policyId),
  })
  .strict()
  .refine((m) => m.id.startsWith(`${m.policy}.`), { message: "a matter id starts with its policy id", path: ["id"] });

/** Companion policies a target accepts by convention (docs/SCHEMA.md §4.1), keyed by when they apply. */
export const CITATION_WHEN = ["route_or_escalate", "escalate", "unverified", "third_party", "ask_verification", "timelines_allowed"] as const;
export type CitationWhen = (typeof CITATION_WHEN)[number];

export const mattersFileSchema = z
  .object({
    schema_version: z.literal(1),
    pack_version: z.string(),
    about: z.string(),
    deadlines: vocabulary,
    conditions: vocabulary,
    citation: z.array(z.object({ when: z.enum(CITATION_WHEN), accept: z.array(policyId).min(1), why: z.string().min(1) }).strict()),
    matters: z.array(matterSchema).min(1),
  })
  .strict();

/** A timeline string a target may allow, the policies that state it, and the facts that rule it out (golden/pack/timelines.json). */
export const timelineClaimSchema = z
  .object({
    claim: z.string().min(1),
    stated_by: z
      .array(z.object({ policy: policyId, describes: z.string().min(1), unless_conditions: z.array(z.string()), unless_matters: z.array(z.string()) }).strict())
      .min(1),
  })
  .strict();

export const timelinesFileSchema = z
  .object({
    schema_version: z.literal(1),
    pack_version: z.string(),
    about: z.string(),
    always_allowed: z.array(z.object({ claim: z.string().min(1), policy: policyId, describes: z.string().min(1) }).strict()),
    claims: z.array(timelineClaimSchema).min(1),
  })
  .strict();

export type Matter = z.infer<typeof matterSchema>;
export type MattersFile = z.infer<typeof mattersFileSchema>;
export type TimelinesFile = z.infer<typeof timelinesFileSchema>;

/** The pack's machine-readable facts that `assay lint-golden` checks targets against. */
export type PackFacts = { version: string; policies: PoliciesFile; mustAsk: MustAskFile; matters: MattersFile; timelines: TimelinesFile };

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
