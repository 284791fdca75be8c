import "server-only";
import { headers } from "next/headers";
import { getDb } from "@/db/index";
import { auditRefusal } from "@/db/writes/audit";
import { clientAddress } from "@/lib/http/forwarded";
import { currentUser } from "./current-user";
import { crossSite } from "./same-origin";

const REFUSAL = "accepted from the workbench's own pages only: this request came from another site";

/**
 * For a recorded GET (issue 26): null when the request comes from the workbench itself; else a 403 in words, and the
 * refusal counted in the audit log as `<action>.refused` (one row per address and window).
 */
export async function refuseCrossSite(req: Request, target: { action: string; entity: string; entityId: string }): Promise<Response | null> {
  if (!crossSite(req)) return null;
  const user = await currentUser();
  await auditRefusal(await getDb(), {
    actor: user?.email ?? "anonymous",
    action: `${target.action}.refused`,
    entity: target.entity,
    entityId: target.entityId,
    address: clientAddress(await headers()),
    detail: { status: 403, error: REFUSAL, sec_fetch_site: req.headers.get("sec-fetch-site"), origin: req.headers.get("origin") },
  });
  return Response.json({ data: null, error: REFUSAL }, { status: 403, headers: { "Cache-Control": "no-store" } });
}
