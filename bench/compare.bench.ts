// Times compareReports on 10,000 synthetic pairs with 10,000 bootstrap resamples (target < 300 ms on one core).
//   npx tsx bench/compare.bench.ts
import { compareReports } from "../lib/compare/compare";
import { mulberry32 } from "../lib/compare/prng";
import type { ComparableCase, NormalisedReport } from "../lib/compare/read-report";

const PAIRS = 10_000;
const RESAMPLES = 10_000;
const TARGET_MS = 300;

/** Two score-kind reports over the same decisions; episodes share an effect so clusters are internally correlated. */
function syntheticPair(episodes: number): [NormalisedReport, NormalisedReport] {
  const rng = mulberry32(7);
  const perEpisode = PAIRS / episodes;
  const base: ComparableCase[] = [];
  const cand: ComparableCase[] = [];
  let episodeShift = 0;
  for (let i = 0; i < PAIRS; i++) {
    if (i % perEpisode === 0) episodeShift = (rng.next() - 0.5) * 0.1;
    const ep = `ep-${String(Math.floor(i / perEpisode)).padStart(5, "0")}`;
    const b = rng.next();
    const c = Math.min(1, Math.max(0, b + 0.005 + episodeShift + (rng.next() - 0.5) * 0.05));
    const common = { key: `${ep}#${i % perEpisode}`, group: "orders", cluster: ep, gate_reason: null, violations: [], error: null };
    base.push({ ...common, value: b, gate: true });
    cand.push({ ...common, value: c, gate: c > 0.02 });
  }
  const report = (cases: ComparableCase[]): NormalisedReport => ({ kind: "score", format: "score-v1", meta: {}, cases });
  return [report(base), report(cand)];
}

for (const [mode, episodes, cluster] of [["unclustered", PAIRS, false], ["clustered, 2,000 episodes", 2_000, true]] as const) {
  const [b, c] = syntheticPair(episodes);
  const times: number[] = [];
  let resampling = "";
  for (let run = 0; run < 6; run++) {
    const t0 = performance.now();
    const out = compareReports(b, c, { resamples: RESAMPLES, cluster });
    times.push(performance.now() - t0);
    if (!out.ok) throw new Error(out.error);
    resampling = out.result.resampling;
  }
  const first = times[0]!;
  const warm = times.slice(1).sort((x, y) => x - y)[2]!;
  console.log(`compare ${PAIRS} pairs x ${RESAMPLES} resamples: ${first.toFixed(0)} ms (target < ${TARGET_MS} ms) [${mode}: ${resampling}; first call; warm median ${warm.toFixed(0)} ms]${first < TARGET_MS ? "" : "  OVER TARGET"}`);
}
