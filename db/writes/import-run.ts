import { eq } from "drizzle-orm";
import type { Db } from "../index";
import { decisionScores, runs, type NewDecisionScore } from "../schema";
import { createRunScorer, type RunScorerOptions } from "../../lib/scoring/score-run";
import type { DecisionResult } from "../../lib/scoring/report-schema";
import { InputError } from "../../lib/io/input-error";
import { audit } from "./audit";

export type ImportRunInput = {
  name: string;
  fileName: string;
  text: string;
  actor: string;
  example?: boolean;
  scoring: Omit<RunScorerOptions, "file" | "keepDecisions" | "split">;
  onProgress?: (linesDone: number) => void;
};

const BATCH = 500; // 27 bound values a row: well under SQLite's 32,766-variable limit

function toRow(runId: number, lineNo: number, sample: number, raw: string, d: DecisionResult): NewDecisionScore {
  return {
    runId,
    lineNo,
    decisionId: d.decision_id,
    episodeId: d.episode_id,
    split: d.split,
    family: d.family,
    difficulty: d.difficulty,
    thinking: d.thinking,
    sample,
    raw,
    formatValid: d.format_valid,
    formatError: d.format_error,
    outputType: d.output_type,
    targetType: d.target_type,
    hardViolations: d.hard_violations.join(","),
    hits: d.hits,
    actionType: d.components.action_type,
    destination: d.components.destination,
    priority: d.components.priority,
    flags: d.components.flags,
    policyCitation: d.components.policy_citation,
    mustAsk: d.components.must_ask,
    graded: d.graded,
    score: d.score,
    scoreStrict: d.score_strict,
  };
}

/**
 * Scores a run with the lib/ scorer and stores it in ONE transaction: any bad line (or a duplicate run name)
 * rolls everything back, so a failed import changes nothing. Returns the new run id.
 */
export function importRunText(db: Db, input: ImportRunInput): number {
  const name = input.name.trim();
  if (name === "") throw new InputError(input.fileName, 0, "name", "a run needs a name");
  return db.transaction((tx) => {
    if (tx.select({ id: runs.id }).from(runs).where(eq(runs.name, name)).get()) throw new InputError(input.fileName, 0, "name", `a run named '${name}' already exists`);
    const scorer = createRunScorer({ ...input.scoring, file: input.fileName, keepDecisions: false });
    const now = new Date().toISOString();
    const runId = tx
      .insert(runs)
      .values({ name, fileName: input.fileName, model: null, packVersion: input.scoring.pack.version, nLines: 0, report: {} as never, example: input.example ?? false, createdBy: input.actor, createdAt: now })
      .returning({ id: runs.id })
      .get().id;
    let batch: NewDecisionScore[] = [];
    const text = input.text;
    let lineNo = 0;
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf("\n", start);
      if (end === -1) end = text.length;
      const lineText = text.slice(start, end);
      lineNo++;
      start = end + 1;
      const d = scorer.addLine(lineText, lineNo);
      if (!d) continue;
      const parsed = JSON.parse(lineText) as { raw: string; sample?: number };
      batch.push(toRow(runId, lineNo, parsed.sample ?? 0, parsed.raw, d));
      if (batch.length === BATCH) {
        tx.insert(decisionScores).values(batch).run();
        batch = [];
        input.onProgress?.(lineNo);
      }
    }
    if (batch.length) tx.insert(decisionScores).values(batch).run();
    const { decisions: _d, ...report } = scorer.finish();
    tx.update(runs).set({ report, model: report.run.model, nLines: report.run.n_lines }).where(eq(runs.id, runId)).run();
    audit(tx as unknown as Db, input.actor, "run.import", "run", String(runId), { name, file: input.fileName, lines: report.run.n_lines, composite: report.splits.all.composite }, now);
    return runId;
  });
}
