// `npx tsx scripts/time-probe-release.ts`: what the probe-set release costs the pages that show it (issue 26) — the
// labelling pages' draft banner (draftSummary: cold, after a vote, memoised) and the release page's full diff
// (draftState: every probe's prediction and each detector's figures) — on a fresh database seeded from the repository.
import { performance } from "node:perf_hooks";
import { draftState, draftSummary } from "../db/queries/probe-set-versions";
import { makeTempDb } from "../db/testing/temp-db";
import { saveLabel } from "../db/writes/labels";
import { seedFromRepo } from "../db/writes/seed-repo";

const t = await makeTempDb();
try {
  await seedFromRepo(t.db, { exampleRuns: false });
  const ms = async (f: () => Promise<unknown>) => {
    const a = performance.now();
    await f();
    return performance.now() - a;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const repeat = async (n: number, f: (i: number) => Promise<number>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(await f(i));
    return out;
  };
  const cold = await ms(() => draftSummary(t.db));
  const memo = median(await repeat(20, () => ms(() => draftSummary(t.db))));
  const afterVote = median(
    await repeat(10, async (i) => {
      await saveLabel(t.db, { probeId: "h5-001", annotator: "timer", label: i % 2 ? "clean" : "violation" });
      return ms(() => draftSummary(t.db));
    }),
  );
  await ms(() => draftState(t.db)); // predictions cached, as on a running server
  const full = median(await repeat(5, () => ms(() => draftState(t.db))));
  const probes = Object.keys((await draftState(t.db)).draft.labels).length;
  console.log(`probes: ${probes}`);
  console.log(`draft banner (draftSummary): cold ${cold.toFixed(1)} ms; after a vote ${afterVote.toFixed(1)} ms (median of 10); memoised ${memo.toFixed(2)} ms (median of 20)`);
  console.log(`release page diff (draftState, predictions cached): ${full.toFixed(1)} ms (median of 5)`);
} finally {
  await t.cleanup();
}
