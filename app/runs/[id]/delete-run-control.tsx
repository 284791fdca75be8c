"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { RunDeletionPlan } from "@/db/queries/run-deletion";
import { deleteRunAction } from "../actions";

/** "Delete run…" opens a confirmation that lists what goes with the run, or what stops it, before anything is deleted. */
export function DeleteRunControl({ runId, name, plan }: { runId: number; name: string; plan: RunDeletionPlan }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const total = plan.goesWith.reduce((n, g) => n + g.rows, 0);
  return (
    <>
      <button type="button" className="danger" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Delete run…
      </button>
      {open && (
        <section role="region" aria-label="Delete this run" className="card warn">
          <p>
            <strong>Delete run &lsquo;{name}&rsquo;?</strong> These go with it ({total.toLocaleString("en-US")} rows); the audit log keeps a record of the deletion.
          </p>
          <ul aria-label="Deleted with the run">
            {plan.goesWith.map((g) => (
              <li key={g.table}>
                {g.rows.toLocaleString("en-US")} {g.what}
              </li>
            ))}
          </ul>
          {plan.blockers.length > 0 && (
            <>
              <p className="bad">It cannot be deleted while these name it:</p>
              <ul aria-label="Why it cannot be deleted">
                {plan.blockers.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </>
          )}
          <button
            type="button"
            className="danger"
            disabled={pending || plan.blockers.length > 0}
            onClick={() =>
              start(async () => {
                const r = await deleteRunAction({ runId });
                if (r.error) setError(r.error);
                else router.push("/");
              })
            }
          >
            Delete run and {total.toLocaleString("en-US")} rows
          </button>{" "}
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          {error && (
            <p role="alert" className="bad">
              {error}
            </p>
          )}
        </section>
      )}
    </>
  );
}
