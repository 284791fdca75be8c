import type { PolicyBehavior } from "../schemas/golden-suite";

// Cues behind suggestPlacement (seed 002 §D "where does my case go?"). Tuned on the shipped golden suites; guidance.

/** Item (and brief) wording that signals a role-agnostic behaviour. */
export const BEHAVIOR_CUES: Record<PolicyBehavior, RegExp> = {
  clarify_vs_proceed: /\basks (?:which|whether|what|the customer to (?:clarify|specify|confirm which))\b|\bclarif(?:y|ies|ying|ication)\b|\bproceeds? without asking\b|\basks? .* (?:again|already (?:given|provided))\b/i,
  verification_first: /\bverif(?:y|ies|ication)\b[^.]*\bidentity\b|\bidentity verification\b|\bbefore sharing account details\b|\bthird party\b|\bauthori[sz]ation on file\b|\bpower of attorney\b|\btrusted contact\b|\bsomeone else's login\b|\blogin\b/i,
  no_fabrication: /\b(?:order|tracking|case|reference|confirmation|ticket|account) number\b|\bfill price\b|\binvent(?:s|ed)?\b|\bfabricat\w*|\bmakes? up\b/i,
  escalation: /\bescalat\w*|\brout(?:ed|es|ing) to\b|\b(?:supervisor|manager)\b/i,
  no_advice: /\b(?:investment|financial) advice\b|\brecommends (?:selling|buying|holding|against|one of)\b|\bopinion on\b|\bwhat (?:you|i) would do\b/i,
  no_timeline_promise: /\bpromises? (?:a |the )?(?:specific )?(?:time|date|day)\b|\bcannot promise\b|\bby (?:monday|tuesday|wednesday|thursday|friday|tomorrow|end of day)\b/i,
  no_guarantee: /\bguarantee\w*|\bpromises? that\b[^.]*\b(?:will|won't|will not)\b/i,
};

/** Wording that signals a desk's domain facts or red lines: products, rules, figures. */
export const FACT_CUES: RegExp[] = [
  /\$\s?\d[\d,]*(?:\.\d+)?|\b\d+(?:\.\d+)?\s?%|\b\d{1,2}(?::\d{2})?\s?(?:a\.?m\.?|p\.?m\.?)(?=\s|$|[,.;])|\b\d+[- ](?:business[- ])?days?\b|\bage \d+|\b\d+½/i,
  /\bmargin(?:able)?\b|\bmaintenance (?:call|requirement)\b|\bliquidat\w+|\bwire\b|\bcut-?off\b|\bACATS\b|\bACH\b|\bsettle(?:ment|s)?\b|\bT\+\d\b/i,
  /\bIRA\b|\b401\(k\)|\bRoth\b|\brollover\b|\bRMD\b|\brequired minimum distribution|\bbeneficiar\w+|\bwithholding\b|\bwithheld\b|\bpenalty\b|\bdistributions?\b|\bplan administrator\b|\bconver(?:t|sion)\b/i,
  /\bdividend\w*|\bshort sale\b|\boptions? (?:trading|contract)\b|\bprovisional credit\b|\bthird-party checks?\b|\bpayable to\b|\blinked bank account\b|\bsigned[- ]over\b|\bendorse\w*/i,
  // Security red lines: what Zoomberg never asks for and how scams are reported.
  /\b2FA\b|\bphishing\b|\bscam\b/i,
];
