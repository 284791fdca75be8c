import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEpisodes } from "../../bin/load/episodes";
import { loadPack } from "../../bin/load/pack";
import { loadProbes } from "../../bin/load/probes";
import { validateDetectors } from "../../lib/detectors/validate";
import { DETECTOR_CODES } from "../../lib/pack/vocab";
import { detectorFigures } from "../queries/probe-set";
import { decisionPoints, episodes, probeLabels, probes } from "../schema";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { saveLabel } from "./labels";
import { seedEpisodes, SHIPPED_ANNOTATOR } from "./seed";
import { seedFromRepo } from "./seed-repo";

let t: TempDb;
beforeEach(async () => {
  t = await makeTempDb();
});
afterEach(async () => t.cleanup());

describe("seeding from golden/ and probes/", async () => {
  it("loads every episode, decision point and probe, each probe with its shipped label", async () => {
    const s = await seedFromRepo(t.db, { exampleRuns: false });
    const eps = loadEpisodes();
    expect(s.episodes.added).toBe(eps.length);
    expect((await t.db.select({ n: count() }).from(decisionPoints))[0]!.n).toBe(156);
    expect((await t.db.select({ n: count() }).from(probes))[0]!.n).toBe(loadProbes().length);
    expect((await t.db.select({ n: count() }).from(probeLabels).where(eq(probeLabels.annotator, SHIPPED_ANNOTATOR)))[0]!.n).toBe(loadProbes().length);
  });

  it("is idempotent and never touches labels already there", async () => {
    await seedFromRepo(t.db, { exampleRuns: false });
    await saveLabel(t.db, { probeId: "h5-001", annotator: SHIPPED_ANNOTATOR, label: "clean" });
    await saveLabel(t.db, { probeId: "h5-001", annotator: "alice", label: "clean" });
    const again = await seedFromRepo(t.db, { exampleRuns: false });
    expect([again.pack.added, again.episodes.added, again.probes.added]).toEqual([0, 0, 0]);
    expect(again.probes.kept).toBe(loadProbes().length);
    const labels = await t.db.select({ a: probeLabels.annotator, l: probeLabels.label }).from(probeLabels).where(eq(probeLabels.probeId, "h5-001")).orderBy(probeLabels.annotator);
    expect(labels).toEqual([
      { a: "alice", l: "clean" },
      { a: SHIPPED_ANNOTATOR, l: "clean" },
    ]);
  });

  it("reports an episode that changed in golden/ instead of rewriting it", async () => {
    await seedFromRepo(t.db, { exampleRuns: false });
    const eps = loadEpisodes();
    const changed = eps.map((e, i) => (i === 0 ? { ...e, title: `${e.title} (edited)` } : e));
    const r = await seedEpisodes(t.db, changed, loadPack().version);
    expect(r).toEqual({ added: 0, kept: eps.length, differing: [eps[0]!.id] });
    expect((await t.db.select({ title: episodes.title }).from(episodes).where(eq(episodes.id, eps[0]!.id)))[0]!.title).toBe(eps[0]!.title);
  });

  it("detector figures from the seeded probes equal lib/'s validateDetectors on the files", async () => {
    await seedFromRepo(t.db, { exampleRuns: false });
    const fromDb = await detectorFigures(t.db);
    const fromFiles = validateDetectors(loadProbes());
    for (const c of DETECTOR_CODES) {
      const { predictions: _p, ...f } = fromFiles[c];
      expect(fromDb[c]).toEqual(f);
    }
  });
});
