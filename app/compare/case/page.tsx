import Link from "next/link";
import { z } from "zod";
import { getDb } from "@/db/index";
import { loadReviewFigures } from "@/db/queries/compare";
import { caseLines, COMPONENTS, judgeCase, judgeCaseBrief, runCustomerMessage, runName } from "@/db/queries/compare-case";
import { reviewItems } from "@/lib/approval/review";
import { can } from "@/lib/auth/permissions";
import { parseRef, reportKindOfRef, reportRefSchema, type ReportRef } from "@/lib/approval/report-ref";
import { itemView, type ItemView, type JudgeCaseForCompare } from "@/lib/compare/judge-report-for-compare";
import { hardViolationWords } from "@/lib/compare/violation-words";
import { COMPONENT_WEIGHTS, COMPONENTS as PACK_COMPONENTS, DETECTOR_CODES, type HardCode } from "@/lib/pack/vocab";
import { checkFormat } from "@/lib/scoring/format-gate";
import { wordDiff } from "@/lib/text/word-diff";
import { HighlightedText, type Change, type Span } from "../../_components/highlighted-text";
import { requirePageUser } from "../../_lib/current-user";
import { f3 } from "../../_lib/format";
import { CaseReview } from "../review-panel";
import { Hint } from "../hint";
import { FlipNav } from "./flip-nav";
import "../compare.css";

export const dynamic = "force-dynamic";

const paramsSchema = z
  .object({ baseline: reportRefSchema, candidate: reportRefSchema, key: z.string().min(1).max(300) })
  .refine((p) => reportKindOfRef(p.baseline) === reportKindOfRef(p.candidate), { message: "two runs or two judge reports" });

/**
 * One compared case: the customer's message, the two replies side by side with detector hits and cleared spans marked
 * and the words the candidate added or removed, the difference per score component (runs) or per judged item (judge
 * reports), its review, and previous/next through the cases to review.
 */
export default async function CompareCasePage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const user = await requirePageUser();
  const parsed = paramsSchema.safeParse(await searchParams);
  if (!parsed.success) return <p role="alert">Choose a case from a comparison of two runs or two judge reports.</p>;
  const { baseline, candidate, key } = parsed.data;
  const pairQuery = `baseline=${encodeURIComponent(baseline)}&candidate=${encodeURIComponent(candidate)}`;
  const back = `/compare?${pairQuery}`;
  const db = await getDb();
  // The compare page's flips and blockers (one lib/ pairing), without its bootstrap, so a flip can be reviewed here.
  const figures = await loadReviewFigures(db, { baseline, candidate });
  const toReview = figures ? reviewItems(figures) : [];
  const at = toReview.findIndex((i) => i.key === key);
  const step = (i: number) => (i >= 0 && i < toReview.length ? { key: toReview[i]!.key, href: `/compare/case?${pairQuery}&key=${encodeURIComponent(toReview[i]!.key)}` } : null);
  const position = at >= 0 ? `${at + 1} of ${toReview.length} to review` : toReview.length ? `not a flip; ${toReview.length} to review` : "nothing to review";
  return (
    <>
      <h1>Case {key}</h1>
      <FlipNav prev={at > 0 ? step(at - 1) : null} next={at >= 0 ? step(at + 1) : step(0)} position={position} back={back} />
      {reportKindOfRef(baseline) === "score" ? <RunCase baseline={baseline} candidate={candidate} caseKey={key} /> : <JudgeCase baseline={baseline} candidate={candidate} caseKey={key} />}
      {figures ? <CaseReview db={db} figures={figures} pair={{ baselineRef: baseline, candidateRef: candidate }} caseKey={key} mayReview={can(user, "review_gate_flip")} /> : null}
    </>
  );
}

function CustomerMessage({ text, note }: { text: string | null; note?: string }) {
  return (
    <section aria-label="Customer message">
      <h2>Customer&apos;s message</h2>
      {text !== null ? <p className="customer">{text}</p> : <p className="muted">Unknown: {note ?? "not found in this workbench"}.</p>}
      {text !== null && note ? <p className="muted small">{note}</p> : null}
    </section>
  );
}

