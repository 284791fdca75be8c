import { cookies } from "next/headers";
import { SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/session-token";
import { fromWorkbench } from "../../_lib/same-origin";
import { requestIsHttps, signInFromRequest } from "../../_lib/sign-in-request";

export const dynamic = "force-dynamic";

/**
 * POST /api/sign-in {email, password}: the sign-in form's path over HTTP (issue 20), for scripts and for the throttle's
 * status codes. 200 with the session cookie; 401 "wrong email or password"; 429 with Retry-After while the account or
 * the address is locked. Same origin and JSON only, so another page on this host cannot sign a visitor in as someone else.
 */
export async function POST(req: Request): Promise<Response> {
  if (!fromWorkbench(req, "application/json")) {
    return Response.json({ data: null, error: "accepted from the workbench only (same origin, application/json)" }, { status: 403 });
  }
  const body = (await req.json().catch(() => null)) as { email?: unknown; password?: unknown } | null;
  const r = await signInFromRequest(body?.email, body?.password);
  if (!r.ok) return Response.json({ data: null, error: r.error }, { status: r.status, headers: r.status === 429 ? { "Retry-After": String(r.retryAfterS) } : {} });
  (await cookies()).set(SESSION_COOKIE, r.token, sessionCookieOptions({ secure: await requestIsHttps() }));
  return Response.json({ data: { email: r.email }, error: null }, { status: 200 });
}
