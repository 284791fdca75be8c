"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { approveBaselineAction, reviewFlipAction } from "./actions";

/** The compared pair by ref: "run:<id>" or "judge:<id>" on both sides. */
type Pair = { baselineRef: string; candidateRef: string };

/** Accept with a note, or reject, one pass→fail flip or blocker. The server re-checks everything (lead only). */
export function ReviewForm({ pair, caseKey }: { pair: Pair; caseKey: string }) {
  const router = useRouter();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const send = (decision: "accept" | "reject") =>
    start(async () => {
      const r = await reviewFlipAction({ ...pair, caseKey, decision, note });
      setError(r.error);
      if (!r.error) router.refresh();
    });
  return (
    <form aria-label={`Review ${caseKey}`} className="inline-form" onSubmit={(e) => e.preventDefault()}>
      <label>
        Note <input value={note} onChange={(e) => setNote(e.target.value)} size={40} maxLength={2000} />
      </label>{" "}
      <button type="button" disabled={pending} onClick={() => send("accept")}>
        Accept
      </button>{" "}
      <button type="button" disabled={pending} onClick={() => send("reject")}>
        Reject
      </button>
      {error ? (
        <span role="alert" className="bad">
          {" "}
          {error}
        </span>
      ) : null}
    </form>
  );
}

/** Approve the candidate as the new baseline; lib/approval lists every unmet rule when it may not be approved yet. */
export function ApproveForm({ pair, candidateLabel, needsJustification }: { pair: Pair; /** "run 3", "judge report 4" */ candidateLabel: string; needsJustification: boolean }) {
  const router = useRouter();
  const [justification, setJustification] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      aria-label="Approve baseline"
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          const r = await approveBaselineAction({ ...pair, justification });
          setMessage(r.error ? { ok: false, text: r.error } : { ok: true, text: `Approved ${candidateLabel} as the new baseline` });
          if (!r.error) router.refresh();
        });
      }}
    >
      <label>
        Justification{needsJustification ? " (required: at least 20 characters)" : " (optional)"}
        <br />
        <textarea value={justification} onChange={(e) => setJustification(e.target.value)} rows={3} cols={70} maxLength={5000} />
      </label>
      <br />
      <button type="submit" disabled={pending}>
        Approve candidate as baseline
      </button>
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "good" : "bad"}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
