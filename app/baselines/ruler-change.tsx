import type { ApprovalRecord } from "@/lib/approval/record";

/** Issue 26: an approval across a change of ruler says so in the history, beside the lead's written reason. */
export function RulerChangeNote({ record }: { record: ApprovalRecord }) {
  const ruler = record.ruler;
  if (!ruler?.changes.length) return null;
  return (
    <p className="warn small" data-testid="ruler-change">
      Approved across a change of ruler: {ruler.changes.join("; ")}.{ruler.headline ? ` Headline verdict shown: ${ruler.headline}.` : ""} The lead&apos;s reason:
    </p>
  );
}
