import type { DetectorHit } from "@/lib/scoring/report-schema";

export type Span = DetectorHit & { code: string };
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

/**
 * A model reply with detector hits marked. Everything is a React text node — the reply is untrusted and is never
 * parsed as HTML (no dangerouslySetInnerHTML anywhere), so `<script>` or `<img onerror>` in it shows as text.
 */
export function HighlightedText({ text, spans, className = "reply" }: { text: string; spans: readonly Span[]; className?: string }) {
  return (
    <pre className={className}>
      {segment(text, spans).map((s, i) =>
        s.spans.length === 0 ? (
          s.text
        ) : (
          <mark key={i} className={`hit hit-${s.spans[0]!.code}`} title={s.spans.map((x) => `${x.code}: ${x.reason}`).join("\n")} data-detector={s.spans.map((x) => x.code).join(" ")}>
            {s.text}
          </mark>
        ),
      )}
    </pre>
  );
}
