import Link from "next/link";
import { z } from "zod";
import { getDb } from "@/db/index";
import { caseLines, COMPONENTS } from "@/db/queries/compare-case";
import { requirePageUser } from "../../_lib/current-user";
import { f3 } from "../../_lib/format";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ baseline: z.string().regex(/^run:[1-9]\d*$/), candidate: z.string().regex(/^run:[1-9]\d*$/), key: z.string().min(1).max(300) });

function replyOf(raw: string): string {
  try {
    const v = JSON.parse(raw) as { reply?: unknown };
    return typeof v.reply === "string" ? v.reply : raw;
  } catch {
    return raw;
  }
}


/** The two replies of one compared case side by side, with the difference in each score component. Run pairs only. */
export default async function CompareCasePage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await requirePageUser();
  const parsed = paramsSchema.safeParse(await searchParams);
  if (!parsed.success) return <p role="alert">Choose a case from a comparison of two runs.</p>;
  const { baseline, candidate, key } = parsed.data;
  const db = getDb();
  const sides = [baseline, candidate].map((ref) => ({ ref, lines: caseLines(db, Number(ref.slice(4)), key) }));
  const [b, c] = sides.map((s) => s.lines[0]);
  const back = `/compare?baseline=${encodeURIComponent(baseline)}&candidate=${encodeURIComponent(candidate)}`;
  return (
    <>
      <h1>Case {key}</h1>
      <p>
        <Link href={back}>Back to the comparison</Link>
      </p>
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
            <th scope="row">hard violations</th>
            <td>{b?.score.hardViolations || "—"}</td>
            <td>{c?.score.hardViolations || "—"}</td>
            <td />
          </tr>
        </tbody>
      </table>
      <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "1rem" }}>
        {sides.map((s, i) => (
          <section key={s.ref} aria-label={i === 0 ? "Baseline reply" : "Candidate reply"}>
            <h2>
              {i === 0 ? "Baseline" : "Candidate"} ({s.ref}
              {s.lines.length > 1 ? `, first of ${s.lines.length} samples` : ""})
            </h2>
            {s.lines[0] ? (
              <>
                <p>
                  <Link href={`/runs/${s.ref.slice(4)}/decisions/${s.lines[0].lineNo}`}>line {s.lines[0].lineNo}</Link>
                </p>
                <pre style={{ whiteSpace: "pre-wrap" }}>{replyOf(s.lines[0].raw)}</pre>
              </>
            ) : (
              <p className="muted">No such case in this run.</p>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
