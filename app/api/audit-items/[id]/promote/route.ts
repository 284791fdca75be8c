import { fromWorkbench } from "../../../../_lib/same-origin";
import { promoteItem } from "../../../../runs/audit";

export const dynamic = "force-dynamic";

/** POST /api/audit-items/:id/promote: promotes a labelled audit item to a probe, with the checks of the button. */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  if (!fromWorkbench(req, "application/json")) {
    return Response.json({ data: null, error: "accepted from the workbench only (same origin, application/json)" }, { status: 403 });
  }
  const r = await promoteItem({ itemId: (await params).id });
  return Response.json({ data: r.data, error: r.error }, { status: r.status });
}
