"use server";
import { z } from "zod";
import { getDb } from "@/db/index";
import { decisionTablePage, type DecisionTableRow } from "@/db/queries/decision-table";
import { fail, ok, type ActionResult } from "../../../_lib/action-result";
import { authorize } from "../../../_lib/current-user";
import { tableParamsSchema, toFilters } from "./search-params";

const input = z.object({ runId: z.number().int().positive(), params: z.record(z.string(), z.unknown()) });

/**
 * One page of a run's decision table for the table's own filter, sort and page changes (issue 26: a whole-page
 * navigation per change took 1.5–2 s). The same SQL and the same parameter schema as the page; the URL still holds
 * the state (the table writes it), so a filtered view can be shared and reloaded.
 */
export async function decisionRowsAction(raw: unknown): Promise<ActionResult<{ rows: DecisionTableRow[]; total: number }>> {
  const parsed = input.safeParse(raw);
  if (!parsed.success) return fail("invalid table request");
  const auth = await authorize("view_workbench", { action: "decisions.read", entity: "run", entityId: String(parsed.data.runId) });
  if (!auth.ok) return fail(auth.error);
  const p = tableParamsSchema.parse(parsed.data.params);
  return ok(await decisionTablePage(await getDb(), { runId: parsed.data.runId, ...toFilters(p), sort: p.sort, dir: p.dir, page: p.page - 1, size: p.size }));
}
