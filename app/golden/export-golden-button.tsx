"use client";
import { useState, useTransition } from "react";
import type { GoldenExportResult } from "@/db/writes/export-golden";
import { exportGoldenAction } from "./actions";

/** Writes the current case versions back to golden/ and lists the files written. */
export function ExportGoldenButton() {
  const [pending, start] = useTransition();
  const [result, setResult] = useState<GoldenExportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card">
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const r = await exportGoldenAction();
            if (r.error !== null) {
              setError(r.error);
              setResult(null);
            } else {
              setError(null);
              setResult(r.data);
            }
          })
        }
      >
        Export golden cases
      </button>{" "}
      <span className="muted">writes golden/roles/&lt;role&gt;.json and golden/policy_behaviors.json, to commit in git</span>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {result && (
        <div role="status">
          <p>Wrote:</p>
          <ul aria-label="Files written">
            {result.files.map((f) => (
              <li key={f.file}>
                <code>{f.file}</code> ({f.cases} cases{f.changed ? ", changed" : ", unchanged"})
              </li>
            ))}
          </ul>
          {result.unlocked.length > 0 && (
            <p className="warn">
              New eval cases, not in golden/suites.lock.json yet: {result.unlocked.join(", ")}. Freeze them on purpose with <code>npx tsx scripts/freeze-suites.ts</code> and commit the lock.
            </p>
          )}
          {result.flagged.length > 0 && <p className="warn">Exported with item findings, which fail the golden suite test until an edit fixes them (see each case): {result.flagged.join(", ")}</p>}
        </div>
      )}
    </div>
  );
}
