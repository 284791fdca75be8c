import type { DetectorHit } from "@/lib/scoring/report-schema";
import { reasonWithCode } from "@/lib/text/detector-reason";

/** A detector span to mark: a hit (the default) or a span the grammar cleared, with its reason. */
export type Span = DetectorHit & { code: string; outcome?: "hit" | "cleared" };
/** Words one reply added or removed against another (compare's case page; lib/text/word-diff.ts). */
export type Change = { start: number; end: number; kind: "added" | "removed" };
type Marked = Omit<Span, "outcome"> & { outcome?: Span["outcome"] | Change["kind"] };
type Segment = { text: string; spans: Marked[] };

/** Cuts text at every span boundary so overlapping hits from several detectors each stay visible. */
export function segment(text: string, spans: readonly Marked[]): Segment[] {
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

const isChange = (s: Marked) => s.outcome === "added" || s.outcome === "removed";
const isHit = (s: Marked) => s.outcome === undefined || s.outcome === "hit";

/**
 * A model reply with detector hits marked, and the spans the grammar cleared marked differently (dotted, with the
 * reason on hover and focus and as text for screen readers). Everything is a React text node — the reply is untrusted
 * and is never parsed as HTML (no dangerouslySetInnerHTML anywhere), so `<script>` or `<img onerror>` in it shows as text.
 * `changes` wraps words added (`<ins>`) or removed (`<del>`) against another reply around those marks.
 */
export function HighlightedText({ text, spans, changes = [], className = "reply" }: { text: string; spans: readonly Span[]; changes?: readonly Change[]; className?: string }) {
  const marks: Marked[] = [...spans, ...changes.map((c) => ({ start: c.start, end: c.end, text: "", reason: "", code: "diff", outcome: c.kind }))];
  return (
    <pre className={className}>
      {segment(text, marks).map((s, i) => {
        const change = s.spans.find(isChange);
        const inner = detectorMarks({ ...s, spans: s.spans.filter((x) => !isChange(x)) }, i);
        if (!change) return inner;
        const Tag = change.outcome === "added" ? "ins" : "del";
        return (
          <Tag key={i} className={`diff diff-${change.outcome}`}>
            {inner}
          </Tag>
        );
      })}
    </pre>
  );
}

/** One segment's detector marks: a hit, or a cleared span with its reason; plain text when none. */
function detectorMarks(s: Segment, i: number) {
  if (s.spans.length === 0) return s.text;
  const hits = s.spans.filter(isHit);
  if (hits.length > 0) {
    return (
      <mark key={i} className={`hit hit-${hits[0]!.code}`} title={hits.map((x) => reasonWithCode(x.code, x.reason)).join("\n")} data-detector={hits.map((x) => x.code).join(" ")}>
        {s.text}
      </mark>
    );
  }
  const why = s.spans.map((x) => reasonWithCode(x.code, x.reason, "cleared")).join("; ");
  return (
    <mark key={i} className={`cleared cleared-${s.spans[0]!.code}`} tabIndex={0} title={why} data-reason={why} data-cleared={s.spans.map((x) => x.code).join(" ")}>
      {s.text}
      <span className="sr-only"> ({why})</span>
    </mark>
  );
}
