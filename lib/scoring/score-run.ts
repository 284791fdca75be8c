import type { DecisionPoint } from "../pack/decision-points";
import type { Pack } from "../schemas/pack";
import { runLineSchema, type RunLine } from "../schemas/run-line";
import { InputError } from "../io/input-error";
import { parseJsonlLine } from "../io/parse";
import { eachLine } from "../io/lines";
import { promptVersion } from "../prompts/version";
import { DETECTOR_CODES, type DetectorCode, type Split } from "../pack/vocab";
import type { DecisionResult, DetectorFigure, ScoreReport, Summary } from "./report-schema";
import { scoreDecision } from "./score-decision";
import type { Detect } from "./hard-criteria";
import { accumulate, addToEpisode, finishSummary, mergeInto, newAccumulator, tallyEpisode, type EpisodeState, type SummaryAccumulator } from "./summary";

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
  /** The text detectors; the benchmark replaces them to time the rest of the scorer on its own. */
  detect?: Detect;
};

export type RunScorer = {
  /**
   * Scores one JSONL line and returns it parsed with its result (null for a blank line), so a caller that stores lines
   * need not parse them again. Throws InputError on a bad line (malformed, unknown or duplicate id).
   */
  addLine(text: string, lineNo: number): { line: RunLine; decision: DecisionResult } | null;
  /** Completes the report; throws InputError when decision points are missing. */
  finish(): ScoreReport;
  /** by_family, by_difficulty and by_thinking of each split on its own (the workbench's split filter); after finish(). */
  splitBreakdowns(): Record<Split, Breakdowns>;
};

/** The report's by_* blocks: summaries of the decisions grouped by family, difficulty and thinking. */
export type Breakdowns = Record<"by_family" | "by_difficulty" | "by_thinking", Record<string, Summary>>;

/** Decisions that share every reported grouping; each report group is a sum of cells. */
type Cell = { split: Split; family: string; difficulty: string; thinking: "on" | "off"; acc: SummaryAccumulator };
type Episode = EpisodeState & { cell: Cell };

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** Sums cells into a group per key, summaries sorted by key. */
function groupCells(cells: Iterable<Cell>, keyOf: (c: Cell) => string): Record<string, Summary> {
  const groups = new Map<string, SummaryAccumulator>();
  for (const c of cells) {
    const k = keyOf(c);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = newAccumulator()));
    mergeInto(g, c.acc);
  }
  return Object.fromEntries([...groups.entries()].sort(byKey).map(([k, a]) => [k, finishSummary(a)]));
}

function breakdowns(cells: readonly Cell[]): Breakdowns {
  return { by_family: groupCells(cells, (c) => c.family), by_difficulty: groupCells(cells, (c) => c.difficulty), by_thinking: groupCells(cells, (c) => c.thinking) };
}