/** The score components in words (the table's rows), not the stored camelCase names. */
const COMPONENT_WORDS: Record<(typeof COMPONENTS)[number], string> = {
  actionType: "action type",
  destination: "destination",
  priority: "priority",
  flags: "flags",
  policyCitation: "policy citation",
  mustAsk: "must ask",
  graded: "graded",
  score: "score",
};

/** What "graded" is, with the weights the scorer uses (lib/pack/vocab.ts), so the words cannot drift from them. */
const gradedExplanation = `The weighted sum of the six components above: ${PACK_COMPONENTS.map((c) => `${c.replace("_", " ")} × ${COMPONENT_WEIGHTS[c]}`).join(" + ")}. The score is the graded figure unless the reply is not valid JSON or a hard criterion fired; then it is 0 (docs/SCORING.md).`;

function Legend({ detectors }: { detectors: boolean }) {
  return (
    <p className="legend" aria-label="Marks">
      {detectors ? (
        <>
          {/* One sample per detector, drawn with the classes the replies' marks use, so the colours match. */}
          {DETECTOR_CODES.map((code) => (
            <span key={code}>
              <mark className={`hit hit-${code}`}>{code} hit</mark>
            </span>
          ))}
          <span>
            <mark className="cleared">read and cleared</mark> (reason on hover or focus)
          </span>
        </>
      ) : null}
      <span>
        <del className="diff">removed by the candidate</del>
      </span>
      <span>
        <ins className="diff">added by the candidate</ins>
      </span>
    </p>
  );
}

/** Both replies' word-level changes as marks: removed words in the baseline, added words in the candidate. */
function changesOf(baseline: string | null, candidate: string | null): { base: Change[]; cand: Change[]; summary: string } {
  if (baseline === null || candidate === null) return { base: [], cand: [], summary: "One reply is unknown: no word-level changes." };
  const d = wordDiff(baseline, candidate);
  const words = (kind: "delete" | "insert") => d.ops.filter((o) => o.op === kind).reduce((n, o) => n + o.text.split(" ").length, 0);
  const summary = d.gaveUp
    ? "The replies differ too much to align word by word: each is marked whole."
    : d.removed.length + d.added.length === 0
      ? "The two replies have the same words."
      : `The candidate removed ${words("delete")} and added ${words("insert")} word(s) or mark(s).`;
  return { base: d.removed.map((r) => ({ ...r, kind: "removed" })), cand: d.added.map((r) => ({ ...r, kind: "added" })), summary };
}

// A reply that failed the format check is shown raw, so both sides can read alike: say why it failed.
const formatOf = (s: { formatValid: boolean; formatError: string | null } | undefined) => (!s ? "—" : s.formatValid ? "valid" : `invalid: ${s.formatError ?? "unparseable"}`);

