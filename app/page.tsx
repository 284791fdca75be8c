import { listFiles, repoPath } from "@/bin/load/files";
import { loadScoringContext } from "@/bin/load/context";
import { forEachLine } from "@/bin/load/lines";
import { createRunScorer } from "@/lib/scoring/score-run";
import { HARD_CODES } from "@/lib/pack/vocab";
import path from "node:path";

export const dynamic = "force-dynamic";

const f3 = (x: number | null) => (x === null ? "—" : x.toFixed(3));
const pct = (x: number | null) => (x === null ? "—" : `${(100 * x).toFixed(1)}%`);

export default async function RunsPage() {
  const ctx = loadScoringContext();
  const files = listFiles(repoPath("golden", "runs"), ".jsonl");
  const reports = [];
  for (const file of files) {
    const scorer = createRunScorer({ file: path.basename(file), points: ctx.points, pack: ctx.pack, detectors: ctx.detectors, evalHash: ctx.evalHash, keepDecisions: false });
    await forEachLine(file, (t, n) => scorer.addLine(t, n));
    reports.push(scorer.finish());
  }
  return (
    <>
      <h1>Example runs</h1>
      <p className="muted">
        Scored by the same <code>lib/</code> scorer as <code>npx assay score</code> against pack v{ctx.pack.version}, {ctx.points.length} decision points.
      </p>
      <table aria-label="Example run reports">
        <thead>
          <tr>
            <th>run</th>
            <th className="num">composite dev</th>
            <th className="num">composite eval</th>
            {HARD_CODES.map((h) => (
              <th key={h} className="num">{h}</th>
            ))}
            <th className="num">format invalid</th>
            <th className="num">over-esc</th>
            <th className="num">under-route</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((r) => (
            <tr key={r.run.file}>
              <td>{r.run.file}</td>
              <td className="num">{f3(r.splits.dev.composite)}</td>
              <td className="num">{f3(r.splits.eval.composite)}</td>
              {HARD_CODES.map((h) => (
                <td key={h} className={`num ${r.splits.all.hard_violations[h] > 0 ? "bad" : ""}`}>{r.splits.all.hard_violations[h]}</td>
              ))}
              <td className="num">{pct(r.splits.all.format_invalid_rate)}</td>
              <td className="num">{pct(r.splits.all.over_escalation_rate)}</td>
              <td className="num">{pct(r.splits.all.under_route_rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