/** Streams a run through the scorer: one pass, bounded state, the same code for the CLI, the import path and the bench. */
export function createRunScorer(opts: RunScorerOptions): RunScorer {
  // Numbered points and episodes give every (point or episode, thinking, sample) a number: cheaper Map keys than strings.
  const episodeNo = new Map<string, number>();
  for (const p of opts.points) if (!episodeNo.has(p.episode_id)) episodeNo.set(p.episode_id, episodeNo.size);
  const byId = new Map(opts.points.map((p, i) => [p.decision_id, { point: p, no: i, episode: episodeNo.get(p.episode_id) as number }]));
  const nPoints = opts.points.length;
  const nEpisodes = episodeNo.size;
  const advisory = new Set(DETECTOR_CODES.filter((c) => opts.detectors[c].advisory));
  const selected = opts.split ?? "all";
  const seen = new Map<number | string, number>();
  const covered = new Set<string>();
  // Per line: one episode lookup and one accumulator; report groups are summed from the cells at the end.
  const cells = new Map<string, Cell>();
  const episodes = new Map<number | string, Episode>();
  const decisions: DecisionResult[] = [];
  let model: string | null = null;
  let nLines = 0;
  let finished = false;

  const cellFor = (point: DecisionPoint, thinking: boolean): Cell => {
    const key = `${point.split}\u0000${point.family}\u0000${point.difficulty}\u0000${thinking ? 1 : 0}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { split: point.split, family: point.family, difficulty: point.difficulty, thinking: thinking ? "on" : "off", acc: newAccumulator() }));
    return c;
  };

  return {
    addLine(text, lineNo) {
      if (text.trim() === "") return null;
      const line = parseJsonlLine(text, opts.file, lineNo, runLineSchema);
      nLines++;
      const known = byId.get(line.decision_id);
      if (!known) throw new InputError(opts.file, lineNo, "decision_id", `unknown decision id '${line.decision_id}'`);
      const { point } = known;
      const instance = (line.sample ?? 0) * 2 + (line.thinking ? 1 : 0);
      // Beyond 2^53 a product would collide, so an absurd sample number falls back to a string key.
      const exact = instance * Math.max(nPoints, nEpisodes) < Number.MAX_SAFE_INTEGER;
      const key = exact ? instance * nPoints + known.no : `${known.no}:${instance}`;
      const first = seen.get(key);
      if (first !== undefined) throw new InputError(opts.file, lineNo, "decision_id", `duplicate decision id '${line.decision_id}' (first on line ${first}; vary 'sample' or 'thinking' for repeats)`);
      seen.set(key, lineNo);
      covered.add(line.decision_id);
      model ??= line.model ?? null;
      const d = scoreDecision(point, line, opts.pack, advisory, opts.detect);
      // Family, difficulty and split belong to the episode, so an episode instance sits in exactly one cell.
      const episodeKey = exact ? instance * nEpisodes + known.episode : `${known.episode}:${instance}`;
      let ep = episodes.get(episodeKey);
      if (!ep) episodes.set(episodeKey, (ep = { sum: 0, n: 0, failed: false, cell: cellFor(point, line.thinking) }));
      accumulate(ep.cell.acc, d);
      addToEpisode(ep, d, advisory);
      if (opts.keepDecisions !== false && (selected === "all" || selected === point.split)) decisions.push(d);
      return { line, decision: d };
    },
    finish() {
      if (nLines === 0) throw new InputError(opts.file, 0, "", "run file has no lines");
      const missing = opts.points.filter((p) => !covered.has(p.decision_id)).map((p) => p.decision_id);
      if (missing.length > 0) {
        const shown = missing.slice(0, 5).join(", ");
        throw new InputError(opts.file, 0, "decision_id", `missing ${missing.length} decision point${missing.length === 1 ? "" : "s"}: ${shown}${missing.length > 5 ? ", …" : ""}`);
      }
      if (!finished) for (const ep of episodes.values()) tallyEpisode(ep.cell.acc, ep);
      finished = true;
      const all = [...cells.values()];
      const ofSplit = (split: Split | "all") => all.filter((c) => split === "all" || c.split === split);
      const total = (list: readonly Cell[]) => {
        const acc = newAccumulator();
        for (const c of list) mergeInto(acc, c.acc);
        return finishSummary(acc);
      };
      const groups = breakdowns(ofSplit(selected));
      return {
        kind: "score",
        schema_version: 1,
        pack_version: opts.pack.version,
        prompt_version: promptVersion(opts.pack.version),
        run: { file: opts.file, model, n_lines: nLines },
        eval_hash: opts.evalHash,
        detectors: opts.detectors,
        advisory: [...advisory],
        splits: { dev: total(ofSplit("dev")), eval: total(ofSplit("eval")), all: total(all) },
        ...groups,
        decisions,
      };
    },
    splitBreakdowns() {
      if (!finished) throw new Error("splitBreakdowns() is read after finish()");
      const all = [...cells.values()];
      return { dev: breakdowns(all.filter((c) => c.split === "dev")), eval: breakdowns(all.filter((c) => c.split === "eval")) };
    },
  };
}

/** Scores a whole run held in memory (the import path and tests); the CLI streams through createRunScorer instead. */
export function scoreRunText(text: string, opts: RunScorerOptions): ScoreReport {
  const scorer = createRunScorer(opts);
  eachLine(text, (line, n) => void scorer.addLine(line, n));
  return scorer.finish();
}
