"use client";
import { useActionState } from "react";
import { copyCaseAction } from "../actions";

/** "Copy to a new case": the way to change a frozen case (the copy opens, ready to edit). */
export function CopyCaseButton({ caseId }: { caseId: string }) {
  const [state, action, pending] = useActionState(copyCaseAction, null);
  return (
    <form action={action} aria-label="Copy to a new case">
      <input type="hidden" name="case_id" value={caseId} />
      <button type="submit" disabled={pending}>
        Copy to a new case
      </button>
      {state?.error ? (
        <p role="alert" className="error">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
