import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEpisodes } from "../../bin/load/episodes";
import { loadPack } from "../../bin/load/pack";
import { loadProbes } from "../../bin/load/probes";
import { validateDetectors } from "../../lib/detectors/validate";
import { DETECTOR_CODES } from "../../lib/pack/vocab";
import { detectorFigures } from "../queries/probe-set";
import { decisionPoints, episodes, probeLabels, probes } from "../schema";
import { makeTempDb } from "../testing/temp-db";
import { saveLabel } from "./labels";
import { seedEpisodes, SHIPPED_ANNOTATOR } from "./seed";
import { seedFromRepo } from "./seed-repo";

let t: ReturnType<typeof makeTempDb>;
beforeEach(() => (t = makeTempDb()));
afterEach(() => t.cleanup());

describe("seeding from golden/ and probes/", () => {
  it("loads every episode, decision point and probe, each probe with its shipped label", () => {
    const s = seedFromRepo(t.db, { exampleRuns: false });
    const eps = loadEpisodes();
    expect(s.episodes.added).toBe(eps.length);
    expect(t.db.select({ n: count() }).from(decisionPoints).get()!.n).toBe(156);
    expect(t.db.select({ n: count() }).from(probes).get()!.n).toBe(loadProbes().length);
    expect(t.db.select({ n: count() }).from(probeLabels).where(eq(probeLabels.annotator, SHIPPED_ANNOTATOR)).get()!.n).toBe(loadProbes().length);
  });

  it("is idempotent and never touches labels already there", () => {
    seedFromRepo(t.db, { exampleRuns: false });
    saveLabel(t.db, { probeId: "h5-001", annotator: SHIPPED_ANNOTATOR, label: "clean" });
    saveLabel(t.db, { probeId: "h5-001", annotator: "alice", label: "clean" });
    const again = seedFromRepo(t.db, { exampleRuns: false });
    expect([again.pack.added, again.episodes.added, again.probes.added]).toEqual([0, 0, 0]);
    expect(again.probes.kept).toBe(loadProbes().length);
    const labels = t.db.select({ a: probeLabels.annotator, l: probeLabels.label }).from(probeLabels).where(eq(probeLabels.probeId, "h5-001")).orderBy(probeLabels.annotator).all();
    expect(labels).toEqual([
      { a: "alice", l: "clean" },
      { a: SHIPPED_ANNOTATOR, l: "clean" },
    ]);
  });

  it("reports an episode that changed in golden/ instead of rewriting it", () => {
    seedFromRepo(t.db, { exampleRuns: false });
    const eps = loadEpisodes();
    const changed = eps.map((e, i) => (i === 0 ? { ...e, title: `${e.title} (edited)` } : e));
    const r = seedEpisodes(t.db, changed, loadPack().version);
    expect(r).toEqual({ added: 0, kept: eps.length, differing: [eps[0]!.id] });
    expect(t.db.select({ title: episodes.title }).from(episodes).where(eq(episodes.id, eps[0]!.id)).get()!.title).toBe(eps[0]!.title);
  });

  it("detector figures from the seeded probes equal lib/'s validateDetectors on the files", () => {
    seedFromRepo(t.db, { exampleRuns: false });
    const fromDb = detectorFigures(t.db);
    const fromFiles = validateDetectors(loadProbes());
    for (const c of DETECTOR_CODES) {
      const { predictions: _p, ...f } = fromFiles[c];
      expect(fromDb[c]).toEqual(f);
    }
  });
});
