"use client";
import { useActionState } from "react";
import { setActorAction } from "../actions/actor";

/** "Who are you": the name labels and imports are recorded under (a cookie until accounts arrive in issue 5). */
export function ActorForm({ actor }: { actor: string }) {
  const [state, action, pending] = useActionState(setActorAction, null);
  return (
    <form action={action} className="actor-form" aria-label="Who are you">
      <label>
        Who are you{" "}
        <input name="actor" defaultValue={actor} key={actor} size={14} maxLength={40} aria-describedby="actor-status" />
      </label>
      <button type="submit" disabled={pending}>
        Set
      </button>
      <span id="actor-status" className={state?.error ? "bad" : "muted"} role="status">
        {state?.error ?? (state?.data ? `saved as ${state.data}` : "")}
      </span>
    </form>
  );
}
