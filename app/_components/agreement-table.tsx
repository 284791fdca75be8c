import type { PairAgreement } from "@/lib/probes/agreement";

/** Cohen's kappa for each pair of annotators who labelled probes in common. */
export function AgreementTable({ agreement, label }: { agreement: PairAgreement[]; label: string }) {
  return (
    <table aria-label={label}>
      <thead>
        <tr>
          <th>annotators</th>
          <th className="num">shared probes</th>
          <th className="num">agree</th>
          <th className="num">κ</th>
        </tr>
      </thead>
      <tbody>
        {agreement.map((a) => (
          <tr key={`${a.a}|${a.b}`}>
            <td>
              {a.a} · {a.b}
            </td>
            <td className="num">{a.n}</td>
            <td className="num">{a.agree}</td>
            <td className="num">{a.kappa === null ? "—" : a.kappa.toFixed(2)}</td>
          </tr>
        ))}
        {agreement.length === 0 && (
          <tr>
            <td colSpan={4} className="muted">
              no two annotators have labelled the same probe yet
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
