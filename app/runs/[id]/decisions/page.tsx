import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/index";
import { decisionTablePage } from "@/db/queries/decision-table";
import { getRun } from "@/db/queries/runs";
import { DecisionsTable } from "./decisions-table";
import { parseTableParams, toFilters, toSearch } from "./search-params";
import { requirePageUser } from "../../../_lib/current-user";

export const dynamic = "force-dynamic";

export default async function DecisionsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser();
  const runId = Number((await params).id);
  if (!Number.isInteger(runId) || runId <= 0) notFound();
  const db = await getDb();
  const run = await getRun(db, runId);
  if (!run) notFound();
  const p = parseTableParams(await searchParams);
  const { rows, total } = await decisionTablePage(db, { runId, ...toFilters(p), sort: p.sort, dir: p.dir, page: p.page - 1, size: p.size });
  return (
    <>
      <p className="crumbs">
        <Link href="/">Runs</Link> / <Link href={`/runs/${run.id}`}>{run.name}</Link> / decisions
      </p>
      <h1>Decisions of {run.name}</h1>
      <DecisionsTable key={toSearch(p)} runId={run.id} advisory={run.report.advisory} rows={rows} total={total} params={p} />
    </>
  );
}
