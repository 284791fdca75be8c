"use client";
import Link from "next/link";
import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import { placementChoice, suggestForDraft, type DraftFields } from "@/lib/golden/placement-choice";
import { newCaseAction } from "./actions";
import { FindingsView, PlacementView } from "./guidance";
import { HydratedForm } from "@/app/_components/hydrated-form";

const FIELDS = ["brief", "must_include", "must_not_include", "home", "behavior"] as const;
const readDraft = (form: HTMLFormElement): DraftFields => Object.fromEntries(FIELDS.map((n) => [n, String(new FormData(form).get(n) ?? "")])) as DraftFields;

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
  // Issue 20 (12): the guidance is recomputed in the browser (the same lib/ rule as "Check draft") as the analyst types.
  const [draft, setDraft] = useState<DraftFields>({ brief: "", must_include: "", must_not_include: "", home: "", behavior: "" });
  const placement = suggestForDraft(draft);
  const choice = placement ? placementChoice(placement, draft.home) : null;
  // Once saved, the fields empty so a second click cannot save the same case again under the next id.
  useEffect(() => {
    if (saved) {
      formRef.current?.reset();
      if (formRef.current) setDraft(readDraft(formRef.current));
    }
  }, [saved]);
  return (
    <>
      <HydratedForm ref={formRef} onSubmit={submit} onChange={(e) => setDraft(readDraft(e.currentTarget))} aria-label="Draft a golden case" className="card form-grid">
        <div className="wide placement-row">
          <div className="stack-fields">
            <label>
              Suite
              <select name="home" defaultValue="" aria-describedby="placement-choice">
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
          </div>
          <section id="placement-guidance" aria-label="Placement guidance" aria-live="polite" className={choice?.differs ? "warn" : "placement-box"}>
            <strong>Where does this case go?</strong>{" "}
            {placement && choice ? (
              <>
                <span id="placement-choice" data-testid="placement-choice" className={choice.differs ? "bad" : undefined}>
                  {choice.text}
                </span>
                <br />
                <span className="small">
                  {placement.label}: {placement.reason}
                </span>
              </>
            ) : (
              <span className="muted">Write the customer&apos;s message and the items: the suggestion appears here as you type.</span>
            )}
          </section>
        </div>
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
      </HydratedForm>
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
