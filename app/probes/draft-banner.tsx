import Link from "next/link";
import { getDb } from "@/db/index";
import { draftState } from "@/db/queries/probe-set-versions";
import { probeSetVersionText } from "@/lib/probes/release";
import { when } from "../_lib/format";

/**
 * Issue 26: on the labelling pages, the figures shown are the draft's. Runs are gated by the released version; this
 * says which, and what the draft would change if a lead released it.
 */
export function DraftBanner() {
  const { released, diff } = draftState(getDb());
  const labels = diff.added.length + diff.removed.length + diff.changed.length;
  return (
    <p role="note" aria-label="Probe-set draft" className="warn small" data-testid="draft-banner">
      <strong>Draft.</strong> Figures here are the draft&apos;s, live from the labels; labelling changes the draft only.{" "}
      {released ? (
        <>
          Runs are scored with the released probe set <strong>{probeSetVersionText(released.version)}</strong> ({when(released.released_at)}, {released.released_by}).{" "}
          {diff.empty
            ? "The draft is the same as the released version."
            : `The draft differs from it: ${labels} label change(s)${diff.advisoryChanges.length ? `, and advisory status would change for ${diff.advisoryChanges.join(", ")}` : ""}.`}
        </>
      ) : (
        "No probe-set version is released yet."
      )}{" "}
      <Link href="/probes/release">Release diff</Link>
    </p>
  );
}
