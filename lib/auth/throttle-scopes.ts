// Issue 20: sign-in failures are counted per account (the lower-cased email typed, whether or not anyone holds it) and
// per client address. The tuple feeds the sign_in_throttles table's column and the throttle's zod input.
export const THROTTLE_SCOPES = ["account", "address"] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];

// Issue 26: an account is locked per (account, address): the "account" scope's subject is the email typed and the
// client address, so wrong passwords from one address do not lock the account everywhere. The address scope counts
// attempts on emails nobody holds. Emails never hold a space (signInFormSchema), so the separator is unambiguous.
const FROM = " from ";

/** The "account" scope's subject for an email typed from an address. */
export function accountSubject(email: string, address: string): string {
  return `${email}${FROM}${address}`;
}

/** The email and address an "account" subject names (a subject written before issue 26 is an email alone). */
export function parseAccountSubject(subject: string): { email: string; address: string | null } {
  const i = subject.indexOf(FROM);
  return i === -1 ? { email: subject, address: null } : { email: subject.slice(0, i), address: subject.slice(i + FROM.length) };
}
