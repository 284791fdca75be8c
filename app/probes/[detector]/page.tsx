import Link from "next/link";
import { Fragment } from "react";
import { notFound } from "next/navigation";
import { cookies } from "next/headers";
import { getDb } from "@/db/index";
import { getAudit, listAudits } from "@/db/queries/run-audit";
import { loadDbPack } from "@/db/queries/scoring-context";
import { can } from "@/lib/auth/permissions";
import { DETECTOR_CODES, HARD_CODE_NAMES, type DetectorCode } from "@/lib/pack/vocab";
import { DETECTOR_LEGEND } from "@/lib/probes/legend";
import { BLIND_COOKIE, BLIND_QUEUES, blindChoice, QUEUES, type Queue } from "@/lib/probes/labelling";
import { labelPanel, labelWindow, loadLabelItems } from "./label-data";
import { Labeller } from "./labeller";
import { requirePageUser } from "../../_lib/current-user";
import { DraftBanner } from "../draft-banner";

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
  const asked: Queue = QUEUES.includes(sp.queue as Queue) ? (sp.queue as Queue) : "unlabelled";
  const db = await getDb();
  let titles = new Map<string, string>();
  try {
    titles = new Map((await loadDbPack(db)).policies.map((p) => [p.id, p.title]));
  } catch {
    // no pack loaded yet: the legend names the policy ids alone
  }
  const audits = await listAudits(db);

  const a = sp.audit === undefined ? null : /^\d+$/.test(sp.audit) ? ((await getAudit(db, Number(sp.audit))) ?? null) : undefined;
  if (a === undefined) notFound();
  const loaded = await loadLabelItems(db, detector, a);
  if (!loaded) notFound();
  const audit = loaded.mode;
  // Blind (the annotator's default, or their choice in the cookie): the page holds no item's prediction, marks, note or
  // votes before their vote, and only the queues blind labelling keeps (lib/probes/labelling.ts).
  const blind = blindChoice((await cookies()).get(BLIND_COOKIE)?.value, actor) ?? user.roles.includes("annotator");
  const queue: Queue = blind && !BLIND_QUEUES.includes(asked) ? "unlabelled" : asked;
  const window = labelWindow(loaded.items, queue, actor, blind, { at: sp.probe ?? null });
  const panel = labelPanel(loaded.items, audit, detector, actor, blind);

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
      {audit ? null : <DraftBanner />}
      <p className="muted">
        Keys: <kbd>v</kbd> violation · <kbd>c</kbd> clean (each saves and moves to the next) · <kbd>n</kbd> next · <kbd>u</kbd> undo. Your label is one vote; the effective label is the majority of all annotators{audit ? "" : " (the labels shipped in probes/*.jsonl count as the annotator “shipped”)"}. Label the reply against the policy, not the detector.
        {audit && " The queue mixes replies where the detector fired and where it did not, in a random order drawn once for everyone."}
      </p>
      <Legend titles={titles} />
      <Labeller
        key={`${audit ? `audit-${audit.id}` : "probes"}-${queue}-${sp.probe ?? ""}`}
        detector={detector}
        initialWindow={window}
        initialPanel={panel}
        actor={actor}
        initialQueue={queue}
        initialBlind={blind}
        canPromote={can(user, "promote_audit_item")}
        audit={audit}
      />
    </>
  );
}
