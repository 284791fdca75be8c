import Link from "next/link";
import { getDb } from "@/db/index";
import { draftSummary } from "@/db/queries/probe-set-versions";
import { probeSetVersionText } from "@/lib/probes/release";
import { when } from "../_lib/format";

/**
 * Issue 26: on the labelling pages, the figures shown are the draft's. Runs are gated by the released version; this
 * says which, and what the draft would change if a lead released it.
 */
export async function DraftBanner() {
  // Votes only (draftSummary): the labelling page must stay quick; the release page measures figures and advisory status.
  const { released, labelChanges } = await draftSummary(await getDb());
  return (
    <p role="note" aria-label="Probe-set draft" className="warn small" data-testid="draft-banner">
      <strong>Draft.</strong> Figures here are the draft&apos;s, live from the labels; labelling changes the draft only.{" "}
      {released ? (
        <>
          Runs are scored with the released probe set <strong>{probeSetVersionText(released.version)}</strong> ({when(released.releasedAt)}, {released.releasedBy}).{" "}
          {labelChanges === 0
            ? "The draft's labels are the released version's."
            : `The draft differs from it in ${labelChanges} probe label(s) (added probes included); the release diff shows what that does to each detector's figures and advisory status.`}
        </>
      ) : (
        "No probe-set version is released yet."
      )}{" "}
      <Link href="/probes/release">Release diff</Link>
    </p>
  );
}
