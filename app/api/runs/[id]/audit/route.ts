import { getDb } from "@/db/index";
import { exportAudit, getRunAudit } from "@/db/queries/run-audit";
import { runSlug } from "@/lib/audit/promote";
import { refuseCrossSite } from "../../../../_lib/cross-site";
import { authorize } from "../../../../_lib/current-user";
import { fromWorkbench } from "../../../../_lib/same-origin";
import { startRunAudit } from "../../../../runs/audit";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/** POST /api/runs/:id/audit: starts the run's audit (or returns the stored one), with the checks of the button. */
export async function POST(req: Request, { params }: Params): Promise<Response> {
  // Same-origin JSON only: another origin on this site (another port) could otherwise post with the person's cookie.
  if (!fromWorkbench(req, "application/json")) {
    return Response.json({ data: null, error: "accepted from the workbench only (same origin, application/json)" }, { status: 403 });
  }
  const r = await startRunAudit({ runId: (await params).id });
  return Response.json({ data: r.data, error: r.error }, { status: r.status });
}

/** GET /api/runs/:id/audit: the run's audit as a file, for `npx assay score --run FILE --audit AUDIT.json`. */
export async function GET(req: Request, { params }: Params): Promise<Response> {
  const runId = Number((await params).id);
  const target = { action: "run_audit.export", entity: "run", entityId: String(runId) };
  const refused = await refuseCrossSite(req, target); // issue 26: another site cannot make a browser ask (and be recorded)
  if (refused) return refused;
  const auth = await authorize("view_workbench", target);
  if (!auth.ok) return Response.json({ data: null, error: auth.error }, { status: auth.status });
  const db = await getDb();
  const audit = Number.isInteger(runId) && runId > 0 ? await getRunAudit(db, runId) : null;
  const file = audit ? await exportAudit(db, audit.id) : null;
  if (!file) return Response.json({ data: null, error: `run #${runId} has no audit` }, { status: 404 });
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: { "content-type": "application/json; charset=utf-8", "content-disposition": `attachment; filename="${runSlug(file.run.name)}.audit.json"` },
  });
}
