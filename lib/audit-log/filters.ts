import { z } from "zod";

// Issue 26 (6): the Audit log page is filtered by who, action, outcome and date, and paged, all in the URL.

/** What became of the request an audit row records: refused (401/403/429, a cross-site request), failed (a wrong password, a bad file), or done. */
export const AUDIT_OUTCOMES = ["refused", "failed", "done"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Action suffixes that are not "done": `<action>.refused`, `session.sign_in.throttled`, `session.sign_in.failed`, … */
export const OUTCOME_SUFFIXES: Record<Exclude<AuditOutcome, "done">, readonly string[]> = {
  refused: [".refused", ".throttled"],
  failed: [".failed"],
};

/** The outcome an action names. */
export function outcomeOf(action: string): AuditOutcome {
  if (OUTCOME_SUFFIXES.refused.some((s) => action.endsWith(s))) return "refused";
  if (OUTCOME_SUFFIXES.failed.some((s) => action.endsWith(s))) return "failed";
  return "done";
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");
const optional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === "" || v === undefined ? undefined : v), s.optional());

/** The page's search params: unknown or malformed values are dropped, never an error page. */
export const auditFiltersSchema = z.object({
  who: optional(z.string().trim().max(200)).catch(undefined),
  action: optional(z.string().trim().max(200)).catch(undefined),
  outcome: optional(z.enum(AUDIT_OUTCOMES)).catch(undefined),
  from: optional(day).catch(undefined),
  to: optional(day).catch(undefined),
  before: optional(z.coerce.number().int().positive()).catch(undefined),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** The URL of a page of the log with these filters (empty ones left out). */
export function auditHref(f: AuditFilters): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `/audit?${s}` : "/audit";
}
