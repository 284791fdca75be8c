import type { Role } from "./roles";

// Issue 5: every server action and route handler checks the capability on the server; hiding a button is not a check.
export const CAPABILITIES = [
  "view_workbench",
  "label_probe",
  "add_probe",
  "export_probes",
  "import_run",
  "author_golden",
  "export_golden",
  "review_gate_flip",
  "approve_baseline",
  "manage_users",
  "start_audit",
  "promote_audit_item",
  "delete_run",
  "release_probe_set",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const EVERYONE = ["annotator", "analyst", "lead"] as const;
const ANALYSTS = ["analyst", "lead"] as const;
const LEADS = ["lead"] as const;

/** Capability → the roles that hold it. One table, read by the server checks and by the UI (which only hides). */
export const PERMISSIONS: Readonly<Record<Capability, readonly Role[]>> = {
  view_workbench: EVERYONE, // pages and reads need a signed-in person, any role
  label_probe: EVERYONE,
  add_probe: EVERYONE,
  export_probes: EVERYONE,
  import_run: ANALYSTS,
  author_golden: ANALYSTS,
  export_golden: LEADS, // issue 20: golden/ is what every later run is judged against; a lead decides what leaves the workbench
  review_gate_flip: LEADS, // issue 5: a lead reviews each pass→fail flip
  approve_baseline: LEADS, // issue 5: only leads approve, enforced on the server
  manage_users: LEADS,
  start_audit: ANALYSTS, // issue 18: annotators label a run's audit but do not start one
  promote_audit_item: ANALYSTS, // issue 18: an audit item becomes a probe only by an analyst's or lead's hand
  delete_run: LEADS, // issue 20: a deletion takes a run's lines and scores with it; it is a lead's call
  release_probe_set: LEADS, // issue 26: a release changes which criteria gate every later run; a lead decides, after a diff
};

type HasRoles = { roles: readonly Role[] };

/** True iff any of the person's roles holds the capability (roles add up; none takes anything away). */
export function can(user: HasRoles | null | undefined, capability: Capability): boolean {
  if (!user) return false;
  const allowed = PERMISSIONS[capability];
  return user.roles.some((r) => allowed.includes(r));
}

/** Every capability the roles grant, in table order: for the UI to decide what to show (never as the check). */
export function capabilitiesOf(user: HasRoles | null | undefined): Capability[] {
  return CAPABILITIES.filter((c) => can(user, c));
}

export type Permission = { ok: true } | { ok: false; status: 401 | 403; error: string; capability: Capability };

/**
 * The server-side gate: no person → 401 (sign in), a person without the capability → 403 (audit it). Never throws,
 * so a server action turns the refusal into `{ error }` and a route handler into its status.
 */
export function requireCapability(user: HasRoles | null | undefined, capability: Capability): Permission {
  if (!user) return { ok: false, status: 401, error: "sign in first", capability };
  if (can(user, capability)) return { ok: true };
  const roles = PERMISSIONS[capability].join(" or ");
  return { ok: false, status: 403, error: `${capability.replaceAll("_", " ")} needs the ${roles} role`, capability };
}
