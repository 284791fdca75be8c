import path from "node:path";
import { dbTarget, redact } from "../../db/env";
import { closeDb, openDb } from "../../db/index";
import { loadDbScoringContext } from "../../db/queries/scoring-context";
import { checkRunName, storeScoredRun, scoreRunText } from "../../db/writes/import-run";
import { UsageError, parseCommandArgs } from "./args";
import { readText } from "../load/files";
import { f3 } from "../../lib/format";

export const summary = "put a run into the workbench database (scored on import by the same lib/ scorer)";


/** `assay import --run FILE --name NAME [--json]`: validate, score and store in one transaction; a bad line changes nothing. */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { run: { type: "string" }, name: { type: "string" }, json: { type: "boolean", default: false } });
  if (!values.run) throw new UsageError("--run FILE is required");
  if (!values.name) throw new UsageError("--name NAME is required");
  const text = readText(values.run);
  const target = dbTarget();
  const db = await openDb(target);
  try {
    const ctx = await loadDbScoringContext(db);
    await checkRunName(db, values.name, values.run);
    const scored = scoreRunText(text, values.run, ctx);
    const runId = await storeScoredRun(db, { name: values.name, fileName: path.basename(values.run), actor: process.env.ASSAY_ACTOR || process.env.USER || "cli" }, scored);
    const s = scored.report.splits;
    if (values.json) process.stdout.write(`${JSON.stringify({ run_id: runId, name: values.name.trim(), lines: scored.report.run.n_lines, composite: { dev: s.dev.composite, eval: s.eval.composite }, advisory: scored.report.advisory, probe_set_version: scored.probeSetVersion })}\n`);
    else process.stdout.write(`imported run #${runId} '${values.name.trim()}' into ${redact(target)}: ${scored.report.run.n_lines} lines, composite dev ${f3(s.dev.composite)} / eval ${f3(s.eval.composite)}${scored.report.advisory.length ? ` (advisory: ${scored.report.advisory.join(", ")})` : ""}, scored with probe set v${scored.probeSetVersion}\n`);
    return 0;
  } finally {
    await closeDb(db);
  }
}

