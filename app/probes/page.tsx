import Link from "next/link";
import { getDb } from "@/db/index";
import { figuresOf, loadProbeSet } from "@/db/queries/probe-set";
import { DETECTOR_CODES, HARD_CODE_NAMES, type DetectorCode } from "@/lib/pack/vocab";
import { pairwiseAgreement } from "@/lib/probes/agreement";
import { effectiveLabel } from "@/lib/probes/effective-label";
import type { DetectorFigure } from "@/lib/scoring/report-schema";
import { AgreementTable } from "../_components/agreement-table";
import { DetectorTable } from "../_components/detector-table";
import { AddProbeForm } from "./add-probe-form";
import { ExportProbesButton } from "./export-probes-button";
import { requirePageUser } from "../_lib/current-user";
import { latestRelease } from "@/db/queries/probe-set-versions";
import { probeSetVersionText } from "@/lib/probes/release";
import { DraftBanner } from "./draft-banner";

export const dynamic = "force-dynamic";

export default async function ProbesPage() {
  const actor = (await requirePageUser()).email;
  const db = await getDb();
  const all = await loadProbeSet(db);
  const released = await latestRelease(db);
  const figures = {} as Record<DetectorCode, DetectorFigure>;
  for (const c of DETECTOR_CODES) figures[c] = figuresOf(all.filter((p) => p.detector === c));
  return (
    <>
      <h1>Probes</h1>
      <p className="muted">
        Hand-labelled replies that measure each detector. The draft&apos;s figures are computed now, from the detectors&apos; current code and the effective labels (majority of annotators; ties are contested and left out). A detector whose recall, or share of matched pairs separated, is below 0.9 makes its criterion advisory — for runs imported after a lead releases the draft as a new probe-set version (<Link href="/probes/release">release diff</Link>).
      </p>
      <DraftBanner />
      <DetectorTable detectors={figures} caption="Draft detector figures (live)" />
      {released ? <DetectorTable detectors={released.figures} caption={`Released probe set ${probeSetVersionText(released.version)}: the figures runs are scored with`} /> : null}
      <div className="detector-cards">
        {DETECTOR_CODES.map((c) => {
          const set = all.filter((p) => p.detector === c);
          const eff = set.map((p) => ({ p, e: effectiveLabel(p.votes) }));
          const mineMissing = set.filter((p) => !p.votes.some((v) => v.annotator === actor)).length;
          const disagreeing = eff.filter(({ p, e }) => e.label !== null && e.label !== (p.predicted ? "violation" : "clean")).length;
          const disputed = eff.filter(({ e }) => e.disputed).length;
          const ties = eff.filter(({ e }) => e.contested).length;
          const pairs = new Set(set.map((p) => p.pairId).filter(Boolean)).size;
          const agreement = pairwiseAgreement(set);
          return (
            <section key={c} className="card" aria-label={`${c} probes`}>
              <h2>{HARD_CODE_NAMES[c]}</h2>
              <p>
                {set.length} probes{pairs ? `, ${pairs} matched pairs` : ""} · unlabelled by you {mineMissing} · disagreeing with the detector {disagreeing} · annotators disagree {disputed} (ties {ties})
              </p>
              <p>
                <Link href={`/probes/${c}`} className="button">
                  Label {c} probes
                </Link>{" "}
                <Link href={`/probes/${c}?queue=disagreeing`}>disagreeing</Link> · <Link href={`/probes/${c}?queue=contested`}>contested</Link>
              </p>
              <h3 className="small">Cohen&apos;s κ between annotators who overlap</h3>
              <AgreementTable agreement={agreement} label={`${c} annotator agreement`} />
            </section>
          );
        })}
      </div>
      <h2>Add a probe</h2>
      <AddProbeForm />
      <h2>Export probes</h2>
      <p className="muted">Every probe as its probes/*.jsonl file would hold it, with its effective label (a tie keeps its earliest label and is listed): previewed as a diff against what the server last seeded, then downloaded to commit from your own clone. Nothing is written on the server (docs/WORKBENCH.md).</p>
      <ExportProbesButton />
    </>
  );
}
