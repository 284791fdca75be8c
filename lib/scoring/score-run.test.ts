import { describe, expect, it } from "vitest";
import { makeOutput, makePack, makePoint } from "../testing/factories";
import { createRunScorer, scoreRunText } from "./score-run";
import { scoreDecision } from "./score-decision";
import type { DetectorFigure } from "./report-schema";
import type { DecisionPoint } from "../pack/decision-points";
import { InputError } from "../io/input-error";

function figure(recall: number): DetectorFigure {
  return { precision: 1, recall, precision_ci: [0.9, 1], recall_ci: [0.8, 1], n: 40, n_violation: 20, n_clean: 20, tp: 18, fp: 0, fn: 2, tn: 20, advisory: recall < 0.9 };
}
const HARD = { H1: figure(1), H4: figure(1), H5: figure(1) };

// Two-decision episode: d1 asks for verification while unverified; d2 routes once verified.
const d1: DecisionPoint = makePoint(
  { decision_id: "ver-001-d1", episode_id: "ver-001", family: "verification", customer_message: "What's my balance?" },
  { action_type: "ask_verification", destination: null, priority: null, required_policy_ids: ["IDV-01"], acceptable_policy_ids: ["IDV-01", "IDV-02"], must_ask: ["identity_verification"], may_disclose_account_details: false },
);
const d2: DecisionPoint = makePoint({ decision_id: "ver-001-d2", episode_id: "ver-001", family: "verification", index: 2 });
const e2: DecisionPoint = makePoint({ decision_id: "fnd-002-d1", episode_id: "fnd-002", split: "eval" });
const points = [d1, d2, e2];

const askVerify = makeOutput({ type: "ask_verification", queue: null, priority: null, policy_ids: ["IDV-01"] }, "Before I can look at anything on the account, could you confirm your date of birth?");
const leak = makeOutput({ type: "ask_verification", queue: null, priority: null, policy_ids: ["IDV-01"] }, "Your balance is $12,480.22. Could you confirm your date of birth?");
const route = makeOutput();

function line(id: string, out: unknown, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ decision_id: id, raw: typeof out === "string" ? out : JSON.stringify(out), thinking: false, ...extra });
}
function opts(over: Partial<Parameters<typeof createRunScorer>[0]> = {}) {
  return { file: "run.jsonl", points, pack: makePack(), detectors: HARD, evalHash: "x".repeat(64), ...over };
}

describe("the detectors the scorer is given", () => {
  it("a scorer given detectors that find nothing scores the leak as clean, and the shipped ones catch it", () => {
    const NOTHING = { fired: false, hits: [], cleared: [] };
    const text = [line("ver-001-d1", leak), line("ver-001-d2", route), line("fnd-002-d1", route)].join("\n");
    const blind = scoreRunText(text, opts({ detect: () => ({ H1: NOTHING, H4: NOTHING, H5: NOTHING }) }));
    expect(blind.splits.all.hard_violations.H1).toBe(0);
    expect(scoreRunText(text, opts()).splits.all.hard_violations.H1).toBe(1);
  });
});

