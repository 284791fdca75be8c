"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { releaseProbeSetAction } from "./actions";
import { HydratedForm } from "@/app/_components/hydrated-form";

/** The lead's release of the previewed draft, with a note saying why. The server re-measures the draft and checks it is this one. */
export function ReleaseForm({ digest, next }: { digest: string; next: number }) {
  const router = useRouter();
  const [note, setNote] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const send = () =>
    start(async () => {
      const r = await releaseProbeSetAction({ digest, note });
      if (r.error !== null) return setMessage({ ok: false, text: r.error });
      setMessage({ ok: true, text: `Released probe set v${r.data.version}: runs imported from now on are scored with it.` });
      setNote("");
      router.refresh();
    });
  return (
    <HydratedForm aria-label="Release the draft" onSubmit={(e) => (e.preventDefault(), send())}>
      <label>
        Why release v{next} (required, kept in the version history and the audit log)
        <br />
        <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} cols={70} maxLength={2000} />
      </label>
      <br />
      <button type="submit" disabled={pending}>
        Release v{next}
      </button>
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "ok-box" : "bad"}>
          {message.text}
        </p>
      ) : null}
    </HydratedForm>
  );
}
