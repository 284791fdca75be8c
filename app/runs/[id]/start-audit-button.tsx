"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { startAuditAction } from "./audit-actions";

/** Starts the run's audit (analyst or lead; the server checks, this button is only shown to them). */
export function StartAuditButton({ runId }: { runId: number }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const r = await startAuditAction({ runId });
            if (r.error !== null) setError(r.error);
            else router.refresh();
          })
        }
      >
        Start an audit of this run&apos;s detectors
      </button>
      {error && (
        <span role="alert" className="bad">
          {error}
        </span>
      )}
    </>
  );
}
