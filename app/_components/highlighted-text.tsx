import type { DetectorHit } from "@/lib/scoring/report-schema";

/** A detector span to mark: a hit (the default) or a span the grammar cleared, with its reason. */
export type Span = DetectorHit & { code: string; outcome?: "hit" | "cleared" };
type Segment = { text: string; spans: Span[] };

/** Cuts text at every span boundary so overlapping hits from several detectors each stay visible. */
export function segment(text: string, spans: readonly Span[]): Segment[] {
  const valid = spans.filter((s) => s.start >= 0 && s.end <= text.length && s.start < s.end);
  const cuts = [...new Set([0, text.length, ...valid.flatMap((s) => [s.start, s.end])])].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const a = cuts[i]!;
    const b = cuts[i + 1]!;
    out.push({ text: text.slice(a, b), spans: valid.filter((s) => s.start <= a && s.end >= b) });
  }
  return out;
}

const isHit = (s: Span) => s.outcome !== "cleared";

/**
 * A model reply with detector hits marked, and the spans the grammar cleared marked differently (dotted, with the
 * reason on hover and focus and as text for screen readers). Everything is a React text node — the reply is untrusted
 * and is never parsed as HTML (no dangerouslySetInnerHTML anywhere), so `<script>` or `<img onerror>` in it shows as text.
 */
export function HighlightedText({ text, spans, className = "reply" }: { text: string; spans: readonly Span[]; className?: string }) {
  return (
    <pre className={className}>
      {segment(text, spans).map((s, i) => {
        if (s.spans.length === 0) return s.text;
        const hits = s.spans.filter(isHit);
        if (hits.length > 0) {
          return (
            <mark key={i} className={`hit hit-${hits[0]!.code}`} title={hits.map((x) => `${x.code}: ${x.reason}`).join("\n")} data-detector={hits.map((x) => x.code).join(" ")}>
              {s.text}
            </mark>
          );
        }
        const why = s.spans.map((x) => `${x.code} cleared: ${x.reason}`).join("; ");
        return (
          <mark key={i} className={`cleared cleared-${s.spans[0]!.code}`} tabIndex={0} title={why} data-reason={why} data-cleared={s.spans.map((x) => x.code).join(" ")}>
            {s.text}
            <span className="sr-only"> ({why})</span>
          </mark>
        );
      })}
    </pre>
  );
}
