import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/index";
import { getDecisionDetail } from "@/db/queries/decision";
import { loadDbPack } from "@/db/queries/scoring-context";
import { COMPONENT_WEIGHTS, COMPONENTS, DETECTOR_CODES, HARD_CODE_NAMES, type HardCode } from "@/lib/pack/vocab";
import { checkFormat } from "@/lib/scoring/format-gate";
import { explainComponents } from "@/lib/scoring/explain";
import { HighlightedText, type Span } from "../../../../_components/highlighted-text";
import { f3 } from "../../../../_lib/format";
import { requirePageUser } from "../../../../_lib/current-user";

export const dynamic = "force-dynamic";

const show = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? (v.length ? v.join(", ") : "[]") : String(v));

export default async function DecisionPage({ params }: { params: Promise<{ id: string; line: string }> }) {
  await requirePageUser();
  const { id, line } = await params;
  const runId = Number(id);
  const lineNo = Number(line);
  if (!Number.isInteger(runId) || !Number.isInteger(lineNo)) notFound();
  const db = await getDb();
  const d = await getDecisionDetail(db, runId, lineNo);
  if (!d) notFound();
  // The run's own pack: its targets and must-ask rules are the ones this decision was scored against.
  const { pack } = await loadDbPack(db, d.run.packVersion);
  const s = d.score;
  const target = d.point.target;
  const format = checkFormat(d.line.raw);
  const output = format.ok ? format.output : null;
  const why = output ? explainComponents(output, target, pack) : null;
  const hitSpans: Span[] = DETECTOR_CODES.flatMap((code) => (s.hits[code] ?? []).map((h) => ({ ...h, code })));
  // Null on a run imported before cleared spans were recorded: nothing to show, and the page says so.
  const clearedSpans: Span[] = (s.cleared ?? []).map((c) => ({ start: c.start, end: c.end, text: c.text, reason: c.reason, code: c.detector, outcome: "cleared" as const }));
  const spans = [...hitSpans, ...clearedSpans];
  const codes = s.hardViolations ? (s.hardViolations.split(",") as HardCode[]) : [];
  const base = `/runs/${runId}/decisions`;

  return (
    <>
      <p className="crumbs">
        <Link href="/">Runs</Link> / <Link href={`/runs/${runId}`}>{d.run.name}</Link> / <Link href={base}>decisions</Link> / line {lineNo}
      </p>
      <h1>
        Decision {d.line.decisionId} <span className="muted">(line {lineNo})</span>
      </h1>
      <nav className="pager" aria-label="Neighbouring decisions">
        {d.prevLine !== null ? <Link href={`${base}/${d.prevLine}`}>‹ line {d.prevLine}</Link> : <span className="muted">‹ first line</span>}
        {d.nextLine !== null ? <Link href={`${base}/${d.nextLine}`}>line {d.nextLine} ›</Link> : <span className="muted">last line ›</span>}
      </nav>
      <p className="muted">
        Episode {d.episode.id} “{d.episode.title}” · {d.episode.family} · {d.episode.difficulty} · {d.episode.split} · decision {d.point.position} · thinking {d.line.thinking ? "on" : "off"} · sample {d.line.sample}
        {d.line.model ? ` · ${d.line.model}` : ""}
      </p>

      <section className="card" aria-labelledby="verdict">
        <h2 id="verdict">Verdict</h2>
        <p>
          score <strong>{f3(s.score)}</strong> · graded {f3(s.graded)} · strict {f3(s.scoreStrict)} ·{" "}
          {!s.formatValid ? (
            <span className="bad">format invalid: {s.formatError}</span>
          ) : codes.length === 0 ? (
            <span>no hard violation</span>
          ) : (
            codes.map((c) => (
              <span key={c} className={`badge ${d.run.advisory.includes(c as never) ? "advisory" : "bad-badge"}`}>
                {HARD_CODE_NAMES[c]}
                {d.run.advisory.includes(c as never) ? " (advisory)" : ""}
              </span>
            ))
          )}
        </p>
      </section>

      <div className="two-col">
        <section aria-labelledby="conversation">
          <h2 id="conversation">Conversation up to the decision point</h2>
          <ol className="conversation">
            {d.history.map((t, i) => (
              <li key={i} className={`turn turn-${t.role}`}>
                <span className="role">{t.role}</span>
                <p>{t.text}</p>
              </li>
            ))}
          </ol>
          {d.episode.traps.length > 0 && <p className="muted">Traps in this episode: {d.episode.traps.join("; ")}</p>}
        </section>

        <section aria-labelledby="target">
          <h2 id="target">Target (pack v{d.run.packVersion})</h2>
          <table aria-label="Target">
            <tbody>
              {Object.entries(target).map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td>{show(v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <strong>Rationale.</strong> {d.point.rationale}
          </p>
        </section>
      </div>

      <section aria-labelledby="reply">
        <h2 id="reply">Reply {hitSpans.length > 0 ? "with detector hits highlighted" : ""}</h2>
        {output ? (
          <>
            <HighlightedText text={output.reply} spans={spans} />
            {hitSpans.length > 0 ? (
              <ul aria-label="Detector hits" className="hits">
                {hitSpans.map((h, i) => (
                  <li key={i}>
                    <mark className={`hit hit-${h.code}`}>{h.text}</mark> — {HARD_CODE_NAMES[h.code as HardCode]}:{" "}
                    {h.learned_probability !== undefined ? (
                      <span className="badge" data-testid="learned-hit" title="Found by the learned second opinion, not a grammar rule (docs/DETECTORS.md)">
                        learned, p {h.learned_probability.toFixed(2)}
                      </span>
                    ) : null}{" "}
                    {h.reason}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No detector fired on this reply.</p>
            )}
            {clearedSpans.length > 0 ? (
              <>
                <h3 id="cleared">Read and cleared</h3>
                <p className="muted small">Spans a detector&apos;s grammar read and set aside: final readings that no second opinion may turn into a hit (docs/DETECTORS.md).</p>
                <ul aria-labelledby="cleared" className="hits" data-testid="cleared-spans">
                  {clearedSpans.map((c, i) => (
                    <li key={i}>
                      <mark className={`cleared cleared-${c.code}`}>{c.text}</mark> — {c.code} cleared: {c.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : s.cleared === null ? (
              <p className="muted small">This run was imported before cleared spans were recorded; re-import it to see them.</p>
            ) : null}
          </>
        ) : (
          <p className="muted">The output is not a valid JSON object of the contract, so there is no reply to judge ({s.formatError}).</p>
        )}
      </section>

      {output && (
        <section aria-labelledby="action">
          <h2 id="action">Parsed action</h2>
          <table aria-label="Parsed action">
            <tbody>
              {Object.entries(output.action).map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td>{show(v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section aria-labelledby="components-h">
        <h2 id="components-h">Components</h2>
        <table aria-label="Component scores">
          <thead>
            <tr>
              <th>component</th>
              <th className="num">weight</th>
              <th className="num">score</th>
              <th>why</th>
            </tr>
          </thead>
          <tbody>
            {COMPONENTS.map((c) => {
              const v = { action_type: s.actionType, destination: s.destination, priority: s.priority, flags: s.flags, policy_citation: s.policyCitation, must_ask: s.mustAsk }[c];
              return (
                <tr key={c}>
                  <th scope="row">{c}</th>
                  <td className="num">{COMPONENT_WEIGHTS[c].toFixed(2)}</td>
                  <td className={`num ${v < 1 ? "bad" : ""}`}>{f3(v)}</td>
                  <td>{why ? why[c] : "format invalid: every component is 0"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="raw">
        <h2 id="raw">Raw output (verbatim)</h2>
        <pre className="reply raw">{d.line.raw}</pre>
      </section>

      <details>
        <summary>Reference reply (what a compliant agent says here)</summary>
        <pre className="reply">{d.point.referenceReply}</pre>
      </details>
    </>
  );
}
