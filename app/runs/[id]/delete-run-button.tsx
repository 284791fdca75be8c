import { getDb } from "@/db/index";
import { runDeletionPlan } from "@/db/queries/run-deletion";
import { can } from "@/lib/auth/permissions";
import { currentUser } from "../../_lib/current-user";
import { DeleteRunControl } from "./delete-run-control";

/**
 * Deleting a run (issue 20): leads only. The confirmation lists what goes with the run and, while an approval or a flip
 * review names it, why it cannot go; the server action checks both again.
 */
export async function DeleteRunButton({ runId, name }: { runId: number; name: string }) {
  if (!can(await currentUser(), "delete_run")) return null;
  const plan = await runDeletionPlan(await getDb(), runId);
  if (!plan) return null;
  return <DeleteRunControl runId={runId} name={name} plan={plan} />;
}
