"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import type { ImportEvent } from "./import-events";
import { f3 } from "../_lib/format";
import { HydratedForm } from "@/app/_components/hydrated-form";

type Status =
  | { kind: "idle" }
  | { kind: "upload"; loaded: number; total: number }
  | { kind: "score"; done: number; total: number }
  | { kind: "store"; total: number }
  | { kind: "done"; event: Extract<ImportEvent, { type: "done" }> }
  | { kind: "error"; event: Extract<ImportEvent, { type: "error" }> };

const mb = (n: number) => `${(n / 1048576).toFixed(n < 10 * 1048576 ? 1 : 0)} MB`;

/** Run upload with a stated size limit, upload progress (XHR) and scoring progress (the endpoint's NDJSON stream). */
export function UploadRunForm({ maxBytes }: { maxBytes: number }) {
  const router = useRouter();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [name, setName] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const busy = status.kind === "upload" || status.kind === "score" || status.kind === "store";

  function onEvent(e: ImportEvent) {
    if (e.type === "received") setStatus({ kind: "score", done: 0, total: e.lines });
    else if (e.type === "progress") setStatus(e.phase === "score" ? { kind: "score", done: e.done, total: e.total } : { kind: "store", total: e.total });
    else if (e.type === "done") {
      setStatus({ kind: "done", event: e });
      router.refresh();
    } else setStatus({ kind: "error", event: e });
  }

  function submit(ev: React.FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setStatus({ kind: "error", event: { type: "error", message: "choose a JSONL run file", line: null, field: "file", detail: "" } });
    if (file.size > maxBytes) return setStatus({ kind: "error", event: { type: "error", message: `${file.name} is ${mb(file.size)}, over the ${mb(maxBytes)} upload limit; import it with npx assay import instead`, line: null, field: null, detail: "" } });
    const runName = name.trim() || file.name.replace(/\.jsonl$/i, "");
    const xhr = new XMLHttpRequest();
    let seen = 0;
    let finished = false;
    const drain = () => {
      const text = xhr.responseText;
      let nl = text.indexOf("\n", seen);
      while (nl !== -1) {
        const line = text.slice(seen, nl);
        seen = nl + 1;
        if (line.trim()) {
          const e = JSON.parse(line) as ImportEvent;
          if (e.type === "done" || e.type === "error") finished = true;
          onEvent(e);
        }
        nl = text.indexOf("\n", seen);
      }
    };
    xhr.open("POST", `/api/runs?name=${encodeURIComponent(runName)}&file=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("content-type", "application/x-ndjson");
    xhr.upload.onprogress = (e) => setStatus({ kind: "upload", loaded: e.loaded, total: e.total || file.size });
    xhr.onprogress = drain;
    xhr.onload = () => {
      drain();
      if (!finished) setStatus({ kind: "error", event: { type: "error", message: `the server answered ${xhr.status} without a result`, line: null, field: null, detail: "" } });
    };
    xhr.onerror = () => setStatus({ kind: "error", event: { type: "error", message: "the upload failed (network error); nothing was imported", line: null, field: null, detail: "" } });
    setStatus({ kind: "upload", loaded: 0, total: file.size });
    xhr.send(file);
  }

  let progress: { value: number; max: number; text: string } | null = null;
  if (status.kind === "upload") progress = { value: status.loaded, max: status.total, text: `Uploading ${mb(status.loaded)} of ${mb(status.total)}` };
  if (status.kind === "score") progress = { value: status.done, max: Math.max(1, status.total), text: `Scoring line ${status.done.toLocaleString("en-US")} of ${status.total.toLocaleString("en-US")}` };
  if (status.kind === "store") progress = { value: 1, max: 1, text: `Storing ${status.total.toLocaleString("en-US")} scored decisions in one transaction` };

  return (
    <HydratedForm onSubmit={submit} className="card upload" aria-label="Import a run">
      <p className="muted">
        A JSONL run file (one <code>{'{"decision_id", "raw", "thinking"}'}</code> object per line), at most {mb(maxBytes)} (about 250,000 decisions). It is validated and scored in full before anything is stored: a bad line changes nothing.
      </p>
      <label>
        Run file <input ref={fileRef} type="file" name="file" accept=".jsonl,application/x-ndjson,application/json,text/plain" disabled={busy} />
      </label>{" "}
      <label>
        Name <input name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="defaults to the file name" disabled={busy} maxLength={120} />
      </label>{" "}
      <button type="submit" disabled={busy}>
        Import
      </button>
      {progress && (
        <div className="progress">
          <progress value={progress.value} max={progress.max} aria-label="Import progress" />{" "}
          <span role="status">{progress.text}</span>
        </div>
      )}
      {status.kind === "done" && (
        <p role="status" className="ok-box">
          Imported <strong>{status.event.name}</strong> ({status.event.lines.toLocaleString("en-US")} lines): composite dev {f3(status.event.compositeDev)} · eval {f3(status.event.compositeEval)}. <Link href={`/runs/${status.event.runId}`}>Open the report</Link>
        </p>
      )}
      {status.kind === "error" && (
        <div role="alert" className="error">
          <strong>Import failed{status.event.line ? ` at line ${status.event.line}` : ""}{status.event.field ? `, field ${status.event.field}` : ""}.</strong> {status.event.message}. Nothing was imported.
        </div>
      )}
    </HydratedForm>
  );
}
