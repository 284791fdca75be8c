import { approveBaseline } from "../../compare/approve";

export const dynamic = "force-dynamic";

/**
 * POST /api/baselines {baselineRef, candidateRef, justification} with refs "run:<id>" or "judge:<id>" (the older
 * {baselineRunId, candidateRunId} still names two runs): the approval action over HTTP, same checks (401/403 audited).
 */
export async function POST(req: Request): Promise<Response> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return Response.json({ data: null, error: "expected a JSON body" }, { status: 400 });
  }
  const r = await approveBaseline(body);
  return Response.json({ data: r.data, error: r.error }, { status: r.status });
}
