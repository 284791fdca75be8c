import { describe, expect, it } from "vitest";
import { drawAudit, stratify, type AuditCandidate } from "./sampler";

/** A line of a run as the sampler sees it: format-valid, nothing fired, identity not verified, no timeline. */
const line = (id: number, over: Partial<AuditCandidate> = {}): AuditCandidate => ({ id, formatValid: true, violations: "", verified: false, namesTimeline: false, ...over });

/** A run: `fired` lines where every detector fired, then `quiet` lines where none did (unverified, naming a date). */
function run(fired: number, quiet: number): AuditCandidate[] {
  return [...Array.from({ length: fired }, (_, i) => line(i + 1, { violations: "H1,H4,H5" })), ...Array.from({ length: quiet }, (_, i) => line(fired + i + 1, { namesTimeline: true }))];
}

describe("the audit's strata", () => {
  it("a format-invalid line is in no stratum; a fired line is fired whatever its verification or timelines", () => {
    const pop = stratify([line(1, { formatValid: false, violations: "H1" }), line(2, { violations: "H1,H2", verified: true }), line(3, { violations: "H5" })]);
    expect(pop.H1).toEqual({ fired: [2], not_fired: [3] });
    expect(pop.H5).toEqual({ fired: [3], not_fired: [] });
    expect(pop.H4).toEqual({ fired: [], not_fired: [2, 3] });
  });
  it("H1's not-fired stratum holds only decisions whose identity is not verified", () => {
    const pop = stratify([line(1, { verified: true }), line(2), line(3, { verified: true, violations: "H4" })]);
    expect(pop.H1.not_fired).toEqual([2]);
    expect(pop.H4.not_fired).toEqual([1, 2]);
  });
  it("H5's not-fired stratum holds only replies that name a period or date", () => {
    const pop = stratify([line(1), line(2, { namesTimeline: true }), line(3, { namesTimeline: true, violations: "H5" })]);
    expect(pop.H5).toEqual({ fired: [3], not_fired: [2] });
  });
});

describe("drawing an audit", () => {
  it("records each stratum's size; draws every fired reply up to 60 and a random 60 of the rest", () => {
    const small = drawAudit(stratify(run(25, 500)), 7);
    expect(small.strata.H4).toEqual({ fired: { size: 25, drawn: 25 }, not_fired: { size: 500, drawn: 60 } });
    const h4 = small.items.filter((i) => i.detector === "H4");
    expect(h4.filter((i) => i.stratum === "fired").map((i) => i.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const big = drawAudit(stratify(run(300, 40)), 7);
    expect(big.strata.H5).toEqual({ fired: { size: 300, drawn: 60 }, not_fired: { size: 40, drawn: 40 } });
    expect(big.items.filter((i) => i.detector === "H5")).toHaveLength(100);
  });
  it("draws without repeats, from the right stratum, with a queue order 1..n per detector that mixes the strata", () => {
    const pop = stratify(run(200, 800));
    const { items } = drawAudit(pop, 12345);
    for (const c of ["H1", "H4", "H5"] as const) {
      const mine = items.filter((i) => i.detector === c);
      expect(new Set(mine.map((i) => i.id)).size).toBe(mine.length);
      for (const i of mine) expect(pop[c][i.stratum]).toContain(i.id);
      expect(mine.map((i) => i.seq)).toEqual(Array.from({ length: mine.length }, (_, k) => k + 1));
      const firstHalf = mine.slice(0, 60).filter((i) => i.stratum === "fired").length;
      expect(firstHalf).toBeGreaterThan(10);
      expect(firstHalf).toBeLessThan(50);
    }
  });
  it("the same seed gives the same draw; another seed another one", () => {
    const pop = stratify(run(200, 800));
    expect(drawAudit(pop, 42)).toEqual(drawAudit(pop, 42));
    expect(drawAudit(pop, 43).items.map((i) => i.id)).not.toEqual(drawAudit(pop, 42).items.map((i) => i.id));
  });
  it("every reply of a stratum is equally likely to be drawn (60 of 200: each about 30% of 3,000 seeds)", () => {
    const pop = stratify(run(0, 200));
    const times = new Map<number, number>();
    for (let seed = 1; seed <= 3000; seed++) for (const i of drawAudit(pop, seed).items) if (i.detector === "H4") times.set(i.id, (times.get(i.id) ?? 0) + 1);
    expect(times.size).toBe(200);
    for (const n of times.values()) expect(Math.abs(n / 3000 - 0.3)).toBeLessThan(0.045);
  });
});