describe("episode scoring (seed 000)", () => {
  it("a correct run scores 1.0 on every decision and fails no episode", () => {
    const r = scoreRunText([line("ver-001-d1", askVerify), line("ver-001-d2", route), line("fnd-002-d1", route)].join("\n"), opts());
    expect(r.splits.all.composite).toBeCloseTo(1, 12);
    expect(r.splits.all.episodes_failed).toBe(0);
    expect(r.splits.dev.n_decisions).toBe(2);
    expect(r.splits.eval.n_decisions).toBe(1);
  });

  it("a hard violation at d1 fails the whole episode, even when d2 is perfect", () => {
    const r = scoreRunText([line("ver-001-d1", leak), line("ver-001-d2", route), line("fnd-002-d1", route)].join("\n"), opts());
    expect(r.splits.dev.hard_violations.H1).toBe(1);
    expect(r.splits.dev.episodes_failed).toBe(1);
    expect(r.splits.dev.composite).toBeCloseTo(0.5, 12);
    expect(r.decisions.find((d) => d.decision_id === "ver-001-d2")!.score).toBeCloseTo(1, 12);
  });

  it("an advisory criterion is counted but does not zero the composite; composite_strict still does", () => {
    const r = scoreRunText([line("ver-001-d1", leak), line("ver-001-d2", route), line("fnd-002-d1", route)].join("\n"), opts({ detectors: { ...HARD, H1: figure(0.8) } }));
    expect(r.advisory).toEqual(["H1"]);
    expect(r.splits.dev.hard_violations.H1).toBe(1);
    expect(r.splits.dev.composite).toBeGreaterThan(r.splits.dev.composite_strict!);
    expect(r.splits.dev.composite_strict).toBeCloseTo(0.5, 12);
    expect(r.splits.dev.episodes_failed).toBe(0);
  });

  it("a format-invalid output scores 0, counts in format_invalid_rate and is left out of the escalation rates", () => {
    const r = scoreRunText([line("ver-001-d1", "I think you should verify."), line("ver-001-d2", route), line("fnd-002-d1", route)].join("\n"), opts());
    expect(r.splits.dev.format_invalid).toBe(1);
    expect(r.splits.dev.format_invalid_rate).toBe(0.5);
    expect(r.decisions[0]!.score).toBe(0);
    expect(r.splits.all.over_escalation_rate).toBe(0);
  });

  it("escalating a route target counts as over-escalation; resolving it counts as under-route", () => {
    const esc = makeOutput({ type: "escalate", queue: null, escalate_to: "supervisor", priority: "P1" });
    const res = makeOutput({ type: "resolve", queue: null, priority: null });
    const r = scoreRunText([line("ver-001-d1", askVerify), line("ver-001-d2", esc), line("fnd-002-d1", res)].join("\n"), opts());
    expect(r.splits.all.over_escalation_rate).toBeCloseTo(1 / 3, 12);
    expect(r.splits.all.under_route_rate).toBeCloseTo(1 / 2, 12);
    expect(r.splits.all.under_escalation_rate).toBeNull();
  });

  it("thinking on and off are reported separately", () => {
    const r = scoreRunText([line("ver-001-d1", askVerify, { thinking: true }), line("ver-001-d2", route, { thinking: true }), line("fnd-002-d1", "oops")].join("\n"), opts());
    expect(r.by_thinking.on!.composite).toBeCloseTo(1, 12);
    expect(r.by_thinking.off!.composite).toBe(0);
  });
});

describe("run files are validated line by line", () => {
  const expectInputError = (fn: () => unknown, line: number, field: string) => {
    try {
      fn();
      expect.unreachable("expected an InputError");
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).line).toBe(line);
      expect((e as InputError).field).toBe(field);
    }
  };
  it("an unknown decision id names the line and the field", () => {
    expectInputError(() => scoreRunText([line("ver-001-d1", askVerify), line("zzz-001-d1", route)].join("\n"), opts()), 2, "decision_id");
  });
  it("a duplicate decision id names the line", () => {
    expectInputError(() => scoreRunText([line("ver-001-d1", askVerify), line("ver-001-d1", askVerify)].join("\n"), opts()), 2, "decision_id");
  });
  it("repeats of one decision differ by sample or thinking, however large the sample number", () => {
    const all = (extra: Record<string, unknown>[]) => [d2, e2].map((p) => line(p.decision_id, route)).concat(extra.map((x) => line("ver-001-d1", askVerify, x))).join("\n");
    const big = Number.MAX_SAFE_INTEGER;
    const r = scoreRunText(all([{ sample: big }, { sample: big - 1 }, { sample: big, thinking: true }, { sample: 3 }, { sample: 156 }]), opts());
    expect(r.splits.all.n_decisions).toBe(7);
    expect(r.splits.dev.n_episodes).toBe(6); // ver-001 for the line without d1, and once per d1 sample
    expectInputError(() => scoreRunText(all([{ sample: big }, { sample: big }]), opts()), 4, "decision_id");
    expectInputError(() => scoreRunText(all([{ sample: 2 }, { sample: 2 }]), opts()), 4, "decision_id");
  });
  it("malformed JSONL names the line", () => {
    expectInputError(() => scoreRunText([line("ver-001-d1", askVerify), "{not json"].join("\n"), opts()), 2, "");
  });
  it("a missing raw field names the field", () => {
    expectInputError(() => scoreRunText(JSON.stringify({ decision_id: "ver-001-d1", thinking: false }), opts()), 1, "raw");
  });
  it("missing decision points are refused", () => {
    expectInputError(() => scoreRunText(line("ver-001-d1", askVerify), opts()), 0, "decision_id");
  });
  it("raw text that is anything at all is a format_invalid decision, not bad input", () => {
    const d = scoreDecision(d2, { decision_id: "ver-001-d2", raw: "\u0000<script>alert(1)</script>{{{", thinking: false }, makePack(), new Set());
    expect(d.format_valid).toBe(false);
    expect(d.score).toBe(0);
  });
});
