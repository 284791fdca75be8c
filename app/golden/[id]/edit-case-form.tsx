"use client";
import { startTransition, useActionState, type FormEvent } from "react";
import type { AuthoredCase } from "@/lib/golden/case-schema";
import { editCaseAction } from "../actions";
import { DiffView, FindingsView } from "../guidance";
import { HydratedForm } from "@/app/_components/hydrated-form";

/** Edit a (dev) case: a new version, with a required change note. Item findings are shown with the result, never applied. */
export function EditCaseForm({ caseId, version, content, behaviors }: { caseId: string; version: number; content: AuthoredCase; behaviors: readonly string[] }) {
  const [state, dispatch, pending] = useActionState(editCaseAction, null);
  // Submitted by hand (not <form action>), so a refused edit keeps what the person wrote.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    startTransition(() => dispatch(data));
  };
  const c = content.case;
  return (
    <section aria-label="Edit case">
      <h2>Edit (saves version {version + 1})</h2>
      {/* keyed by version: after a save the fields show the new current version */}
      <HydratedForm key={version} onSubmit={submit} aria-label="Edit case form" className="card form-grid">
        <input type="hidden" name="case_id" value={caseId} />
        <input type="hidden" name="base_version" value={version} />
        {content.suite === "policy" ? (
          <label>
            Behaviour
            <select name="behavior" defaultValue={content.case.behavior}>
              {behaviors.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </label>
        ) : (
          <input type="hidden" name="behavior" value="" />
        )}
        <label>
          Split
          <select name="split" defaultValue={c.split ?? "dev"}>
            <option value="dev">dev</option>
            <option value="eval">eval (freezes the case: no further edits in place)</option>
          </select>
        </label>
        <label className="wide">
          Customer message (brief)
          <textarea name="brief" rows={3} cols={80} required defaultValue={c.brief} />
        </label>
        <label className="wide">
          must_include (one item per line)
          <textarea name="must_include" rows={4} cols={80} defaultValue={c.must_include.join("\n")} />
        </label>
        <label className="wide">
          must_not_include (one item per line)
          <textarea name="must_not_include" rows={4} cols={80} defaultValue={c.must_not_include.join("\n")} />
        </label>
        <label className="wide">
          Notes for authors (not shown to the judge)
          <textarea name="notes" rows={2} cols={80} defaultValue={c.notes ?? ""} />
        </label>
        <label className="wide">
          Change note (required: what changed and why)
          <input name="change_note" size={60} required />
        </label>
        <div className="wide">
          <button type="submit" disabled={pending}>
            Save new version
          </button>
        </div>
      </HydratedForm>
      {state?.error ? (
        <p role="alert" className="error">
          {state.error}
        </p>
      ) : null}
      {state?.data ? (
        <div role="status" aria-label="Saved">
          <p className="ok-box">Saved version {state.data.version}.</p>
          <DiffView diff={state.data.diff} />
          {state.data.items.some((i) => i.findings.length) ? <FindingsView items={state.data.items} /> : null}
        </div>
      ) : null}
    </section>
  );
}
