import Link from "next/link";
import { getDb } from "@/db/index";
import { draftState, listReleases, probeDetectors } from "@/db/queries/probe-set-versions";
import { can } from "@/lib/auth/permissions";
import { HARD_CODE_NAMES } from "@/lib/pack/vocab";
import { labelText, probeSetVersionText, type LabelChange } from "@/lib/probes/release";
import type { DetectorFigure } from "@/lib/scoring/report-schema";
import { advisoryWhy, f3, when } from "../../_lib/format";
import { requirePageUser } from "../../_lib/current-user";
import { ReleaseForm } from "./release-form";

export const dynamic = "force-dynamic";

const status = (f: DetectorFigure | null) => (f === null ? "—" : f.advisory ? `advisory (${advisoryWhy(f)})` : "hard");

/**
 * Issue 26: the draft (every label as annotators left it) against the released probe-set version imports are scored
 * with — each label that changed, each detector's figures and advisory status before and after — and, for a lead, the
 * release. Everyone may read the diff; only a lead may release (the server checks).
 */
export default async function ReleasePage() {
  const user = await requirePageUser();
  const db = await getDb();
  const { released, diff, digest } = await draftState(db);
  const history = (await listReleases(db)).reverse();
  const mayRelease = can(user, "release_probe_set");
  const probeDetector = await probeDetectors(db);
  const labelRows = (title: string, rows: LabelChange[]) =>
    rows.length ? (
      <>
        <h3>
          {title} ({rows.length})
        </h3>
        <table aria-label={title}>
          <thead>
            <tr>
              <th>probe</th>
              <th>released</th>
              <th>draft</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => {
              const d = probeDetector.get(c.id);
              return (
                <tr key={c.id}>
                  <td>{d ? <Link href={`/probes/${d}?queue=all&probe=${encodeURIComponent(c.id)}`}>{c.id}</Link> : c.id}</td>
                  <td>{title === "Added since" ? "—" : labelText(c.from)}</td>
                  <td>{title === "Removed since" ? "—" : labelText(c.to)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </>
    ) : null;
  const next = (released?.version ?? 0) + 1;
  return (
    <>
      <h1>Probe-set release</h1>
      <p className="muted">
        Runs are gated by a <strong>released</strong> probe-set version: its detector figures decide which criteria are advisory when a run is scored on import, and each run records the version it was scored under. Labelling changes the
        draft only. A lead releases the draft as the next version after reading what it changes (docs/WORKBENCH.md).
      </p>
      {released ? (
        <p role="note" aria-label="Released version">
          Imports are scored with probe set <strong>{probeSetVersionText(released.version)}</strong>, released {when(released.released_at)} by {released.released_by}: {released.note}
        </p>
      ) : (
        <p role="note" className="warn">
          No probe-set version has been released yet: imports are refused until one is (<code>npm run db:setup</code> releases version 1).
        </p>
      )}
      <section aria-label="Draft against the released version">
        <h2>Draft against {released ? probeSetVersionText(released.version) : "nothing released"}</h2>
        {diff.empty ? (
          <p className="ok-box" role="status">
            The draft is the same as {probeSetVersionText(released!.version)}: no label and no figure changed, so there is nothing to release.
          </p>
        ) : (
          <>
            <p data-testid="diff-summary">
              {diff.added.length} probe(s) added, {diff.removed.length} removed, {diff.changed.length} effective label(s) changed;{" "}
              {diff.advisoryChanges.length ? <strong className="bad">advisory status changes for {diff.advisoryChanges.join(", ")}: every run imported after the release is gated differently</strong> : "no detector's advisory status changes"}.
            </p>
            <table aria-label="Detector figures, released and draft">
              <thead>
                <tr>
                  <th>detector</th>
                  <th className="num">n released → draft</th>
                  <th className="num">precision</th>
                  <th className="num">recall</th>
                  <th className="num">pairs separated</th>
                  <th>status released → draft</th>
                </tr>
              </thead>
              <tbody>
                {diff.detectors.map((d) => (
                  <tr key={d.detector} className={d.advisoryChanged ? "warn" : undefined} data-testid={`diff-${d.detector}`}>
                    <th scope="row">{HARD_CODE_NAMES[d.detector]}</th>
                    <td className="num">
                      {d.before?.n ?? "—"} → {d.after.n}
                    </td>
                    <td className="num">
                      {f3(d.before?.precision ?? null)} → {f3(d.after.precision)}
                    </td>
                    <td className="num">
                      {f3(d.before?.recall ?? null)} → {f3(d.after.recall)}
                    </td>
                    <td className="num">
                      {f3(d.before?.pairs?.rate ?? null)} → {f3(d.after.pairs?.rate ?? null)}
                    </td>
                    <td>
                      {status(d.before)} → {status(d.after)}
                      {d.advisoryChanged ? <strong> (changes)</strong> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {labelRows("Changed labels", diff.changed)}
            {labelRows("Added since", diff.added)}
            {labelRows("Removed since", diff.removed)}
            {mayRelease ? <ReleaseForm digest={digest} next={next} /> : <p className="muted">Only a lead can release a version.</p>}
          </>
        )}
      </section>
      <h2>Released versions</h2>
      <table aria-label="Released probe-set versions">
        <thead>
          <tr>
            <th>version</th>
            <th>released (UTC)</th>
            <th>by</th>
            <th>advisory</th>
            <th>note</th>
          </tr>
        </thead>
        <tbody>
          {history.map((r) => (
            <tr key={r.version}>
              <td>{probeSetVersionText(r.version)}</td>
              <td>{when(r.released_at)}</td>
              <td>{r.released_by}</td>
              <td>
                {Object.entries(r.figures)
                  .filter(([, f]) => f.advisory)
                  .map(([c]) => c)
                  .join(", ") || "none"}
              </td>
              <td>{r.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
