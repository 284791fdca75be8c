import type { DbOrTx } from "@/db/index";
import type { CurrentUser } from "@/db/queries/users";
import { auditRefusal } from "@/db/writes/audit";
import { requireCapability, type Capability } from "@/lib/auth/permissions";

// The decision + audit half of the server gate (issue 5). No next/headers here: app/_lib/current-user.ts finds the
// person from the request's cookie and calls this, and the unit tests call it with a temporary database.

export type Authorized = { ok: true; user: CurrentUser } | { ok: false; status: 401 | 403; error: string };
/** What is asked for; `address` is the client's (the refusal log counts refusals per address, issue 26). */
export type AuthTarget = { action: string; entity: string; entityId: string; address?: string };

/**
 * The person must hold `capability`. A refusal is written to the audit log as `<action>.refused` (who tried what, on
 * which record; "anonymous" when nobody is signed in), counted into one row per actor, action, address and window
 * (auditRefusal), and returned as 401/403. An allowed request writes nothing here.
 */
export async function authorizeUser(db: DbOrTx, user: CurrentUser | null, capability: Capability, target: AuthTarget): Promise<Authorized> {
  const permission = requireCapability(user, capability);
  if (permission.ok && user) return { ok: true, user };
  const refusal = permission.ok ? { status: 401 as const, error: "sign in first" } : { status: permission.status, error: permission.error };
  await auditRefusal(db, {
    actor: user?.email ?? "anonymous",
    action: `${target.action}.refused`,
    entity: target.entity,
    entityId: target.entityId,
    address: target.address ?? "unknown",
    detail: { status: refusal.status, capability, error: refusal.error },
  });
  return { ok: false, ...refusal };
}
