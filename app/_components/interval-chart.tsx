/** A point estimate with its 95% interval on a 0–1 axis and the 0.9 advisory line, inline SVG. */
export function IntervalChart({ label, value, interval, threshold = 0.9, width = 220 }: { label: string; value: number | null; interval: readonly [number, number]; threshold?: number; width?: number }) {
  const pad = 6;
  const w = width - 2 * pad;
  const x = (v: number) => pad + v * w;
  const below = value === null || value < threshold;
  return (
    <svg width={width} height={26} role="img" aria-label={`${label} ${value === null ? "undefined" : value.toFixed(3)}, 95% interval ${interval[0].toFixed(2)} to ${interval[1].toFixed(2)}`} className="interval">
      <line x1={x(0)} x2={x(1)} y1={13} y2={13} stroke="#dcdcd6" strokeWidth={2} />
      <line x1={x(threshold)} x2={x(threshold)} y1={2} y2={24} stroke="#b3261e" strokeDasharray="3 2">
        <title>{`advisory threshold ${threshold}`}</title>
      </line>
      <line x1={x(interval[0])} x2={x(interval[1])} y1={13} y2={13} stroke={below ? "#b3261e" : "#1e7d32"} strokeWidth={4} strokeLinecap="round" />
      {value !== null && <circle cx={x(value)} cy={13} r={5} fill="#fff" stroke={below ? "#b3261e" : "#1e7d32"} strokeWidth={2} />}
    </svg>
  );
}
