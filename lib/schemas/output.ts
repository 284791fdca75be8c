import { z } from "zod";
import { ACTION_TYPES, ESCALATION_TARGETS, FLAGS, PRIORITIES, QUEUES } from "../pack/vocab";

// The agent output contract (docs/SCHEMA.md): every key present, vocabulary values only, null where a key does not apply.
// .strict() because an extra key means the model is not holding the contract.
export const actionSchema = z
  .object({
    type: z.enum(ACTION_TYPES),
    queue: z.enum(QUEUES).nullable(),
    escalate_to: z.enum(ESCALATION_TARGETS).nullable(),
    priority: z.enum(PRIORITIES).nullable(),
    flags: z.array(z.enum(FLAGS)),
    policy_ids: z.array(z.string()),
  })
  .strict();

export const agentOutputSchema = z
  .object({
    reply: z.string(),
    action: actionSchema,
  })
  .strict();

export type AgentAction = z.infer<typeof actionSchema>;
export type AgentOutput = z.infer<typeof agentOutputSchema>;
