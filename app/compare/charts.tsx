import type { GroupInterval } from "@/lib/compare/by-group";
import { forestGeometry, FOREST_VALUE_FONT, type ForestRow } from "@/lib/charts/forest";
import { histogramGeometry } from "@/lib/charts/histogram-geometry";

// Issue 20 (7): the comparison as pictures, drawn on the server as plain SVG from lib/charts geometry (no chart library).
// Each picture has a <title> and a <desc> that says in words what it shows, and labelled axes.

const COLOR = { above: "#1e7d32", below: "#b3261e", straddles: "#5f6368", unknown: "#9aa0a6" } as const;
const f = (x: number) => (x > 0 ? "+" : "") + x.toFixed(3);

/** Mean Δ with its 95% interval: overall first, then per family (runs) or role (judge reports). */
export function ForestPlot({ id, overall, groups, groupWord, width = 640 }: { id: string; overall: ForestRow; groups: GroupInterval[]; groupWord: "family" | "role"; width?: number }) {
  const rows: ForestRow[] = [overall, ...groups.map((g) => ({ label: g.group, mean: g.mean, ci: g.ci, n: g.n }))];
  const g = forestGeometry(rows, width);
  const describe = (r: ForestRow) => `${r.label}: mean Δ ${f(r.mean)}, ${r.ci ? `95% interval ${f(r.ci[0])} to ${f(r.ci[1])}` : "no interval (one unit)"}, ${r.n} pair(s)`;
  const title = `Mean paired Δ with its 95% interval, overall and per ${groupWord}`;
  return (
    <figure className="chart">
      <svg id={id} className="chart-svg" width={g.width} height={g.height} viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{`${rows.map(describe).join("; ")}. Left of the 0 line the candidate scores lower than the baseline.`}</desc>
        {g.ticks.map((t) => (
          <g key={t.value}>
            <line x1={t.x} x2={t.x} y1={g.plot.top} y2={g.plot.bottom} stroke="#e6e6e0" />
            <text x={t.x} y={g.plot.bottom + 14} fontSize={10} textAnchor="middle" fill="#5f6368">
              {t.label}
            </text>
          </g>
        ))}
        <line x1={g.zeroX} x2={g.zeroX} y1={g.plot.top - 4} y2={g.plot.bottom} stroke="#202124" strokeDasharray="4 3" />
        <text x={(g.plot.left + g.plot.right) / 2} y={g.plot.bottom + 32} fontSize={11} textAnchor="middle" fill="#202124">
          mean Δ (candidate − baseline)
        </text>
        <text x={8} y={g.plot.bottom + 32} fontSize={11} fill="#202124">
          {groupWord}
        </text>
        {g.rows.map((r, i) => (
          <g key={r.label} data-row={r.label} data-side={r.side}>
            <title>{describe(r)}</title>
            <text x={8} y={r.y + 4} fontSize={i === 0 ? 12 : 11} fontWeight={i === 0 ? 700 : 400}>
              {r.label.length > 26 ? `${r.label.slice(0, 25)}…` : r.label}
            </text>
            {r.x0 !== null && r.x1 !== null ? <line x1={r.x0} x2={r.x1} y1={r.y} y2={r.y} stroke={COLOR[r.side]} strokeWidth={i === 0 ? 3 : 2} /> : null}
            {i === 0 ? <rect x={r.x - 5} y={r.y - 5} width={10} height={10} fill={COLOR[r.side]} /> : <circle cx={r.x} cy={r.y} r={4} fill="#fff" stroke={COLOR[r.side]} strokeWidth={2} />}
            <text x={g.valueX} y={r.y + 4} fontSize={FOREST_VALUE_FONT} fill="#5f6368">
              {r.value}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

/** How many cases moved by how much: a histogram of per-case Δ, bins centred on multiples of a nice width. */
export function DeltaHistogram({ id, deltas, width = 440, height = 220 }: { id: string; deltas: readonly number[]; width?: number; height?: number }) {
  const g = histogramGeometry(deltas, width, height);
  const below = deltas.filter((d) => d <= -1e-9).length;
  const above = deltas.filter((d) => d >= 1e-9).length;
  const tallest = g.bars.reduce((best, b) => (b.count > (best?.count ?? -1) ? b : best), g.bars[0]);
  const title = "Histogram of per-case Δ (candidate − baseline)";
  const desc = `${g.hist.n} cases in bins ${g.hist.width} wide: ${below} moved down, ${g.hist.n - below - above} tied, ${above} moved up${tallest ? `; the tallest bin, ${f(tallest.x0)} to ${f(tallest.x1)}, holds ${tallest.count}` : ""}.`;
  return (
    <figure className="chart">
      <svg id={id} className="chart-svg" width={g.width} height={g.height} viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{desc}</desc>
        {g.yTicks.map((t) => (
          <g key={t.value}>
            <line x1={g.plot.left} x2={g.plot.right} y1={t.y} y2={t.y} stroke="#e6e6e0" />
            <text x={g.plot.left - 6} y={t.y + 3} fontSize={10} textAnchor="end" fill="#5f6368">
              {t.label}
            </text>
          </g>
        ))}
        {g.bars.map((b) => (
          <rect key={b.x0} x={b.x + 0.5} y={b.y} width={Math.max(0, b.w - 1)} height={b.h} fill={b.x1 <= 0 ? COLOR.below : b.x0 >= 0 ? COLOR.above : COLOR.straddles} data-count={b.count}>
            <title>{`Δ ${f(b.x0)} to ${f(b.x1)}: ${b.count} case(s)`}</title>
          </rect>
        ))}
        <line x1={g.zeroX} x2={g.zeroX} y1={g.plot.top} y2={g.plot.bottom} stroke="#202124" strokeDasharray="4 3" />
        <line x1={g.plot.left} x2={g.plot.right} y1={g.plot.bottom} y2={g.plot.bottom} stroke="#202124" />
        {g.xTicks.map((t) => (
          <text key={t.value} x={t.x} y={g.plot.bottom + 14} fontSize={10} textAnchor="middle" fill="#5f6368">
            {t.label}
          </text>
        ))}
        <text x={(g.plot.left + g.plot.right) / 2} y={g.height - 6} fontSize={11} textAnchor="middle" fill="#202124">
          per-case Δ (candidate − baseline)
        </text>
        <text x={12} y={(g.plot.top + g.plot.bottom) / 2} fontSize={11} textAnchor="middle" fill="#202124" transform={`rotate(-90 12 ${(g.plot.top + g.plot.bottom) / 2})`}>
          cases
        </text>
      </svg>
    </figure>
  );
}
