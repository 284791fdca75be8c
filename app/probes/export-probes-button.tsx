"use client";
import { useState, useTransition } from "react";
import type { ExportResult } from "@/db/writes/export-probes";
import { exportProbesAction } from "./actions";

export function ExportProbesButton() {
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ExportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card">
      <button type="button" disabled={pending} onClick={() => start(async () => {
        const r = await exportProbesAction();
        if (r.error !== null) setError(r.error);
        else {
          setError(null);
          setResult(r.data);
        }
      })}>
        Export probes
      </button>
      {error && <p role="alert" className="error">{error}</p>}
      {result && (
        <div role="status">
          <p>Wrote {result.files.map((f) => `${f.file} (${f.probes})`).join(", ")}.</p>
          {result.tiesKept.length > 0 && <p className="warn">Tied, kept their earliest label: {result.tiesKept.join(", ")}</p>}
          {result.unlabelled.length > 0 && <p className="warn">Not written (nobody has labelled them): {result.unlabelled.join(", ")}</p>}
        </div>
      )}
    </div>
  );
}
