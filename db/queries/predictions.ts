import { DETECTORS } from "../../lib/detectors";
import type { DetectorCode } from "../../lib/pack/vocab";
import type { DetectorContext } from "../../lib/schemas/probe";
import type { DetectorHit } from "../../lib/scoring/report-schema";

// Shared with the CLI, the bench and tests, so no `server-only` marker here.

export type Prediction = { predicted: boolean; hits: DetectorHit[] };

type Cached = Prediction & { reply: string; context: string };
const cache = new Map<string, Cached>();

/**
 * The detector's verdict on a probe, measured by the current lib/ code (never stored: a detector change shows up on
 * the next page load). Memoised per probe so saving a label does not re-run 1,000 detectors.
 */
export function predictProbe(p: { id: string; detector: DetectorCode; reply: string; context: DetectorContext }): Prediction {
  const context = JSON.stringify(p.context);
  const hit = cache.get(p.id);
  if (hit && hit.reply === p.reply && hit.context === context) return hit;
  const r = DETECTORS[p.detector](p.reply, p.context);
  const entry: Cached = { predicted: r.fired, hits: r.hits, reply: p.reply, context };
  cache.set(p.id, entry);
  return entry;
}
