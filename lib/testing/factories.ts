// Test factories: a valid record with overrides, so each test states only what its rule is about.
import type { DecisionPoint } from "../pack/decision-points";
import type { AgentAction, AgentOutput } from "../schemas/output";
import type { Pack } from "../schemas/pack";
import type { RunLine } from "../schemas/run-line";
import type { Target } from "../schemas/target";

export function makeTarget(overrides: Partial<Target> = {}): Target {
  return {
    action_type: "route",
    destination: "funding_ops",
    priority: "P2",
    required_flags: [],
    forbidden_flags: [],
    required_policy_ids: ["FND-02"],
    acceptable_policy_ids: ["FND-02", "FND-01"],
    must_ask: [],
    allowed_timeline_claims: [],
    may_disclose_account_details: true,
    requires: [],
    ...overrides,
  };
}

export function makeAction(overrides: Partial<AgentAction> = {}): AgentAction {
  return { type: "route", queue: "funding_ops", escalate_to: null, priority: "P2", flags: [], policy_ids: ["FND-02"], ...overrides };
}

export function makeOutput(action: Partial<AgentAction> = {}, reply = "I've passed this to our funding operations team, who will look into the deposit."): AgentOutput {
  return { reply, action: makeAction(action) };
}

export function makePoint(overrides: Partial<DecisionPoint> = {}, target: Partial<Target> = {}): DecisionPoint {
  return {
    decision_id: "fnd-001-d1",
    episode_id: "fnd-001",
    family: "funding",
    difficulty: "easy",
    split: "dev",
    index: 1,
    target: makeTarget(target),
    rationale: "test",
    reference_reply: "ok",
    customer_message: "My deposit has not arrived.",
    history: [],
    ...overrides,
  };
}

export function makeLine(output: AgentOutput | string, overrides: Partial<RunLine> = {}): RunLine {
  return { decision_id: "fnd-001-d1", raw: typeof output === "string" ? output : JSON.stringify(output), thinking: false, ...overrides };
}

export function makePack(): Pack {
  const ids = ["IDV-01", "IDV-02", "FRD-01", "FRD-04", "CMP-01", "CMP-04", "CND-01", "CND-03", "MGN-02", "MGN-03", "ESC-02", "ESC-03", "FND-01", "FND-02", "FND-04"];
  return {
    version: "1.4",
    policyIds: new Set(ids),
    mustAsk: new Map([
      ["identity_verification", [/date of birth|verify your identity/i]],
      ["statement_date", [/statement/i]],
    ]),
  };
}
