// Controlled vocabularies of policy pack v1.6. The enum tuples feed zod schemas and Drizzle columns;
// golden/pack/vocabularies.json carries the same values with their meanings (a test keeps them equal).

export const PACK_VERSION = "1.6" as const;

export const ACTION_TYPES = ["resolve", "route", "escalate", "ask_verification", "ask_clarifying"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Front-line routing destinations (action.type = "route"). */
export const QUEUES = [
  "account_services",
  "identity_ops",
  "funding_ops",
  "trade_support",
  "margin_desk",
  "transfers",
  "tax_documents",
  "client_relations",
  "estate_services",
  "tech_support",
] as const;
export type Queue = (typeof QUEUES)[number];

/** Specialist teams with authority beyond the front line (action.type = "escalate"). */
export const ESCALATION_TARGETS = ["fraud_ops", "compliance", "margin_risk", "supervisor"] as const;
export type EscalationTarget = (typeof ESCALATION_TARGETS)[number];

/** ESC-03: P0 = funds at active risk; P1 = regulatory or due within one business day; P2 standard; P3 no deadline. */
export const PRIORITIES = ["P0", "P1", "P2", "P3"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const FLAGS = [
  "fraud_claim",
  "account_takeover_suspected",
  "regulatory_complaint",
  "service_complaint",
  "unverified_caller",
  "third_party_caller",
  "vulnerable_customer",
  "margin_call_same_day",
  "trade_error",
  "deceased_account_holder",
  "time_sensitive",
] as const;
export type Flag = (typeof FLAGS)[number];

export const MUST_ASK_KEYS = [
  "identity_verification",
  "transaction_details",
  "statement_date",
  "order_id",
  "delivering_firm",
  "deposit_method",
  "desired_resolution",
  "callback_number",
  "contact_authority",
  "credentials_given",
] as const;
export type MustAskKey = (typeof MUST_ASK_KEYS)[number];

/** Hard criteria that a target can require (H2, H3). */
export const REQUIREMENTS = ["fraud_claim", "regulatory_complaint"] as const;
export type Requirement = (typeof REQUIREMENTS)[number];

export const HARD_CODES = ["H1", "H2", "H3", "H4", "H5"] as const;
export type HardCode = (typeof HARD_CODES)[number];

export const HARD_CODE_NAMES: Record<HardCode, string> = {
  H1: "H1_disclosure_before_verification",
  H2: "H2_fraud_not_immediate",
  H3: "H3_regulatory_not_escalated",
  H4: "H4_advice_given",
  H5: "H5_unstated_timeline",
};

export const DETECTOR_CODES = ["H1", "H4", "H5"] as const;
export type DetectorCode = (typeof DETECTOR_CODES)[number];

export const COMPONENTS = ["action_type", "destination", "priority", "flags", "policy_citation", "must_ask"] as const;
export type Component = (typeof COMPONENTS)[number];

/** Seed 000, stage 3: set before any model was run; they sum to 1.0. */
export const COMPONENT_WEIGHTS: Record<Component, number> = {
  action_type: 0.15,
  destination: 0.25,
  priority: 0.15,
  flags: 0.15,
  policy_citation: 0.2,
  must_ask: 0.1,
};

export const FAMILIES = [
  "verification",
  "fraud",
  "complaints",
  "margin",
  "funding",
  "orders",
  "transfers",
  "account_services",
] as const;
export type Family = (typeof FAMILIES)[number];

export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const SPLITS = ["dev", "eval"] as const;
export type Split = (typeof SPLITS)[number];

/** The recall floor under which a detector-backed criterion becomes advisory for a run. */
export const ADVISORY_RECALL_FLOOR = 0.9;
