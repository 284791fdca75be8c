"use client";
import Link from "next/link";
import { useState } from "react";
import { effectiveLabel } from "@/lib/probes/effective-label";
import type { LabelItemView } from "@/lib/probes/labelling";
import { HighlightedText, type Span } from "../../_components/highlighted-text";

type Promote = { promotedProbeId: string | null; onPromote: () => Promise<void> };

/**
 * One probe or audit item: the reply with the detector's hits and cleared spans marked, the context it saw (the
 * conversation, allowed timelines, verification) and every annotator's vote. Blind until you vote: the prediction,
 * the marks, the label, the note and others' votes are hidden, so your label is yours and not the detector's. The server
 * sends them only with the answer to your vote (`item.revealed`); after an undo the card hides them again.
 */
export function ProbeCard({ item, heading, blind, onOpen, promote }: { item: LabelItemView; heading: string; blind: boolean; onOpen?: () => void; promote: Promote | null }) {
  const [promoting, setPromoting] = useState(false);
  const mine = item.mine;
  const shown = item.revealed && (!blind || mine !== null) ? item.revealed : null;
  const revealed = shown !== null;
  const votes = shown?.votes ?? [];
  const eff = effectiveLabel(votes);
  const predicted = shown?.predicted ? "violation" : "clean";
  const spans: Span[] = shown ? [...shown.hits.map((h) => ({ ...h, code: item.detector })), ...(shown.cleared ?? []).map((c) => ({ ...c, code: item.detector, outcome: "cleared" as const }))] : [];
  const src = item.source;
  return (
    <article className="card probe" aria-label={`${heading} ${item.id}`}>
      <header>
        <h2>
          {heading} <code>{item.id}</code>
        </h2>
        {shown ? (
          <p data-testid="prediction">
            Detector predicts <span className={`badge ${shown.predicted ? "bad-badge" : "hard"}`}>{predicted}</span> · Label{" "}
            {eff.contested ? (
              <span className="badge advisory">
                contested (tie {eff.violation}–{eff.clean})
              </span>
            ) : eff.label ? (
              <span className="badge">
                {eff.label} ({Math.max(eff.violation, eff.clean)} of {votes.length})
              </span>
            ) : (
              <span className="badge">unlabelled</span>
            )}
            {eff.label && eff.label !== predicted && <span className="bad"> disagrees with the detector</span>} · Yours: <strong data-testid="my-label">{mine ?? "none"}</strong>
          </p>
        ) : (
          <p data-testid="blind">
            <span className="badge">blind</span> The detector&apos;s prediction, its marks, the label and others&apos; votes show once you have voted. · Yours: <strong data-testid="my-label">{mine ?? "none"}</strong>
          </p>
        )}
      </header>
      {src && (
        <p className="muted small">
          Run {src.runName}, line {src.lineNo}, decision {src.decisionId}
          {revealed && (
            <>
              {" "}
              · <Link href={`/runs/${src.runId}/decisions/${src.lineNo}`}>decision view</Link>
            </>
          )}
        </p>
      )}
      {item.history && (
        <details open={item.history.length <= 4}>
          <summary>Conversation up to the reply ({item.history.length} turns)</summary>
          <ol className="conversation" aria-label="Conversation">
            {item.history.map((t, i) => (
              <li key={i} className={`turn turn-${t.role}`}>
                <span className="role">{t.role}</span>
                <p>{t.text}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
      <dl className="context">
        {!item.history && (
          <>
            <dt>Customer</dt>
            <dd>{item.context.customer_message || "—"}</dd>
          </>
        )}
        <dt>Allowed timelines</dt>
        <dd>{item.context.allowed_timeline_claims.length ? item.context.allowed_timeline_claims.join(", ") : "none"}</dd>
        <dt>Identity</dt>
        <dd>{item.context.may_disclose_account_details ? "verified: may disclose account details" : "not verified: no account details"}</dd>
      </dl>
      <HighlightedText text={item.reply} spans={spans} />
      {shown && shown.hits.length > 0 && <p className="muted small">Hits: {shown.hits.map((h) => `“${h.text}” (${h.reason})`).join("; ")}</p>}
      {shown && shown.cleared && shown.cleared.length > 0 && <p className="muted small">Read and cleared: {shown.cleared.map((c) => `“${c.text}” (${c.reason})`).join("; ")}</p>}
      {shown && shown.note && <p className="muted small">Note: {shown.note}</p>}
      {revealed && <p className="muted small">Votes: {votes.length ? votes.map((v) => `${v.annotator}: ${v.label}`).join(", ") : "none"}</p>}
      {promote &&
        revealed &&
        (promote.promotedProbeId ? (
          <p className="small" role="status">
            Promoted to probe{" "}
            <Link href={`/probes/${item.detector}?queue=all&probe=${encodeURIComponent(promote.promotedProbeId)}`}>
              <code>{promote.promotedProbeId}</code>
            </Link>
          </p>
        ) : (
          <p>
            <button
              type="button"
              disabled={promoting || eff.label === null}
              title={eff.label === null ? "needs a majority label first" : "keeps the reply, its context, every vote and where it came from"}
              onClick={async () => {
                setPromoting(true);
                await promote.onPromote();
                setPromoting(false);
              }}
            >
              Promote to probe
            </button>
          </p>
        ))}
      {onOpen && (
        <button type="button" onClick={onOpen}>
          Label this one instead
        </button>
      )}
    </article>
  );
}
