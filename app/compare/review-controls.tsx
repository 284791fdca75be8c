"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { approveBaselineAction, reviewFlipAction } from "./actions";
import { HydratedForm } from "@/app/_components/hydrated-form";

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
      if (!r.error) {
        setNote("");
        router.refresh();
      }
    });
  return (
    <HydratedForm aria-label={`Review ${caseKey}`} className="inline-form" onSubmit={(e) => e.preventDefault()}>
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
    </HydratedForm>
  );
}

/**
 * Approve the candidate as the new baseline; lib/approval lists every unmet rule when it may not be approved yet.
 * Issue 26, item 10: the form shows the state the page is in — once approved, only that; a refusal is shown until the
 * reviews or rules it answered change (`stateKey`), not after.
 */
export function ApproveForm({
  pair,
  seenApprovalId,
  needsJustification,
  approvedText,
  stateKey,
}: {
  pair: Pair;
  /** The newest approval of this kind when the page was shown (null: none): an approval written since refuses this one. */
  seenApprovalId: number | null;
  needsJustification: boolean;
  /** Set once this pair is approved: the form gives way to it. */
  approvedText: string | null;
  /** Changes whenever the reviews or the unmet rules change. */
  stateKey: string;
}) {
  const router = useRouter();
  const [justification, setJustification] = useState("");
  const [refusal, setRefusal] = useState<{ text: string; at: string } | null>(null);
  const [pending, start] = useTransition();
  if (approvedText)
    return (
      <HydratedForm aria-label="Approve baseline" onSubmit={(e) => e.preventDefault()}>
        <p role="status" className="good">
          {approvedText}
        </p>
      </HydratedForm>
    );
  const message = refusal && refusal.at === stateKey ? refusal.text : null;
  return (
    <HydratedForm
      aria-label="Approve baseline"
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          const r = await approveBaselineAction({ ...pair, justification, seenApprovalId });
          setRefusal(r.error ? { text: r.error, at: stateKey } : null);
          // The candidate is now the current baseline, which a URL without ?baseline= would compare it with: name the pair.
          if (!r.error) router.replace(`/compare?baseline=${encodeURIComponent(pair.baselineRef)}&candidate=${encodeURIComponent(pair.candidateRef)}`, { scroll: false });
        });
      }}
    >
      <input type="hidden" name="seenApprovalId" value={seenApprovalId ?? ""} />
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
        <p role="alert" className="bad">
          {message}
        </p>
      ) : null}
    </HydratedForm>
  );
}
