import Link from "next/link";
import { Fragment } from "react";
import { notFound } from "next/navigation";
import { getDb } from "@/db/index";
import { loadProbeSet } from "@/db/queries/probe-set";
import { getAudit, listAudits, loadAuditQueue } from "@/db/queries/run-audit";
import { getRun } from "@/db/queries/runs";
import { loadDbPack } from "@/db/queries/scoring-context";
import { can } from "@/lib/auth/permissions";
import { DETECTOR_CODES, HARD_CODE_NAMES, type DetectorCode } from "@/lib/pack/vocab";
import type { LabelVote } from "@/lib/probes/effective-label";
import { DETECTOR_LEGEND } from "@/lib/probes/legend";
import { Labeller, type AuditMode, type LabellerItem } from "./labeller";
import { QUEUES, type Queue } from "./queues";
import { requirePageUser } from "../../_lib/current-user";

export const dynamic = "force-dynamic";

type Search = { queue?: string; audit?: string; probe?: string };

/** H1, H4 and H5 with the policies they enforce, titled from the loaded pack: what an annotator labels against. */
function Legend({ titles }: { titles: Map<string, string> }) {
  return (
    <dl className="context" aria-label="Detector legend">
      {DETECTOR_CODES.map((c) => (
        <Fragment key={c}>
          <dt>
            <strong>{c}</strong>
          </dt>
          <dd>
            {DETECTOR_LEGEND[c].flags} ({DETECTOR_LEGEND[c].policies.map((id) => (titles.has(id) ? `${id} ${titles.get(id)}` : id)).join("; ")})
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

export default async function LabelPage({ params, searchParams }: { params: Promise<{ detector: string }>; searchParams: Promise<Search> }) {
  const user = await requirePageUser();
  const actor = user.email;
  const detector = (await params).detector.toUpperCase() as DetectorCode;
  if (!DETECTOR_CODES.includes(detector)) notFound();
  const sp = await searchParams;
  const queue: Queue = QUEUES.includes(sp.queue as Queue) ? (sp.queue as Queue) : "unlabelled";
  const db = getDb();
  let titles = new Map<string, string>();
  try {
    titles = new Map(loadDbPack(db).policies.map((p) => [p.id, p.title]));
  } catch {
    // no pack loaded yet: the legend names the policy ids alone
  }
  const audits = listAudits(db);

  let items: LabellerItem[];
  let votes: Record<string, LabelVote[]>;
  let audit: AuditMode | null = null;
  if (sp.audit !== undefined) {
    const a = /^\d+$/.test(sp.audit) ? getAudit(db, Number(sp.audit)) : null;
    const run = a ? getRun(db, a.runId) : null;
    if (!a || !run) notFound();
    audit = { id: a.id, runId: run.id, runName: run.name, seed: a.seed, strata: a.strata };
    const queueItems = loadAuditQueue(db, a, detector);
    items = queueItems.map((q) => ({
      id: `item-${q.itemId}`,
      detector,
      reply: q.reply,
      context: q.context,
      pairId: null,
      note: null,
      seq: q.seq,
      predicted: q.stratum === "fired",
      hits: q.hits,
      cleared: q.cleared,
      history: q.history,
      source: { itemId: q.itemId, runId: run.id, runName: run.name, lineNo: q.lineNo, decisionId: q.decisionId, promotedProbeId: q.promotedProbeId },
    }));
    votes = Object.fromEntries(queueItems.map((q) => [`item-${q.itemId}`, q.votes]));
  } else {
    const set = loadProbeSet(db, detector);
    items = set.map(({ votes: _v, file: _f, ...p }) => ({ ...p, cleared: null, history: null, source: null }));
    votes = Object.fromEntries(set.map((p) => [p.id, p.votes]));
  }

  return (
    <>
      <p className="crumbs">
        <Link href="/probes">Probes</Link> / {detector}
        {audit && (
          <>
            {" "}
            / <Link href={`/runs/${audit.runId}`}>{audit.runName}</Link> audit
          </>
        )}
      </p>
      <h1>{audit ? `Label ${HARD_CODE_NAMES[detector]} on run ${audit.runName} (audit)` : `Label ${HARD_CODE_NAMES[detector]} probes`}</h1>
      <nav aria-label="What to label" className="tabs">
        <Link href={`/probes/${detector}`} aria-current={audit ? undefined : "page"}>
          probe set
        </Link>
        {audits.map((a) => (
          <Link key={a.id} href={`/probes/${detector}?audit=${a.id}`} aria-current={audit?.id === a.id ? "page" : undefined}>
            audit: {a.runName}
          </Link>
        ))}
      </nav>
      <p className="muted">
        Keys: <kbd>v</kbd> violation · <kbd>c</kbd> clean (each saves and moves to the next) · <kbd>n</kbd> next · <kbd>u</kbd> undo. Your label is one vote; the effective label is the majority of all annotators{audit ? "" : " (the labels shipped in probes/*.jsonl count as the annotator “shipped”)"}. Label the reply against the policy, not the detector.
        {audit && " The queue mixes replies where the detector fired and where it did not, in a random order drawn once for everyone."}
      </p>
      <Legend titles={titles} />
      <Labeller
        key={audit ? `audit-${audit.id}` : "probes"}
        detector={detector}
        items={items}
        initialVotes={votes}
        actor={actor}
        initialQueue={queue}
        initialId={sp.probe ?? null}
        blindByDefault={user.roles.includes("annotator")}
        canPromote={can(user, "promote_audit_item")}
        audit={audit}
      />
    </>
  );
}
