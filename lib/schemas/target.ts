import { z } from "zod";
import { ACTION_TYPES, ESCALATION_TARGETS, FLAGS, MUST_ASK_KEYS, PRIORITIES, QUEUES, REQUIREMENTS } from "../pack/vocab";

const policyId = z.string().regex(/^[A-Z]{3}-\d{2}$/, "policy id must look like ABC-01");

/** What a correct agent does at one decision point. destination is a queue (route), an escalation target (escalate) or null. */
export const targetSchema = z
  .object({
    action_type: z.enum(ACTION_TYPES),
    destination: z.union([z.enum(QUEUES), z.enum(ESCALATION_TARGETS)]).nullable(),
    priority: z.enum(PRIORITIES).nullable(),
    required_flags: z.array(z.enum(FLAGS)),
    forbidden_flags: z.array(z.enum(FLAGS)),
    required_policy_ids: z.array(policyId),
    acceptable_policy_ids: z.array(policyId),
    must_ask: z.array(z.enum(MUST_ASK_KEYS)),
    allowed_timeline_claims: z.array(z.string().min(1)),
    may_disclose_account_details: z.boolean(),
    requires: z.array(z.enum(REQUIREMENTS)),
  })
  .strict()
  .superRefine((t, ctx) => {
    const routed = t.action_type === "route" || t.action_type === "escalate";
    if (routed !== (t.destination !== null)) {
      ctx.addIssue({ code: "custom", path: ["destination"], message: `destination must be ${routed ? "set" : "null"} for ${t.action_type}` });
    }
    if (routed !== (t.priority !== null)) {
      ctx.addIssue({ code: "custom", path: ["priority"], message: `priority must be ${routed ? "set" : "null"} for ${t.action_type}` });
    }
    if (t.action_type === "route" && t.destination !== null && !(QUEUES as readonly string[]).includes(t.destination)) {
      ctx.addIssue({ code: "custom", path: ["destination"], message: "a route target's destination must be a queue" });
    }
    if (t.action_type === "escalate" && t.destination !== null && !(ESCALATION_TARGETS as readonly string[]).includes(t.destination)) {
      ctx.addIssue({ code: "custom", path: ["destination"], message: "an escalate target's destination must be an escalation target" });
    }
    for (const id of t.required_policy_ids) {
      if (!t.acceptable_policy_ids.includes(id)) {
        ctx.addIssue({ code: "custom", path: ["acceptable_policy_ids"], message: `required ${id} must also be acceptable` });
      }
    }
    for (const f of t.required_flags) {
      if (t.forbidden_flags.includes(f)) ctx.addIssue({ code: "custom", path: ["forbidden_flags"], message: `${f} is both required and forbidden` });
    }
  });

export type Target = z.infer<typeof targetSchema>;
