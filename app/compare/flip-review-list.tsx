"use client";
import Link from "next/link";
import { useMemo, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { reasonKind } from "@/lib/approval/reason-kind";
import { reviewFlipsAction } from "./bulk-actions";
import { ReviewForm } from "./review-controls";

export type FlipListItem = { key: string; group: string; flip: boolean; blocker: boolean; reason: string | null; status: string; reviewed: boolean };
type Pair = { baselineRef: string; candidateRef: string };

/**
 * The pass→fail flips and blockers to review (issue 26, item 9). A lead ticks cases — all, the unreviewed, a family or
 * role, a kind of reason — and accepts or rejects them with one note; the server records each case as its own review.
 * Each case id appears once in the list, as the link to its case page; one case can still be reviewed on its own.
 */
export function FlipReviewList({ items, pair, mayReview, caseHref, groupWord }: { items: FlipListItem[]; pair: Pair; mayReview: boolean; caseHref: string; groupWord: string }) {
  const router = useRouter();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState("");
  const [result, setResult] = useState<{ ok: boolean; text: string; keys: string[] } | null>(null);
  const [pending, start] = useTransition();
  const groups = useMemo(() => [...new Set(items.map((i) => i.group))].sort(), [items]);
  const kinds = useMemo(() => [...new Set(items.map((i) => reasonKind(i.reason)))].sort(), [items]);
  const selectWhere = (pick: (i: FlipListItem) => boolean) => setSelected(new Set(items.filter(pick).map((i) => i.key)));
  const toggle = (key: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const send = (decision: "accept" | "reject") =>
    start(async () => {
      const caseKeys = items.filter((i) => selected.has(i.key)).map((i) => i.key);
      const r = await reviewFlipsAction({ ...pair, caseKeys, decision, note });
      if (r.error !== null) return setResult({ ok: false, text: r.error, keys: [] });
      setResult({ ok: true, text: `${decision === "accept" ? "Accepted" : "Rejected"} ${caseKeys.length} case${caseKeys.length === 1 ? "" : "s"}, each recorded as its own review`, keys: caseKeys });
      setSelected(new Set());
      setNote("");
      router.refresh();
    });

  return (
    <>
      {mayReview && items.length > 1 ? (
        <form aria-label="Review several cases" className="card bulk-review" onSubmit={(e) => e.preventDefault()}>
          <p>
            Select:{" "}
            <button type="button" onClick={() => selectWhere(() => true)}>
              all ({items.length})
            </button>{" "}
            <button type="button" onClick={() => selectWhere((i) => !i.reviewed)}>
              not reviewed ({items.filter((i) => !i.reviewed).length})
            </button>{" "}
            <button type="button" onClick={() => setSelected(new Set())}>
              none
            </button>{" "}
            <label>
              by {groupWord}{" "}
              <select value="" onChange={(e) => e.target.value && selectWhere((i) => i.group === e.target.value)}>
                <option value="">choose…</option>
                {groups.map((g) => (
                  <option key={g} value={g}>
                    {g} ({items.filter((i) => i.group === g).length})
                  </option>
                ))}
              </select>
            </label>{" "}
            <label>
              by reason{" "}
              <select value="" onChange={(e) => e.target.value && selectWhere((i) => reasonKind(i.reason) === e.target.value)}>
                <option value="">choose…</option>
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {k} ({items.filter((i) => reasonKind(i.reason) === k).length})
                  </option>
                ))}
              </select>
            </label>
          </p>
          <p>
            <strong data-testid="selected-count">{selected.size} selected</strong>.{" "}
            <label>
              Note for all <input value={note} onChange={(e) => setNote(e.target.value)} size={50} maxLength={2000} />
            </label>{" "}
            <button type="button" disabled={pending || selected.size === 0} onClick={() => send("accept")}>
              Accept selected
            </button>{" "}
            <button type="button" disabled={pending || selected.size === 0} onClick={() => send("reject")}>
              Reject selected
            </button>
          </p>
          {result ? (
            <p role={result.ok ? "status" : "alert"} className={result.ok ? "good" : "bad"}>
              {result.text}
              {result.keys.length ? ": " : ""}
              {result.keys.map((k, n) => (
                <span key={k}>
                  {n ? ", " : ""}
                  <Link href={`${caseHref}${encodeURIComponent(k)}`}>{k}</Link>
                </span>
              ))}
            </p>
          ) : null}
        </form>
      ) : null}
      <ul aria-label="Cases to review">
        {items.map((i) => (
          <li key={i.key} aria-label={`Case ${i.key}`}>
            {mayReview && items.length > 1 ? <input type="checkbox" aria-label={`Select ${i.key}`} checked={selected.has(i.key)} onChange={(e) => toggle(i.key, e.target.checked)} /> : null}{" "}
            <strong>
              <Link href={`${caseHref}${encodeURIComponent(i.key)}`}>{i.key}</Link>
            </strong>{" "}
            <span className="muted">{i.group}</span> {i.flip ? <span className="badge bad-badge">pass→fail</span> : null}{" "}
            {i.blocker ? (
              // The reason says which in words; a pass→fail flip's baseline passed, so every violation it names is new.
              <span className="badge bad-badge" title="a violation the baseline's case did not have: it blocks whatever the mean">
                blocker
              </span>
            ) : null}{" "}
            <span data-testid="reason">{i.reason}</span>
            <div data-testid="review-status">{i.status}</div>
            {mayReview ? <ReviewForm pair={pair} caseKey={i.key} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
