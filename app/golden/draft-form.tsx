"use client";
import Link from "next/link";
import { startTransition, useActionState, useEffect, useRef, type FormEvent } from "react";
import { newCaseAction } from "./actions";
import { FindingsView, PlacementView } from "./guidance";

/**
 * "New case": write a role case or policy behaviour, check it (where it belongs, each item's findings), save it.
 * Findings are messages shown with the result, never silent fixes, and they do not block saving.
 */
export function DraftForm({ roles, behaviors }: { roles: string[]; behaviors: readonly string[] }) {
  const [state, dispatch, pending] = useActionState(newCaseAction, null);
  // Submitted by hand (not <form action>), so the fields keep what the person wrote after a check or a refused save.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(e.currentTarget, submitter);
    startTransition(() => dispatch(data));
  };
  const saved = state?.data?.saved ?? null;
  const formRef = useRef<HTMLFormElement>(null);
  // Once saved, the fields empty so a second click cannot save the same case again under the next id.
  useEffect(() => {
    if (saved) formRef.current?.reset();
  }, [saved]);
  return (
    <>
      <form ref={formRef} onSubmit={submit} aria-label="Draft a golden case" className="card form-grid">
        <label>
          Suite
          <select name="home" defaultValue="">
            <option value="">choose where it goes…</option>
            {roles.map((r) => (
              <option key={r} value={`role:${r}`}>
                role: {r}
              </option>
            ))}
            <option value="policy">policy suite (behaviours, every role)</option>
          </select>
        </label>
        <label>
          Behaviour (policy suite only)
          <select name="behavior" defaultValue="">
            <option value="">—</option>
            {behaviors.map((b) => (
              <option key={b}>{b}</option>
            ))}
          </select>
        </label>
        <label>
          Case id (empty: the next free id)
          <input name="id" size={10} placeholder="e.g. sup-009" pattern="[a-z]{3}-[0-9]{3}" />
        </label>
        <label>
          Split
          <select name="split" defaultValue="dev">
            <option value="dev">dev</option>
            <option value="eval">eval (frozen once saved)</option>
          </select>
        </label>
        <label className="wide">
          Customer message (brief)
          <textarea name="brief" rows={3} cols={80} required />
        </label>
        <label className="wide">
          must_include (one item per line)
          <textarea name="must_include" rows={4} cols={80} />
        </label>
        <label className="wide">
          must_not_include (one item per line)
          <textarea name="must_not_include" rows={4} cols={80} />
        </label>
        <label className="wide">
          Notes for authors (not shown to the judge)
          <textarea name="notes" rows={2} cols={80} />
        </label>
        <label className="wide">
          Change note (optional for a new case)
          <input name="change_note" size={60} />
        </label>
        <div className="wide row">
          <button type="submit" name="intent" value="check" disabled={pending}>
            Check draft
          </button>
          <button type="submit" name="intent" value="save" disabled={pending}>
            Save case
          </button>
        </div>
      </form>
      {state?.error ? (
        <p role="alert" className="error">
          {state.error}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="ok-box">
          Saved <Link href={`/golden/${saved.id}`}>{saved.id}</Link> as version {saved.version}
          {state!.data!.items.some((i) => i.findings.length) ? ", with the item findings below: fix them with an edit (they are not changed for you)." : "."}
        </p>
      ) : null}
      {state?.data ? (
        <section aria-label="Draft check">
          <PlacementView placement={state.data.placement} chosenDiffers={state.data.placementDiffers} />
          <FindingsView items={state.data.items} />
        </section>
      ) : null}
    </>
  );
}
