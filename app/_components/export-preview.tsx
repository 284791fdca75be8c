"use client";
import { useState, useTransition } from "react";
import type { ActionResult } from "../_lib/action-result";
import type { ExportPreview } from "../_lib/exports";

/**
 * Issue 20: an export button that previews before anything leaves the workbench: each file's diff against what the
 * server last seeded (as text), then a .zip of every file or one file at a time, as downloads. The server's checkout is
 * never written; commit the downloaded files from your own clone (or use `npx assay export-… --out DIR`).
 */
export function ExportPreviewButton({ label, preview }: { label: string; preview: () => Promise<ActionResult<ExportPreview>> }) {
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ExportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changed = result?.files.filter((f) => f.status !== "unchanged") ?? [];
  return (
    <div className="card">
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const r = await preview();
            setError(r.error);
            setResult(r.data);
          })
        }
      >
        {label}
      </button>
      {error && (
        <p role="alert" className="bad">
          {error}
        </p>
      )}
      {result && (
        <section role="region" aria-label="Export preview">
          <p>
            {changed.length ? `${changed.length} of ${result.files.length} files differ from what the server last seeded.` : `All ${result.files.length} files are as the server last seeded them.`}{" "}
            <a href={result.zipUrl} download>
              Download all ({result.files.length} files, .zip)
            </a>
          </p>
          <ul aria-label="Files in the export">
            {result.files.map((f) => (
              <li key={f.path}>
                <code>{f.path}</code> ({f.records} records, {f.status === "unchanged" ? "unchanged" : f.status === "new" ? `new, ${f.added} lines` : `+${f.added} −${f.removed} lines`}){" "}
                <a href={result.fileUrl[f.path]} download>
                  download
                </a>
                {f.diff && (
                  <details>
                    <summary>diff against the seeded {f.path}</summary>
                    <pre className="diff" aria-label={`Diff of ${f.path}`}>
                      {f.diff}
                    </pre>
                  </details>
                )}
              </li>
            ))}
          </ul>
          {result.notes.map((n) => (
            <p key={n} className="warn">
              {n}
            </p>
          ))}
        </section>
      )}
    </div>
  );
}
