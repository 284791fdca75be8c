import { fromWorkbench } from "../../_lib/same-origin";
import { addPerson } from "../../users/manage";

export const dynamic = "force-dynamic";

/**
 * POST /api/users {email, name, roles, password}: adding a person over HTTP, same path and checks as the People page.
 * The capability is checked before the body is read, so a non-lead gets 401/403 (audited) whatever they send.
 */
export async function POST(req: Request): Promise<Response> {
  // Same-origin JSON only: another origin on this site (another port) could otherwise post a text/plain body with the lead's cookie.
  if (!fromWorkbench(req, "application/json")) {
    return Response.json({ data: null, error: "accepted from the workbench only (same origin, application/json)" }, { status: 403 });
  }
  const body: unknown = await req.json().catch(() => null);
  const r = await addPerson(body);
  return Response.json({ data: r.data, error: r.error }, { status: r.status });
}
