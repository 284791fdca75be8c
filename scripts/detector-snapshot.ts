// Prints every detector verdict and hit over a large corpus (example-run replies, reference replies, probes, customer
// turns, and each of their sentences alone) in three contexts, one JSON line each. Two snapshots that compare equal
// prove a change left the detectors' behaviour untouched: `npx tsx scripts/detector-snapshot.ts > before.jsonl`.
import { loadEpisodes } from "../bin/load/episodes";
import { exampleRunReplies } from "../bin/load/example-replies";
import { loadProbes } from "../bin/load/probes";
import { runDetectors } from "../lib/detectors";
import { sentenceSpans } from "../lib/detectors/text";
import { detectorContext, toDecisionPoints } from "../lib/pack/decision-points";
import type { DetectorContext } from "../lib/schemas/probe";

const points = toDecisionPoints(loadEpisodes());
const texts: Array<{ text: string; ctx: DetectorContext }> = exampleRunReplies(points).map(({ reply, ctx }) => ({ text: reply, ctx }));
const ctxOf = (p: (typeof points)[number]): DetectorContext => detectorContext(p.target, p.customer_message);
for (const p of points) texts.push({ text: p.reference_reply, ctx: ctxOf(p) }, { text: p.customer_message, ctx: ctxOf(p) });
for (const p of loadProbes()) texts.push({ text: p.reply, ctx: p.context }, { text: p.context.customer_message, ctx: p.context });

const seen = new Set<string>();
const bare = (c: DetectorContext, disclose: boolean): DetectorContext => ({ ...c, may_disclose_account_details: disclose, allowed_timeline_claims: disclose ? c.allowed_timeline_claims : [] });
for (const { text, ctx } of texts) {
  const variants = [text, ...sentenceSpans(text).map((s) => text.slice(s.start, s.end))];
  for (const v of variants) {
    for (const c of [ctx, bare(ctx, false), bare(ctx, true)]) {
      const key = `${v}\u0000${JSON.stringify(c)}`;
      if (seen.has(key) || !v.trim()) continue;
      seen.add(key);
      const d = runDetectors(v, c);
      console.log(JSON.stringify([v.slice(0, 60), d.H1.hits, d.H4.hits, d.H5.hits]));
    }
  }
}
