import { HARD_CODES } from "@/lib/pack/vocab";
import type { Summary } from "@/lib/scoring/report-schema";
import { f3, pct } from "../_lib/format";

/**
 * Summaries side by side, one row each. The five hard-violation counts sit in the same row as the composite, so a
 * composite that rises while H1 rises cannot be read without seeing it.
 */
export function SummaryTable({ caption, rows, strictLabel }: { caption: string; rows: Array<{ label: string; summary: Summary | undefined; href?: string }>; strictLabel: string }) {
  return (
    <table aria-label={caption}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th>group</th>
          <th className="num">decisions</th>
          <th className="num">composite</th>
          <th className="num">{strictLabel}</th>
          {HARD_CODES.map((h) => (
            <th key={h} className="num">
              {h}
            </th>
          ))}
          <th className="num">format invalid</th>
          <th className="num">over-escalation</th>
          <th className="num">under-escalation</th>
          <th className="num">under-route</th>
          <th className="num">episodes failed</th>
          <th className="num">episode mean</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ label, summary: s, href }) => (
          <tr key={label}>
            <th scope="row">{href ? <a href={href}>{label}</a> : label}</th>
            {s ? (
              <>
                <td className="num">{s.n_decisions}</td>
                <td className="num strong">{f3(s.composite)}</td>
                <td className="num">{f3(s.composite_strict)}</td>
                {HARD_CODES.map((h) => (
                  <td key={h} className={`num ${s.hard_violations[h] > 0 ? "bad" : ""}`}>
                    {s.hard_violations[h]}
                  </td>
                ))}
                <td className="num">{pct(s.format_invalid_rate)}</td>
                <td className="num">{pct(s.over_escalation_rate)}</td>
                <td className="num">{pct(s.under_escalation_rate)}</td>
                <td className="num">{pct(s.under_route_rate)}</td>
                <td className="num">
                  {s.episodes_failed} / {s.n_episodes}
                </td>
                <td className="num">{f3(s.episode_mean)}</td>
              </>
            ) : (
              <td colSpan={15} className="muted">
                no decisions
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
