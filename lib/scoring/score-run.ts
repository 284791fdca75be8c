import type { DecisionPoint } from "../pack/decision-points";
import type { Pack } from "../schemas/pack";
import { runLineSchema, type RunLine } from "../schemas/run-line";
import { InputError } from "../io/input-error";
import { parseJsonlLine } from "../io/parse";
import { eachLine } from "../io/lines";
import { DETECTOR_CODES, type DetectorCode, type Split } from "../pack/vocab";
import type { DecisionResult, DetectorFigure, ScoreReport } from "./report-schema";
import { scoreDecision } from "./score-decision";
import { accumulate, finishSummary, newAccumulator, type SummaryAccumulator } from "./summary";

export type RunScorerOptions = {
  file: string;
  points: readonly DecisionPoint[];
  pack: Pack;
  detectors: Record<DetectorCode, DetectorFigure>;
  evalHash: string;
  /** Which split the breakdowns and decisions[] cover; splits.{dev,eval,all} are always reported. */
  split?: Split | "all";
  /** Keep every DecisionResult for decisions[]; off for streaming benchmarks so memory stays flat. */
  keepDecisions?: boolean;
};

export type RunScorer = {
  /**
   * Scores one JSONL line and returns it parsed with its result (null for a blank line), so a caller that stores lines
   * need not parse them again. Throws InputError on a bad line (malformed, unknown or duplicate id).
   */
  addLine(text: string, lineNo: number): { line: RunLine; decision: DecisionResult } | null;
  /** Completes the report; throws InputError when decision points are missing. */
  finish(): ScoreReport;
};

/** Streams a run through the scorer: one pass, bounded state, the same code for the CLI, the import path and the bench. */
export function createRunScorer(opts: RunScorerOptions): RunScorer {
  const byId = new Map(opts.points.map((p) => [p.decision_id, p]));
  const advisory = new Set(DETECTOR_CODES.filter((c) => opts.detectors[c].advisory));
  const selected = opts.split ?? "all";
  const seen = new Map<string, number>();
  const covered = new Set<string>();
  const splits = { dev: newAccumulator(), eval: newAccumulator(), all: newAccumulator() };
  const groups = { by_family: new Map<string, SummaryAccumulator>(), by_difficulty: new Map<string, SummaryAccumulator>(), by_thinking: new Map<string, SummaryAccumulator>() };
  const decisions: DecisionResult[] = [];
  let model: string | null = null;
  let nLines = 0;

  const group = (m: Map<string, SummaryAccumulator>, k: string) => {
    let a = m.get(k);
    if (!a) m.set(k, (a = newAccumulator()));
    return a;
  };

  return {
    addLine(text, lineNo) {
      if (text.trim() === "") return null;
      const line = parseJsonlLine(text, opts.file, lineNo, runLineSchema);
      nLines++;
      const point = byId.get(line.decision_id);
      if (!point) throw new InputError(opts.file, lineNo, "decision_id", `unknown decision id '${line.decision_id}'`);
      const key = `${line.decision_id}\u0000${line.thinking ? 1 : 0}\u0000${line.sample ?? 0}`;
      const first = seen.get(key);
      if (first !== undefined) throw new InputError(opts.file, lineNo, "decision_id", `duplicate decision id '${line.decision_id}' (first on line ${first}; vary 'sample' or 'thinking' for repeats)`);
      seen.set(key, lineNo);
      covered.add(line.decision_id);
      model ??= line.model ?? null;
      const d = scoreDecision(point, line, opts.pack, advisory);
      const episodeKey = `${point.episode_id}\u0000${line.thinking ? 1 : 0}\u0000${line.sample ?? 0}`;
      accumulate(splits.all, d, episodeKey, advisory);
      accumulate(splits[point.split], d, episodeKey, advisory);
      if (selected === "all" || selected === point.split) {
        accumulate(group(groups.by_family, point.family), d, episodeKey, advisory);
        accumulate(group(groups.by_difficulty, point.difficulty), d, episodeKey, advisory);
        accumulate(group(groups.by_thinking, line.thinking ? "on" : "off"), d, episodeKey, advisory);
        if (opts.keepDecisions !== false) decisions.push(d);
      }
      return { line, decision: d };
    },
    finish() {
      if (nLines === 0) throw new InputError(opts.file, 0, "", "run file has no lines");
      const missing = opts.points.filter((p) => !covered.has(p.decision_id)).map((p) => p.decision_id);
      if (missing.length > 0) {
        const shown = missing.slice(0, 5).join(", ");
        throw new InputError(opts.file, 0, "decision_id", `missing ${missing.length} decision point${missing.length === 1 ? "" : "s"}: ${shown}${missing.length > 5 ? ", …" : ""}`);
      }
      const finishMap = (m: Map<string, SummaryAccumulator>) => Object.fromEntries([...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, a]) => [k, finishSummary(a)]));
      return {
        kind: "score",
        schema_version: 1,
        pack_version: opts.pack.version,
        run: { file: opts.file, model, n_lines: nLines },
        eval_hash: opts.evalHash,
        detectors: opts.detectors,
        advisory: [...advisory],
        splits: { dev: finishSummary(splits.dev), eval: finishSummary(splits.eval), all: finishSummary(splits.all) },
        by_family: finishMap(groups.by_family),
        by_difficulty: finishMap(groups.by_difficulty),
        by_thinking: finishMap(groups.by_thinking),
        decisions,
      };
    },
  };
}

/** Scores a whole run held in memory (the import path and tests); the CLI streams through createRunScorer instead. */
export function scoreRunText(text: string, opts: RunScorerOptions): ScoreReport {
  const scorer = createRunScorer(opts);
  eachLine(text, (line, n) => void scorer.addLine(line, n));
  return scorer.finish();
}
