"use client";
import { effectiveLabel, type LabelVote } from "@/lib/probes/effective-label";
import { HighlightedText } from "../../_components/highlighted-text";
import type { LabellerProbe } from "./labeller";

/** One probe: the detector's prediction with its highlighted span, the context it saw, and every annotator's vote. */
export function ProbeCard({ probe, votes, actor, heading, onOpen }: { probe: LabellerProbe; votes: LabelVote[]; actor: string; heading: string; onOpen?: () => void }) {
  const eff = effectiveLabel(votes);
  const mine = votes.find((v) => v.annotator === actor)?.label ?? null;
  const predicted = probe.predicted ? "violation" : "clean";
  return (
    <article className="card probe" aria-label={`${heading} ${probe.id}`}>
      <header>
        <h2>
          {heading} <code>{probe.id}</code>
        </h2>
        <p>
          Detector predicts <span className={`badge ${probe.predicted ? "bad-badge" : "hard"}`}>{predicted}</span> · Label{" "}
          {eff.contested ? (
            <span className="badge advisory">contested (tie {eff.violation}–{eff.clean})</span>
          ) : eff.label ? (
            <span className="badge">
              {eff.label} ({Math.max(eff.violation, eff.clean)} of {votes.length})
            </span>
          ) : (
            <span className="badge">unlabelled</span>
          )}
          {eff.label && eff.label !== predicted && <span className="bad"> disagrees with the detector</span>} · Yours: <strong data-testid="my-label">{mine ?? "none"}</strong>
        </p>
      </header>
      <dl className="context">
        <dt>Customer</dt>
        <dd>{probe.context.customer_message || "—"}</dd>
        <dt>Allowed timelines</dt>
        <dd>{probe.context.allowed_timeline_claims.length ? probe.context.allowed_timeline_claims.join(", ") : "none"}</dd>
        <dt>May disclose account details</dt>
        <dd>{probe.context.may_disclose_account_details ? "yes (verified)" : "no"}</dd>
      </dl>
      <HighlightedText text={probe.reply} spans={probe.hits.map((h) => ({ ...h, code: probe.detector }))} />
      {probe.hits.length > 0 && <p className="muted small">Highlighted: {probe.hits.map((h) => `“${h.text}” (${h.reason})`).join("; ")}</p>}
      {probe.note && <p className="muted small">Note: {probe.note}</p>}
      <p className="muted small">Votes: {votes.length ? votes.map((v) => `${v.annotator}: ${v.label}`).join(", ") : "none"}</p>
      {onOpen && (
        <button type="button" onClick={onOpen}>
          Label this one instead
        </button>
      )}
    </article>
  );
}
