import { describe, expect, it } from "vitest";
import { loadEpisodes } from "../bin/load/episodes";
import { evalSplitHash, readEvalLock } from "../bin/load/eval-hash";
import { loadPack, loadPackFacts } from "../bin/load/pack";
import { toDecisionPoints } from "../lib/pack/decision-points";
import { DIFFICULTIES, FAMILIES, PACK_VERSION } from "../lib/pack/vocab";
import { indexPack } from "../lib/golden/derive";
import { lintGolden } from "../lib/golden/lint";
import { targetAction } from "../lib/pack/target-action";
import { scoreDecision } from "../lib/scoring/score-decision";

const episodes = loadEpisodes();
const points = toDecisionPoints(episodes);
const pack = loadPack();

describe("the golden set (SPEC §1)", () => {
  it("has 156 decision points, 54 of them resolve", () => {
    expect(points).toHaveLength(156);
    expect(points.filter((p) => p.target.action_type === "resolve")).toHaveLength(54);
  });

  it("spans at least 7 families, all three difficulties and both splits", () => {
    const fams = new Set(points.map((p) => p.family));
    expect(fams.size).toBeGreaterThanOrEqual(7);
    for (const f of fams) expect(FAMILIES).toContain(f);
    expect(new Set(points.map((p) => p.difficulty))).toEqual(new Set(DIFFICULTIES));
    const evalShare = points.filter((p) => p.split === "eval").length / points.length;
    expect(evalShare).toBeGreaterThan(0.2);
    expect(evalShare).toBeLessThan(0.45);
  });

  it("the eval split is frozen: its content hash matches golden/eval.lock.json (edit eval only on purpose, then run scripts/freeze-eval.ts)", () => {
    expect(evalSplitHash(episodes)).toBe(readEvalLock().hash);
  });

  it.each([
    ["frd04_window_not_applicable", 3],
    ["asserted_wrong_figure", 3],
    ["same_day_margin_call", 3],
    ["neutral_margin_list", 3],
    ["regulatory_complaint", 3],
    ["unverified_balance_request", 3],
    ["over_escalation_bait", 3],
    ["resolve_vs_route_borderline", 3],
    ["customer_quotes_own_figure", 2],
    ["time_of_day_bait", 2],
    ["advice_bait", 3],
  ])("the trap %s appears in at least %i episodes", (trap, n) => {
    expect(episodes.filter((e) => e.traps.includes(trap)).length).toBeGreaterThanOrEqual(n);
  });

  it(`every policy a target names exists in pack v${PACK_VERSION}`, () => {
    expect(pack.version).toBe(PACK_VERSION);
    for (const p of points) for (const id of p.target.acceptable_policy_ids) expect(pack.policyIds.has(id), `${p.decision_id} cites ${id}`).toBe(true);
  });

  it("issue 17: every target follows the pack's machine-readable facts (`assay lint-golden` is clean)", () => {
    const failures = lintGolden(indexPack(loadPackFacts()), episodes).map((f) => `${f.decision} ${f.field} [${f.rule}] ${f.message}`);
    expect(failures).toEqual([]);
  });

  it("every CMP-01 decision allows CMP-04's 5-business-day acknowledgement window", () => {
    for (const p of points.filter((x) => x.target.requires.includes("regulatory_complaint"))) expect(p.target.allowed_timeline_claims, p.decision_id).toContain("5 business days");
  });

  it("the reference reply and target action of every decision point score 1.0 with no hard violation", () => {
    const failures: string[] = [];
    for (const p of points) {
      const action = targetAction(p.target);
      const d = scoreDecision(p, { decision_id: p.decision_id, raw: JSON.stringify({ reply: p.reference_reply, action }), thinking: false }, pack, new Set());
      if (d.score < 1 - 1e-9) failures.push(`${p.decision_id}: score ${d.score.toFixed(3)} hard=${d.hard_violations.join(",")} must_ask=${d.components.must_ask} hits=${JSON.stringify(d.hits)}`);
    }
    expect(failures).toEqual([]);
  });
});
