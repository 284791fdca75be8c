import type { CompareOutcome, CompareResult } from "@/lib/compare/compare";
import type { NoLikeForLike } from "@/lib/compare/like-for-like";

type Variant = { label: string; why: string; outcome: CompareOutcome };

const ci = (c: readonly [number, number]) => `[${c[0].toFixed(3)}, ${c[1].toFixed(3)}]`;
const signed = (x: number) => (x > 0 ? "+" : "") + x.toFixed(3);

/**
 * Issue 20 (9): the verdict as reported beside the verdict under one ruler, and what no recomputation can undo.
 * Issue 26: when the ruler changed, the as-reported verdict is not coloured (it is not the agent's change alone), and
 * the row the headline verdict comes from is marked.
 */
export function LikeForLikeTable({ asReported, variants, impossible, rulerChanged = false, headlineLabel = null }: { asReported: CompareResult; variants: Variant[]; impossible: NoLikeForLike[]; rulerChanged?: boolean; headlineLabel?: string | null }) {
  const row = (label: string, why: string, r: CompareResult, colour = true) => (
    <tr key={label} data-headline={label === headlineLabel ? "true" : undefined}>
      <th scope="row">
        {label} {label === headlineLabel ? <span className="badge">headline</span> : null} <span className="muted small">{why}</span>
      </th>
      <td className={!colour ? undefined : r.verdict === "REGRESSED" ? "bad" : r.verdict === "IMPROVED" ? "good" : undefined}>{r.verdict}</td>
      <td className="num">{signed(r.mean_delta)}</td>
      <td className="num">{ci(r.ci)}</td>
      <td className="num">{r.n_pairs}</td>
      <td className="num">{r.gate_flips.pass_to_fail.length}</td>
      <td className="num">{r.blockers.length}</td>
    </tr>
  );
  return (
    <>
      <table aria-label="Verdict computed both ways">
        <caption>The verdict computed both ways</caption>
        <thead>
          <tr>
            <th>computed</th>
            <th>verdict</th>
            <th className="num">mean Δ</th>
            <th className="num">95% CI</th>
            <th className="num">pairs</th>
            <th className="num">pass→fail</th>
            <th className="num">blockers</th>
          </tr>
        </thead>
        <tbody>
          {row("as reported", rulerChanged ? "each side with its own ruler: not the agent's change alone" : "each side with its own ruler", asReported, !rulerChanged)}
          {variants.map((v) =>
            v.outcome.ok ? (
              row(v.label, v.why, v.outcome.result)
            ) : (
              <tr key={v.label}>
                <th scope="row">{v.label}</th>
                <td colSpan={6} className="muted">
                  cannot be computed: {v.outcome.error}
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      {impossible.length ? (
        <ul aria-label="Not recomputable" className="small">
          {impossible.map((x) => (
            <li key={x.label}>
              No verdict {x.label}: {x.why}.
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
