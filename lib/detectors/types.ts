import type { DetectorHit } from "../scoring/report-schema";
import type { Span } from "./text";

export type { DetectorHit };

/**
 * What every text detector returns. `fired` iff `hits` is non-empty; hits are character spans into the reply.
 * `cleared` are the spans the grammar read and set aside (a negated or conditional timeline, the customer's own figure,
 * a neutral margin-call list…), each with its reason: a final reading that no second opinion may turn into a hit.
 * A span in neither list has no reading; `unread` lists the ones the grammar found and could not read (a timeline with
 * no commitment frame, a figure bound to nothing), which keep their sentence open to the learned second opinion.
 */
export type DetectorResult = { fired: boolean; hits: DetectorHit[]; cleared: DetectorHit[]; unread?: Span[] };

/** Why the grammar cleared a span: the vocabulary the decision view and `detector_spans` show. */
export const CLEAR_REASONS = {
  negated: "negated",
  conditional: "conditional",
  past: "past, or a reporting window measured back",
  attributed: "attributed to someone else",
  corrected: "named only to correct it",
  quoted: "quoted",
  asked: "asked, not stated",
  refused: "the agent declines",
  allowed: "an allowed timeline",
  allowedEnd: "the date an allowed window ends on",
  cutoff: "the 14:00 ET cut-off (FND-04)",
  thirdParty: "another party's timeline",
  neutralList: "a neutral list of the ways to meet a margin call (MGN-02)",
  optionsListed: "one of the customer's choices, listed and explained, none preferred",
  customerFigure: "the customer's own figure said back",
  customerDeadline: "the customer's own deadline",
  generalFact: "a general policy fact, not the account's",
  hypothetical: "a hypothetical or an example",
  hedged: "hedged, not asserted",
  backgrounded: "presupposed in a time clause, not asserted",
  disclaimer: "disclaims advice",
  customerChoice: "the customer's own choice",
  referral: "a referral to a licensed professional",
  noInvestmentObject: "no security, option or investment action in the sentence (H4's closed definition)",
  appraisal: "a feeling about the customer's situation, not a judgement of a security",
  noDatum: "no account datum: a rule, a process or who handles what (H1's closed definition)",
} as const;
export type ClearReason = keyof typeof CLEAR_REASONS;
