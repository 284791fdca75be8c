"use client";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { HydratedForm } from "@/app/_components/hydrated-form";

/** What POST /api/judge-reports answers. */
export type JudgeReportImportResponse = { data: { id: number; name: string; cases: number } | null; error: string | null; line?: number | null; field?: string | null };

/** Upload of one judge report (`assay judge --out`, schema v2). The server validates it whole: a bad file stores nothing. */
export function UploadJudgeReportForm({ maxBytes }: { maxBytes: number }) {
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(ev: React.FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setMessage({ ok: false, text: "Import failed: choose a judge report file (.report.json)" });
    if (file.size > maxBytes) return setMessage({ ok: false, text: `Import failed: ${file.name} is over the ${maxBytes / 1048576} MB upload limit` });
    const reportName = name.trim() || file.name.replace(/\.report\.json$|\.json$/i, "");
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch(`/api/judge-reports?name=${encodeURIComponent(reportName)}&file=${encodeURIComponent(file.name)}`, { method: "POST", headers: { "content-type": "application/json" }, body: file });
      const body = (await res.json().catch(() => ({ data: null, error: `the server answered ${res.status}` }))) as JudgeReportImportResponse;
      if (body.data) {
        setMessage({ ok: true, text: `Imported judge report ${body.data.name} (judge report ${body.data.id}, ${body.data.cases} cases)` });
        router.refresh();
      } else setMessage({ ok: false, text: `Import failed: ${body.error ?? `the server answered ${res.status}`}` });
    } catch {
      setMessage({ ok: false, text: "Import failed: network error; nothing was imported" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <HydratedForm onSubmit={submit} className="card upload" aria-label="Import a judge report">
      <p className="muted">
        A judge report written by <code>npx assay judge --out</code> (schema version 2). It is checked in full before anything is stored: a bad file changes nothing.
      </p>
      <label>
        Judge report file <input ref={fileRef} type="file" accept=".json,application/json" />
      </label>
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} placeholder="from the file name" maxLength={120} />
      </label>
      <button type="submit" disabled={busy}>
        {busy ? "Importing…" : "Import judge report"}
      </button>
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "good" : "bad"}>
          {message.text}
        </p>
      ) : null}
    </HydratedForm>
  );
}
