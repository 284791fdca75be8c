import { describe, expect, it } from "vitest";
import { compareReports, type CompareResult } from "./compare";
import { headlineVerdict, headlineWord, type ComputedVariant } from "./headline";
import { likeForLike } from "./like-for-like";
import { normaliseReport, type NormalisedReport } from "./read-report";
import { rulerChanges, rulerUnknownText } from "./ruler";
import { judgeCases, makeJudgeReport, makeScoreReport, scoreDecisions } from "./test-factories";

// Issue 26 (2): a different probe-set version is a change of ruler, and where the ruler differs the headline verdict is
// the like-for-like one, or "not comparable" — never the raw one.

const BASE = [0.9, 0.8, 0.75, 0.7, 0.85, 0.6, 0.95, 0.65, 0.8, 0.72, 0.88, 0.91];
const run = (decisions: ReturnType<typeof scoreDecisions>, meta: { advisory?: string[]; probe_set_version?: number | null; pack_version?: string }, file = "r.json") =>
  normaliseReport({ ...makeScoreReport(decisions, { advisory: (meta.advisory ?? []) as never, ...(meta.pack_version ? { pack_version: meta.pack_version } : {}) }), probe_set_version: meta.probe_set_version }, file);

function headline(b: NormalisedReport, c: NormalisedReport, sameTargets?: Set<string>) {
  const out = compareReports(b, c, { resamples: 2000 });
  if (!out.ok) throw new Error(out.error);
  const lfl = likeForLike(b, c, sameTargets);
  const variants: ComputedVariant[] = lfl.variants.map((v) => ({ label: v.label, why: v.why, undoes: v.undoes, outcome: compareReports(v.baseline, v.candidate, { resamples: 2000 }) }));
  return { raw: out.result as CompareResult, h: headlineVerdict(out.result, rulerChanges(b, c).changed, variants, lfl.impossible) };
}

// The case: the same agent, its H5 violations zeroing its score under v1 and not under v2 (H5 advisory).
const underV1 = () => run(scoreDecisions(BASE, 1, (i) => (i % 3 === 0 ? { score: 0, score_strict: 0, hard_violations: ["H5"] } : {})), { probe_set_version: 1 }, "b.json");
const underV2 = () => run(scoreDecisions(BASE, 1, (i) => (i % 3 === 0 ? { score_strict: 0, hard_violations: ["H5"] } : {})), { probe_set_version: 2, advisory: ["H5"] }, "c.json");

describe("a different probe-set version is a change of ruler", () => {
  it("is named with both versions, and a run that records no version is unknown, not a change", () => {
    const changed = rulerChanges(underV1(), underV2()).changed;
    expect(changed.map((x) => [x.field, x.baseline, x.candidate])).toEqual([
      ["advisory criteria", "none", "H5"],
      ["probe set", "v1", "v2"],
    ]);
    const old = run(scoreDecisions(BASE), { probe_set_version: null });
    const r = rulerChanges(old, run(scoreDecisions(BASE), { probe_set_version: 1 }));
    expect(r.changed).toEqual([]);
    expect(r.unknown.map(rulerUnknownText)).toEqual(["probe set unknown: the baseline's report does not say (the other's is v1), so whether it changed cannot be checked"]);
    expect(rulerChanges(old, old)).toEqual({ changed: [], unknown: [] });
  });

  it("a version change alone, with the same advisory criteria, is still recomputed with every criterion hard", () => {
    const b = run(scoreDecisions(BASE), { probe_set_version: 1 });
    const c = run(scoreDecisions(BASE.map((v) => v + 0.05)), { probe_set_version: 2 });
    const { variants } = likeForLike(b, c);
    expect(variants.map((v) => [v.label, v.undoes])).toEqual([["with every criterion hard", ["advisory criteria", "probe set"]]]);
  });
});

describe("the headline verdict", () => {
  it("is the verdict as reported when the ruler did not change", () => {
    const { raw, h } = headline(run(scoreDecisions(BASE), { probe_set_version: 2 }), run(scoreDecisions(BASE.map((v) => v + 0.05)), { probe_set_version: 2 }));
    expect(h).toMatchObject({ kind: "as reported", verdict: "IMPROVED", tone: "better" });
    expect(h.kind === "as reported" && h.result).toBe(raw);
  });

  it("across probe-set versions is the like-for-like verdict, not the raw IMPROVED the advisory change made", () => {
    const { raw, h } = headline(underV1(), underV2());
    expect(raw.verdict).toBe("IMPROVED");
    expect(h).toMatchObject({ kind: "like for like", verdict: "INCONCLUSIVE", label: "with every criterion hard", tone: "unclear" });
    expect(h.sentence).toMatch(/^Like for like \(with every criterion hard\): The 95% interval of the mean paired Δ, \[0\.000, 0\.000\], contains 0/);
    expect(headlineWord(h)).toBe("INCONCLUSIVE");
  });

  it("is not comparable when no recomputation undoes every change: a pack change whose targets are not at hand", () => {
    const b = run(scoreDecisions(BASE), { probe_set_version: 1, pack_version: "1.4" });
    const c = run(scoreDecisions(BASE.map((v) => v + 0.05)), { probe_set_version: 2, pack_version: "1.5" });
    const { raw, h } = headline(b, c);
    expect(raw.verdict).toBe("IMPROVED");
    expect(h).toMatchObject({ kind: "not comparable", verdict: null, tone: "unclear", fields: ["pack", "probe set"] });
    expect(h.sentence).toContain("Not comparable: the pack and probe set changed");
    expect(headlineWord(h)).toBe("NOT COMPARABLE");
  });

  it("with both packs' targets at hand, undoes a pack and a probe-set change together", () => {
    const b = run(scoreDecisions(BASE), { probe_set_version: 1, pack_version: "1.4" });
    const c = run(scoreDecisions(BASE.map((v) => v + 0.05)), { probe_set_version: 2, pack_version: "1.5" });
    const ids = new Set(b.cases.slice(0, 8).map((x) => x.id));
    const { h } = headline(b, c, ids);
    expect(h).toMatchObject({ kind: "like for like", label: "with every criterion hard, on the decisions whose targets did not change" });
    expect(h.kind === "like for like" && h.result.n_pairs).toBe(8);
  });

  it("is not comparable for a different judge model, whatever the raw verdict", () => {
    const b = normaliseReport(makeJudgeReport(judgeCases(BASE)), "b.json");
    const c = normaliseReport(makeJudgeReport(judgeCases(BASE.map((v) => Math.min(1, v + 0.05))), { judge: { model: "other", votes: 3, pass_threshold: 0.7 } }), "c.json");
    const { h } = headline(b, c);
    expect(h).toMatchObject({ kind: "not comparable", fields: ["judge model"] });
    expect(h.sentence).toContain("with one judge model: no recomputation can undo it");
  });
});
