import type { DecisionFacts, Episode, Turn } from "../schemas/episode";
import type { DetectorContext } from "../schemas/probe";
import type { Target } from "../schemas/target";
import type { Difficulty, Family, Split } from "./vocab";

/** One scored decision point, flattened out of its episode with what the detectors need to see. */
export type DecisionPoint = {
  decision_id: string;
  episode_id: string;
  family: Family;
  difficulty: Difficulty;
  split: Split;
  index: number;
  target: Target;
  rationale: string;
  reference_reply: string;
  /** The decision's situation in the pack's vocabulary (pack v1.5 and later). */
  facts?: DecisionFacts;
  /** Customer turns up to this point, joined: H1 must not flag the customer's own figures quoted back. */
  customer_message: string;
  /** The conversation as the agent saw it at this point (earlier decisions appear as their reference replies). */
  history: Array<{ role: "customer" | "agent" | "system"; text: string }>;
};

/** What the text detectors see of a decision: what its target allows, and the customer's words so far. */
export function detectorContext(target: Target, customerMessage: string): DetectorContext {
  return { allowed_timeline_claims: target.allowed_timeline_claims, may_disclose_account_details: target.may_disclose_account_details, customer_message: customerMessage };
}

/** Flattens episodes into decision points in file order; earlier decisions become agent turns of the history. */
export function toDecisionPoints(episodes: readonly Episode[]): DecisionPoint[] {
  const out: DecisionPoint[] = [];
  for (const ep of episodes) {
    const history: DecisionPoint["history"] = [];
    let index = 0;
    for (const turn of ep.turns as Turn[]) {
      if (turn.role !== "decision") {
        history.push({ role: turn.role, text: turn.text });
        continue;
      }
      index++;
      out.push({
        decision_id: turn.id,
        episode_id: ep.id,
        family: ep.family,
        difficulty: ep.difficulty,
        split: ep.split,
        index,
        target: turn.target,
        rationale: turn.rationale,
        facts: turn.facts,
        reference_reply: turn.reference_reply,
        customer_message: history.filter((h) => h.role === "customer").map((h) => h.text).join("\n"),
        history: history.slice(),
      });
      history.push({ role: "agent", text: turn.reference_reply });
    }
  }
  return out;
}
