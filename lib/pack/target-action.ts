import type { AgentAction } from "../schemas/output";
import type { Target } from "../schemas/target";
import type { EscalationTarget, Queue } from "./vocab";

/** The action a target asks for: its type, destination in the right slot, priority, required flags and required citations. */
export function targetAction(t: Target): AgentAction {
  return {
    type: t.action_type,
    queue: t.action_type === "route" ? (t.destination as Queue) : null,
    escalate_to: t.action_type === "escalate" ? (t.destination as EscalationTarget) : null,
    priority: t.priority,
    flags: [...t.required_flags],
    policy_ids: [...t.required_policy_ids],
  };
}
