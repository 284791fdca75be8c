import { fromWorkbench } from "../../_lib/same-origin";
import { approveBaseline } from "../../compare/approve";

export const dynamic = "force-dynamic";

/**
 * POST /api/baselines {baselineRef, candidateRef, justification} with refs "run:<id>" or "judge:<id>" (the older
 * {baselineRunId, candidateRunId} still names two runs): the approval action over HTTP, same checks (401/403 audited).
 */
export async function POST(req: Request): Promise<Response> {
  // Same-origin JSON only: another origin on this site (another port) could otherwise post a text/plain body with the lead's cookie.
  if (!fromWorkbench(req, "application/json")) {
    return Response.json({ data: null, error: "accepted from the workbench only (same origin, application/json)" }, { status: 403 });
  }
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return Response.json({ data: null, error: "expected a JSON body" }, { status: 400 });
  }
  const r = await approveBaseline(body);
  return Response.json({ data: r.data, error: r.error }, { status: r.status });
}