async function RunCase({ baseline, candidate, caseKey }: { baseline: ReportRef; candidate: ReportRef; caseKey: string }) {
  const db = await getDb();
  const sides: Array<{ ref: ReportRef; runId: number; name: string | null; lines: Awaited<ReturnType<typeof caseLines>>; first: Awaited<ReturnType<typeof caseLines>>[number] | undefined; text: string | null; hits: Span[]; cleared: Span[] }> = [];
  for (const ref of [baseline, candidate]) {
    const runId = parseRef(ref)!.id;
    const lines = await caseLines(db, runId, caseKey);
    const first = lines[0];
    const format = first ? checkFormat(first.raw) : null;
    // Spans point into the parsed reply; a reply that is not the contract's JSON is shown raw and unmarked.
    const text = first ? (format?.ok ? format.output.reply : first.raw) : null;
    const hits: Span[] = first && format?.ok ? DETECTOR_CODES.flatMap((code) => (first.score.hits[code] ?? []).map((h) => ({ ...h, code }))) : [];
    const cleared: Span[] = first && format?.ok ? (first.score.cleared ?? []).map((c) => ({ start: c.start, end: c.end, text: c.text, reason: c.reason, code: c.detector, outcome: "cleared" as const })) : [];
    sides.push({ ref, runId, name: await runName(db, runId), lines, first, text, hits, cleared });
  }
  const [b, c] = sides.map((s) => s.first);
  const decisionId = b?.score.decisionId ?? c?.score.decisionId ?? caseKey.replace(/ \(thinking\)$/, "");
  const message = await runCustomerMessage(db, sides[0]!.runId, decisionId);
  const changes = changesOf(sides[0]!.text, sides[1]!.text);
  return (
    <>
      <CustomerMessage text={message} note={message === null ? "the baseline run's decision point was not found" : undefined} />
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
              <th scope="row">
                {COMPONENT_WORDS[k]}
                {k === "graded" ? (
                  <Hint id="hint-graded" label="the graded row">
                    {gradedExplanation}
                  </Hint>
                ) : null}
              </th>
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
            {sides.map((s) => (
              <td key={s.ref}>{violationsInWords(s.first?.score ?? null)}</td>
            ))}
            <td />
          </tr>
        </tbody>
      </table>
      <h2>Replies</h2>
      <Legend detectors />
      <p className="muted" data-testid="reply-changes">
        {changes.summary}
      </p>
      <div className="two-col">
        {sides.map((s, i) => (
          <section key={s.ref} aria-label={i === 0 ? "Baseline reply" : "Candidate reply"}>
            <h3>
              {i === 0 ? "Baseline" : "Candidate"} ({s.name ?? s.ref}
              {s.lines.length > 1 ? `, first of ${s.lines.length} samples` : ""})
            </h3>
            {s.first && s.text !== null ? (
              <>
                <p>
                  <Link href={`/runs/${s.runId}/decisions/${s.first.lineNo}`}>line {s.first.lineNo}</Link>
                </p>
                <HighlightedText text={s.text} spans={[...s.hits, ...s.cleared]} changes={i === 0 ? changes.base : changes.cand} />
                {s.hits.length ? (
                  <ul aria-label={`${i === 0 ? "Baseline" : "Candidate"} detector hits`} className="hits">
                    {s.hits.map((h, j) => (
                      <li key={j}>
                        <mark className={`hit hit-${h.code}`}>{h.text}</mark> — {h.reason}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted small">No detector fired on this reply.</p>
                )}
                {s.first.score.cleared === null ? <p className="muted small">Imported before cleared spans were recorded.</p> : null}
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

/** A decision's hard violations in the scorer's words (its hits' reasons; H2/H3 as rules), one per line; "—" when none. */
function violationsInWords(score: { hardViolations: string; hits: Partial<Record<string, Array<{ reason: string }>>> } | null) {
  if (!score || !score.hardViolations) return "—";
  return score.hardViolations.split(",").map((code) => <div key={code}>{hardViolationWords(code as HardCode, score.hits[code])}</div>);
}

const KIND_ORDER = ["must_include", "must_not_include", null] as const;

/** An item's verdict as a word: a must_include item is covered or not; a must_not_include item is present or absent. */
function itemVerdict(item: ItemView | undefined): string {
  if (!item) return "—";
  if (item.verdict === null) return "no verdict";
  if (item.kind === "must_include") return item.verdict ? "covered" : "not covered";
  if (item.kind === "must_not_include") return item.verdict ? "present" : "absent";
  return item.verdict ? "yes (kind unknown)" : "no (kind unknown)";
}

/** Whether the item's outcome is bad for the case: a required item missing, or a forbidden one present. */
const itemFails = (item: ItemView | undefined) => (item ? (item.kind === "must_include" ? item.verdict === false : item.kind === "must_not_include" ? item.verdict === true : false) : false);

const votes = (item: ItemView | undefined) => (!item ? "" : item.votes_valid === null ? "votes unknown" : `${item.votes_true}/${item.votes_valid} yes`);

async function JudgeCase({ baseline, candidate, caseKey }: { baseline: ReportRef; candidate: ReportRef; caseKey: string }) {
  const db = await getDb();
  const sides = [];
  for (const ref of [baseline, candidate]) sides.push({ ref, found: await judgeCase(db, parseRef(ref)!.id, caseKey) });
  const [b, c] = sides.map((s) => s.found?.case ?? null) as [JudgeCaseForCompare | null, JudgeCaseForCompare | null];
  const views = (x: JudgeCaseForCompare | null) => new Map(Object.entries(x?.items ?? {}).map(([name, raw]) => [name, itemView(name, raw, x!)]));
  const [bv, cv] = [views(b), views(c)];
  // Items in the baseline's order, then any the candidate's case has that the baseline's does not (an edited golden case).
  const names = [...new Set([...bv.keys(), ...cv.keys()])];
  const kindOf = (k: string) => bv.get(k)?.kind ?? cv.get(k)?.kind ?? null;
  const ordered = KIND_ORDER.flatMap((kind) => names.filter((k) => kindOf(k) === kind));
  const alignments = (x: JudgeCaseForCompare | null) => (!x ? "—" : x.alignments === undefined ? "unknown" : x.alignments.length ? x.alignments.map((a) => a.toFixed(2)).join(", ") : "—");
  const validVotes = (x: JudgeCaseForCompare | null) => (!x ? "—" : x.votes_valid === undefined ? "unknown" : `${x.votes_valid}/${x.votes_configured ?? "?"}`);
  const changedCount = ordered.filter((k) => itemVerdict(bv.get(k)) !== itemVerdict(cv.get(k))).length;
  const caseId = caseKey.slice(caseKey.lastIndexOf("/") + 1);
  const brief = await judgeCaseBrief(db, caseId);
  const replyOf = (x: JudgeCaseForCompare | null) => x?.judged_text ?? x?.candidate ?? null;
  const changes = changesOf(replyOf(b), replyOf(c));
  return (
    <>
      <CustomerMessage text={brief?.brief ?? null} note={brief ? `The brief of golden case ${caseId} as it stands now (version ${brief.version}); the reports may have judged an earlier version.` : `no golden case ${caseId} in this workbench`} />
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
            <th scope="row">why it fails</th>
            <td>{b && b.verdict === "fail" ? failWords(b) : "—"}</td>
            <td>{c && c.verdict === "fail" ? failWords(c) : "—"}</td>
            <td />
          </tr>
          <tr>
            <th scope="row">alignment votes</th>
            <td>{alignments(b)}</td>
            <td>{alignments(c)}</td>
            <td />
          </tr>
          <tr>
            <th scope="row">valid votes</th>
            <td>{validVotes(b)}</td>
            <td>{validVotes(c)}</td>
            <td />
          </tr>
          <tr>
            <th scope="row">pass threshold</th>
            {sides.map((s) => (
              <td key={s.ref} className="num">
                {!s.found ? "—" : s.found.passThreshold === null ? "unknown" : f3(s.found.passThreshold)}
              </td>
            ))}
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
            const [bi, ci] = [bv.get(k), cv.get(k)];
            const changed = itemVerdict(bi) !== itemVerdict(ci);
            return (
              <tr key={k} data-changed={changed ? "true" : "false"} style={changed ? { background: "var(--warn-bg)" } : undefined}>
                <td>{k}</td>
                <td>{kindOf(k) ?? "unknown"}</td>
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

      <h2>Replies</h2>
      <Legend detectors={false} />
      <p className="muted small">Judged replies are not read by the H1/H4/H5 detectors (they have no decision target); the judge&apos;s items above say what each reply covers.</p>
      <p className="muted" data-testid="reply-changes">
        {changes.summary}
      </p>
      <div className="two-col">
        {sides.map((s, i) => {
          const x = s.found?.case ?? null;
          const text = replyOf(x);
          return (
            <section key={s.ref} aria-label={i === 0 ? "Baseline reply" : "Candidate reply"}>
              <h3>
                {i === 0 ? "Baseline" : "Candidate"} ({s.found ? s.found.name : s.ref})
              </h3>
              {x && text !== null ? (
                <>
                  <HighlightedText text={text} spans={[]} changes={i === 0 ? changes.base : changes.cand} />
                  {x.candidate !== undefined && x.judged_text !== undefined && x.judged_text !== x.candidate ? (
                    <details>
                      <summary>The raw output (the judge read the reply extracted from this envelope)</summary>
                      <pre className="reply">{x.candidate}</pre>
                    </details>
                  ) : null}
                  {x.rationales?.length ? (
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
              ) : x ? (
                <p className="muted">Reply unknown: this report carries no replies (a report shaped as seed 002 defines v2).</p>
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

/** Why a judged case fails, in the judge's words: the items missing and present, or the threshold. */
function failWords(x: JudgeCaseForCompare): string {
  if (x.error) return `error: ${x.error}`;
  const parts = [...x.missing_required.map((m) => `missing: ${m}`), ...x.forbidden_present.map((f) => `forbidden: ${f}`)];
  return parts.length ? parts.join("; ") : `correctness ${x.correctness === null ? "n/a" : x.correctness.toFixed(2)} below the pass threshold`;
}
