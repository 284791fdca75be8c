import Link from "next/link";
import { z } from "zod";
import { getDb } from "@/db/index";
import { loadReviewFigures } from "@/db/queries/compare";
import { caseLines, COMPONENTS, judgeCase, runName } from "@/db/queries/compare-case";
import { can } from "@/lib/auth/permissions";
import { parseRef, reportKindOfRef, reportRefSchema, type ReportRef } from "@/lib/approval/report-ref";
import type { ItemResult, JudgeCaseV2 } from "@/lib/judge/report-schema";
import { requirePageUser } from "../../_lib/current-user";
import { f3 } from "../../_lib/format";
import { CaseReview } from "../review-panel";

export const dynamic = "force-dynamic";

const paramsSchema = z
  .object({ baseline: reportRefSchema, candidate: reportRefSchema, key: z.string().min(1).max(300) })
  .refine((p) => reportKindOfRef(p.baseline) === reportKindOfRef(p.candidate), { message: "two runs or two judge reports" });

function replyOf(raw: string): string {
  try {
    const v = JSON.parse(raw) as { reply?: unknown };
    return typeof v.reply === "string" ? v.reply : raw;
  } catch {
    return raw;
  }
}

/** One compared case: the two replies side by side with the difference per score component (runs) or per judged item (judge reports). */
export default async function CompareCasePage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const user = await requirePageUser();
  const parsed = paramsSchema.safeParse(await searchParams);
  if (!parsed.success) return <p role="alert">Choose a case from a comparison of two runs or two judge reports.</p>;
  const { baseline, candidate, key } = parsed.data;
  const back = `/compare?baseline=${encodeURIComponent(baseline)}&candidate=${encodeURIComponent(candidate)}`;
  const db = getDb();
  // The compare page's flips and blockers (one lib/ pairing), without its bootstrap, so a flip can be reviewed here.
  const figures = loadReviewFigures(db, { baseline, candidate });
  return (
    <>
      <h1>Case {key}</h1>
      <p>
        <Link href={back}>Back to the comparison</Link>
      </p>
      {reportKindOfRef(baseline) === "score" ? <RunCase baseline={baseline} candidate={candidate} caseKey={key} /> : <JudgeCase baseline={baseline} candidate={candidate} caseKey={key} />}
      {figures ? <CaseReview db={db} figures={figures} pair={{ baselineRef: baseline, candidateRef: candidate }} caseKey={key} mayReview={can(user, "review_gate_flip")} /> : null}
    </>
  );
}

// A reply that failed the format check is shown raw, so both sides can read alike: say why it failed.
const formatOf = (s: { formatValid: boolean; formatError: string | null } | undefined) => (!s ? "—" : s.formatValid ? "valid" : `invalid: ${s.formatError ?? "unparseable"}`);

