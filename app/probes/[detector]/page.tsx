import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/index";
import { loadProbeSet } from "@/db/queries/probe-set";
import { DETECTOR_CODES, HARD_CODE_NAMES, type DetectorCode } from "@/lib/pack/vocab";
import { Labeller } from "./labeller";
import { QUEUES, type Queue } from "./queues";
import { requirePageUser } from "../../_lib/current-user";

export const dynamic = "force-dynamic";

export default async function LabelPage({ params, searchParams }: { params: Promise<{ detector: string }>; searchParams: Promise<{ queue?: string }> }) {
  const actor = (await requirePageUser()).email;
  const detector = (await params).detector.toUpperCase() as DetectorCode;
  if (!DETECTOR_CODES.includes(detector)) notFound();
  const q = (await searchParams).queue;
  const queue: Queue = QUEUES.includes(q as Queue) ? (q as Queue) : "unlabelled";
  const set = loadProbeSet(getDb(), detector);
  return (
    <>
      <p className="crumbs">
        <Link href="/probes">Probes</Link> / {detector}
      </p>
      <h1>Label {HARD_CODE_NAMES[detector]} probes</h1>
      <p className="muted">
        Keys: <kbd>v</kbd> violation · <kbd>c</kbd> clean · <kbd>n</kbd> next · <kbd>u</kbd> undo. Your label is one vote; the effective label is the majority of all annotators (the labels shipped in probes/*.jsonl count as the annotator “shipped”).
      </p>
      <Labeller detector={detector} probes={set.map(({ votes: _v, ...p }) => p)} initialVotes={Object.fromEntries(set.map((p) => [p.id, p.votes]))} actor={actor} initialQueue={queue} />
    </>
  );
}
