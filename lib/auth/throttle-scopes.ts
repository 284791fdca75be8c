// Issue 20: sign-in failures are counted per account (the lower-cased email typed, whether or not anyone holds it) and
// per client address. The tuple feeds the sign_in_throttles table's column and the throttle's zod input.
export const THROTTLE_SCOPES = ["account", "address"] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];