function RunCase({ baseline, candidate, caseKey }: { baseline: ReportRef; candidate: ReportRef; caseKey: string }) {
  const db = getDb();
  const sides = [baseline, candidate].map((ref) => ({ ref, runId: parseRef(ref)!.id, name: runName(db, parseRef(ref)!.id), lines: caseLines(db, parseRef(ref)!.id, caseKey) }));
  const [b, c] = sides.map((s) => s.lines[0]);
  return (
    <>
      <table aria-label="Component scores side by side">
        <thead>
          <tr>
            <th>component</th>
            <th className="num">baseline</th>
            <th className="num">candidate</th>
            <th className="num">Δ</th>
          </tr>
        </thead>
        <tbody>
          {COMPONENTS.map((k) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td className="num">{f3(b?.score[k])}</td>
              <td className="num">{f3(c?.score[k])}</td>
              <td className="num">{b && c ? f3(c.score[k] - b.score[k]) : "—"}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">format</th>
            <td className={b && !b.score.formatValid ? "bad" : undefined}>{formatOf(b?.score)}</td>
            <td className={c && !c.score.formatValid ? "bad" : undefined}>{formatOf(c?.score)}</td>
            <td />
          </tr>
          <tr>
            <th scope="row">hard violations</th>
            <td>{b?.score.hardViolations || "—"}</td>
            <td>{c?.score.hardViolations || "—"}</td>
            <td />
          </tr>
        </tbody>
      </table>
      <div className="two-col">
        {sides.map((s, i) => (
          <section key={s.ref} aria-label={i === 0 ? "Baseline reply" : "Candidate reply"}>
            <h2>
              {i === 0 ? "Baseline" : "Candidate"} ({s.name ?? s.ref}
              {s.lines.length > 1 ? `, first of ${s.lines.length} samples` : ""})
            </h2>
            {s.lines[0] ? (
              <>
                <p>
                  <Link href={`/runs/${s.runId}/decisions/${s.lines[0].lineNo}`}>line {s.lines[0].lineNo}</Link>
                </p>
                <pre className="reply">{replyOf(s.lines[0].raw)}</pre>
              </>
            ) : (
              <p className="muted">{s.name === null ? "No such run." : "No such case in this run."}</p>
            )}
          </section>
        ))}
      </div>
    </>
  );
}

/** An item's verdict as a word: a must_include item is covered or not; a must_not_include item is present or absent. */
function itemVerdict(item: ItemResult | undefined): string {
  if (!item) return "—";
  if (item.kind === "must_include") return item.covered === undefined ? "no verdict" : item.covered ? "covered" : "not covered";
  return item.present === undefined ? "no verdict" : item.present ? "present" : "absent";
}

/** Whether the item's outcome is bad for the case: a required item missing, or a forbidden one present. */
const itemFails = (item: ItemResult | undefined) => (item ? (item.kind === "must_include" ? item.covered === false : item.present === true) : false);

const votes = (item: ItemResult | undefined) => (item ? `${item.votes_true}/${item.votes_valid} yes` : "");

function JudgeCase({ baseline, candidate, caseKey }: { baseline: ReportRef; candidate: ReportRef; caseKey: string }) {
  const db = getDb();
  const sides = [baseline, candidate].map((ref) => ({ ref, found: judgeCase(db, parseRef(ref)!.id, caseKey) }));
  const [b, c] = sides.map((s) => s.found?.case ?? null) as [JudgeCaseV2 | null, JudgeCaseV2 | null];
  // Items in the baseline's order, then any the candidate's case has that the baseline's does not (an edited golden case).
  const itemKeys = [...new Set([...Object.keys(b?.items ?? {}), ...Object.keys(c?.items ?? {})])];
  const kindOf = (k: string) => (b?.items[k] ?? c?.items[k])!.kind;
  const ordered = [...itemKeys.filter((k) => kindOf(k) === "must_include"), ...itemKeys.filter((k) => kindOf(k) === "must_not_include")];
  const alignments = (x: JudgeCaseV2 | null) => (x && x.alignments.length ? x.alignments.map((a) => a.toFixed(2)).join(", ") : "—");
  const changedCount = ordered.filter((k) => itemVerdict(b?.items[k]) !== itemVerdict(c?.items[k])).length;
  return (
    <>
      <table aria-label="Judge verdicts side by side">
        <thead>
          <tr>
            <th />
            <th>baseline</th>
            <th>candidate</th>
            <th className="num">Δ</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">verdict</th>
            <td className={b?.verdict === "fail" ? "bad" : undefined}>{b ? (b.error ? "error" : b.verdict) : "—"}</td>
            <td className={c?.verdict === "fail" ? "bad" : undefined}>{c ? (c.error ? "error" : c.verdict) : "—"}</td>
            <td />
          </tr>
          <tr>
            <th scope="row">correctness (median alignment)</th>
            <td className="num">{f3(b?.correctness ?? undefined)}</td>
            <td className="num">{f3(c?.correctness ?? undefined)}</td>
            <td className="num">{b?.correctness != null && c?.correctness != null ? f3(c.correctness - b.correctness) : "—"}</td>
          </tr>
          <tr>
            <th scope="row">alignment votes</th>
            <td>{alignments(b)}</td>
            <td>{alignments(c)}</td>
            <td />
          </tr>
          <tr>
            <th scope="row">valid votes</th>
            <td>{b ? `${b.votes_valid}/${b.votes_configured}` : "—"}</td>
            <td>{c ? `${c.votes_valid}/${c.votes_configured}` : "—"}</td>
            <td />
          </tr>
          <tr>
            <th scope="row">pass threshold</th>
            <td className="num">{f3(sides[0]!.found?.passThreshold)}</td>
            <td className="num">{f3(sides[1]!.found?.passThreshold)}</td>
            <td />
          </tr>
          {b?.error || c?.error ? (
            <tr>
              <th scope="row">error</th>
              <td>{b?.error ?? "—"}</td>
              <td>{c?.error ?? "—"}</td>
              <td />
            </tr>
          ) : null}
        </tbody>
      </table>

      <h2>
        Items ({changedCount} changed of {ordered.length})
      </h2>
      <p className="muted">A must_include item is covered, and a must_not_include item present, when a strict majority of the valid votes says so. Changed verdicts are highlighted.</p>
      <table aria-label="Items side by side">
        <thead>
          <tr>
            <th>item</th>
            <th>kind</th>
            <th>baseline</th>
            <th>candidate</th>
            <th>change</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((k) => {
            const [bi, ci] = [b?.items[k], c?.items[k]];
            const changed = itemVerdict(bi) !== itemVerdict(ci);
            return (
              <tr key={k} data-changed={changed ? "true" : "false"} style={changed ? { background: "var(--warn-bg)" } : undefined}>
                <td>{k}</td>
                <td>{kindOf(k)}</td>
                <td className={itemFails(bi) ? "bad" : undefined}>
                  {itemVerdict(bi)} <span className="muted">{votes(bi)}</span>
                </td>
                <td className={itemFails(ci) ? "bad" : undefined}>
                  {itemVerdict(ci)} <span className="muted">{votes(ci)}</span>
                </td>
                <td>{changed ? <span className={`badge${itemFails(ci) ? " bad-badge" : ""}`}>{itemFails(ci) ? "regressed" : itemFails(bi) ? "fixed" : "changed"}</span> : ""}</td>
              </tr>
            );
          })}
          {ordered.length === 0 ? (
            <tr>
              <td colSpan={5} className="muted">
                No items: this case carries no per-item verdicts.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>

      <div className="two-col">
        {sides.map((s, i) => {
          const x = s.found?.case ?? null;
          return (
            <section key={s.ref} aria-label={i === 0 ? "Baseline reply" : "Candidate reply"}>
              <h2>
                {i === 0 ? "Baseline" : "Candidate"} ({s.found ? s.found.name : s.ref})
              </h2>
              {x ? (
                <>
                  <pre className="reply">{x.candidate}</pre>
                  {x.judged_text !== x.candidate ? (
                    <>
                      <p className="muted">What the judge read (the reply extracted from its envelope):</p>
                      <pre className="reply">{x.judged_text}</pre>
                    </>
                  ) : null}
                  {x.rationales.length ? (
                    <details>
                      <summary>Judge rationales ({x.rationales.length})</summary>
                      <ol>
                        {x.rationales.map((r, j) => (
                          <li key={j}>{r}</li>
                        ))}
                      </ol>
                    </details>
                  ) : null}
                </>
              ) : (
                <p className="muted">{s.found ? "No such case in this judge report." : "No such judge report."}</p>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}
