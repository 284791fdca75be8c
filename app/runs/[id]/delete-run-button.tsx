"use client";
import { useRouter } from "next/navigation";
import { useTransition, useState } from "react";
import { deleteRunAction } from "../actions";

export function DeleteRunButton({ runId, name }: { runId: number; name: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="danger"
        disabled={pending}
        onClick={() => {
          if (!window.confirm(`Delete run '${name}' and all its decisions? The audit log keeps a record.`)) return;
          start(async () => {
            const r = await deleteRunAction({ runId });
            if (r.error) setError(r.error);
            else router.push("/");
          });
        }}
      >
        Delete run
      </button>
      {error && (
        <span role="alert" className="bad">
          {error}
        </span>
      )}
    </>
  );
}
