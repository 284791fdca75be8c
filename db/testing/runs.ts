import type { DecisionPoint } from "../../lib/pack/decision-points";
import { QUEUES, type EscalationTarget, type Queue } from "../../lib/pack/vocab";
import type { AgentOutput } from "../../lib/schemas/output";

/** The output a compliant agent gives at a decision point: the reference reply and the target's action. */
export function referenceOutput(p: DecisionPoint): AgentOutput {
  const t = p.target;
  return {
    reply: p.reference_reply,
    action: {
      type: t.action_type,
      queue: t.action_type === "route" && (QUEUES as readonly string[]).includes(t.destination ?? "") ? (t.destination as Queue) : null,
      escalate_to: t.action_type === "escalate" ? (t.destination as EscalationTarget) : null,
      priority: t.priority,
      flags: [...t.required_flags],
      policy_ids: [...t.required_policy_ids],
    },
  };
}

/** A run file covering every decision point once; `edit` may change a line's record (or return a raw string line). */
export function makeRunText(points: readonly DecisionPoint[], edit?: (p: DecisionPoint, i: number, line: Record<string, unknown>) => Record<string, unknown> | string): string {
  return `${points
    .map((p, i) => {
      const line: Record<string, unknown> = { decision_id: p.decision_id, raw: JSON.stringify(referenceOutput(p)), thinking: i % 2 === 0, model: "test-model" };
      const out = edit ? edit(p, i, line) : line;
      return typeof out === "string" ? out : JSON.stringify(out);
    })
    .join("\n")}\n`;
}
