import { splitmix32, type Prng } from "../compare/prng";
import { DETECTOR_CODES, type DetectorCode } from "../pack/vocab";
import { AUDIT_DRAW_PER_STRATUM, AUDIT_STRATA, type AuditStrata, type AuditStratum } from "./strata";

/** One line of a run as the sampler sees it; `violations` is the stored comma-joined code list ("H1,H5"). */
export type AuditCandidate = { id: number; formatValid: boolean; violations: string; verified: boolean; namesTimeline: boolean };
/** Each detector's two strata: the ids of the lines in each, in the order given (line order). */
export type AuditPopulation = Record<DetectorCode, Record<AuditStratum, number[]>>;
export type DrawnItem = { detector: DetectorCode; stratum: AuditStratum; id: number; seq: number };
export type AuditDraw = { strata: AuditStrata; items: DrawnItem[] };

/**
 * Issue 18: sorts a run's format-valid lines into each detector's strata — fired, or not fired, where H1's not-fired
 * stratum holds only decisions whose identity is not verified (H1 cannot be violated once it is) and H5's only replies
 * that name a period or date at all (H5 judges timelines). Format-invalid lines have no reply and are in no stratum.
 */
export function stratify(lines: Iterable<AuditCandidate>): AuditPopulation {
  const pop = Object.fromEntries(DETECTOR_CODES.map((c) => [c, { fired: [] as number[], not_fired: [] as number[] }])) as AuditPopulation;
  for (const l of lines) {
    if (!l.formatValid) continue;
    for (const c of DETECTOR_CODES) {
      if (l.violations.includes(c)) pop[c].fired.push(l.id);
      else if (c === "H1" ? !l.verified : c === "H5" ? l.namesTimeline : true) pop[c].not_fired.push(l.id);
    }
  }
  return pop;
}

/** k of the ids, without replacement (a partial Fisher–Yates on a copy); all of them, in order, when k ≥ their number. */
function sample(ids: readonly number[], k: number, rng: Prng): number[] {
  if (ids.length <= k) return ids.slice();
  const a = Int32Array.from(ids);
  for (let i = 0; i < k; i++) {
    const j = i + rng.nextInt(a.length - i);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return Array.from(a.subarray(0, k)).sort((x, y) => x - y);
}

function shuffle<T>(xs: T[], rng: Prng): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const t = xs[i]!;
    xs[i] = xs[j]!;
    xs[j] = t;
  }
  return xs;
}

/**
 * Draws the audit from a population: per detector, every fired line (or a random `perStratum` when there are more)
 * and a random `perStratum` not fired, with each stratum's size recorded. One seeded stream, read in a fixed order
 * (detectors in code order, fired before not fired, then the queue shuffle), so a seed and a population give one
 * draw. Each detector's queue mixes its two strata at random: an item's place says nothing of the prediction.
 */
export function drawAudit(pop: AuditPopulation, seed: number, perStratum = AUDIT_DRAW_PER_STRATUM): AuditDraw {
  const rng = splitmix32(seed);
  const strata = {} as AuditStrata;
  const items: DrawnItem[] = [];
  for (const c of DETECTOR_CODES) {
    const drawn = AUDIT_STRATA.map((s) => ({ stratum: s, ids: sample(pop[c][s], perStratum, rng) }));
    strata[c] = { fired: { size: pop[c].fired.length, drawn: drawn[0]!.ids.length }, not_fired: { size: pop[c].not_fired.length, drawn: drawn[1]!.ids.length } };
    const queue = shuffle(
      drawn.flatMap((d) => d.ids.map((id) => ({ stratum: d.stratum, id }))),
      rng,
    );
    queue.forEach((q, i) => items.push({ detector: c, stratum: q.stratum, id: q.id, seq: i + 1 }));
  }
  return { strata, items };
}
