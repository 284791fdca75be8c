"use client";
import { useActionState } from "react";
import { checkDraftAction } from "./actions";

/** Write a draft case and check it: findings per item, and where the case belongs. */
export function DraftForm() {
  const [state, action, pending] = useActionState(checkDraftAction, null);
  return (
    <>
      <form action={action} aria-label="Draft a golden case" className="stack">
        <label>
          Customer message (brief)
          <br />
          <textarea name="brief" rows={3} cols={80} required />
        </label>
        <label>
          Role (leave empty for a policy behaviour) <input name="role" size={24} />
        </label>
        <label>
          must_include (one item per line)
          <br />
          <textarea name="must_include" rows={4} cols={80} />
        </label>
        <label>
          must_not_include (one item per line)
          <br />
          <textarea name="must_not_include" rows={4} cols={80} />
        </label>
        <button type="submit" disabled={pending}>
          Check draft
        </button>
      </form>
      {state?.error ? (
        <p role="alert" className="bad">
          {state.error}
        </p>
      ) : null}
      {state?.data ? (
        <section aria-label="Draft check">
          <h2>Where does this case go?</h2>
          <p>
            <strong>{state.data.placement.label}</strong>: {state.data.placement.reason}
          </p>
          {state.data.placement.move.length ? (
            <ul aria-label="Items to move">
              {state.data.placement.move.map((m) => (
                <li key={`${m.kind}:${m.text}`}>
                  “{m.text}” → {m.to} suite: {m.why}
                </li>
              ))}
            </ul>
          ) : null}
          <h2>Items</h2>
          <ul aria-label="Item findings">
            {state.data.items.map((i) => (
              <li key={`${i.kind}:${i.index}`}>
                <code>{i.kind}</code> “{i.text}”:{" "}
                {i.findings.length ? (
                  <ul>
                    {i.findings.map((f) => (
                      <li key={f.code + (f.match ?? "")} className="warn" role="note">
                        {f.code}: {f.message}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="good">judgeable</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
