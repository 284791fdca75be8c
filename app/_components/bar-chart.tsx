/** Horizontal grouped bars on a 0–1 scale, inline SVG (no chart library). A null value is drawn as "—". */
export type BarSeries = { name: string; color: string };
export type BarGroup = { label: string; values: Array<number | null>; note?: string };

export function BarChart({ title, series, groups, width = 560 }: { title: string; series: BarSeries[]; groups: BarGroup[]; width?: number }) {
  const labelW = 150;
  const valueW = 48;
  const barH = 12;
  const gap = 8;
  const groupH = series.length * barH + gap;
  const plotW = width - labelW - valueW;
  const legendH = 18;
  const height = legendH + groups.length * groupH + 18;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <figure className="chart">
      <svg width={width} height={height} role="img" aria-label={title} viewBox={`0 0 ${width} ${height}`}>
        <title>{title}</title>
        {series.map((s, i) => (
          <g key={s.name} transform={`translate(${labelW + i * 110}, 4)`}>
            <rect width={10} height={10} fill={s.color} />
            <text x={14} y={9} fontSize={11}>
              {s.name}
            </text>
          </g>
        ))}
        {ticks.map((t) => (
          <g key={t}>
            <line x1={labelW + t * plotW} x2={labelW + t * plotW} y1={legendH} y2={height - 14} stroke="#dcdcd6" />
            <text x={labelW + t * plotW} y={height - 3} fontSize={10} textAnchor="middle" fill="#5f6368">
              {t}
            </text>
          </g>
        ))}
        {groups.map((g, gi) => {
          const y0 = legendH + gi * groupH;
          return (
            <g key={g.label}>
              <text x={labelW - 6} y={y0 + (series.length * barH) / 2 + 4} fontSize={11} textAnchor="end">
                {g.label}
              </text>
              {g.values.map((v, si) => (
                <g key={si}>
                  <rect x={labelW} y={y0 + si * barH} width={Math.max(0, (v ?? 0) * plotW)} height={barH - 2} fill={series[si]?.color ?? "#888"} />
                  <text x={labelW + (v ?? 0) * plotW + 4} y={y0 + si * barH + barH - 3} fontSize={10} fill="#1d1f21">
                    {v === null ? "—" : v.toFixed(3)}
                  </text>
                </g>
              ))}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
