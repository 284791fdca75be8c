import path from "node:path";
import { dbTarget, redact } from "../../db/env";
import { closeDb, openDb } from "../../db/index";
import { exportGolden, GoldenExportError } from "../../db/writes/export-golden";
import { parseCommandArgs, UsageError } from "./args";
import { exportLines } from "./export-files-report";

export const summary = "write the workbench's golden cases as golden/roles/*.json and golden/policy_behaviors.json under --out DIR";

/**
 * `assay export-golden --out DIR [--json]` (issue 20): the workbench's "Export golden cases" from the command line:
 * DIR/golden/roles/<role>.json and DIR/golden/policy_behaviors.json (use --out . in a clone). A file already in DIR is
 * the base (metadata, case order) and must hold only versions the workbench knows; the frozen eval split must come out
 * unchanged. Refused with every reason and nothing written (exit 2). Reads DATABASE_URL, else ASSAY_DB; audited as the
 * caller.
 */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { out: { type: "string" }, json: { type: "boolean", default: false } });
  if (!values.out) throw new UsageError("--out DIR is required (the export is written under it as golden/…)");
  const out = path.resolve(values.out);
  const db = await openDb(dbTarget());
  try {
    const r = await exportGolden(db, { root: out, actor: process.env.ASSAY_ACTOR || process.env.USER || "cli", via: "cli" });
    if (values.json) process.stdout.write(`${JSON.stringify({ out, version: r.version, files: r.preview.map(({ diff: _d, ...f }) => f), unlocked: r.unlocked, flagged: r.flagged })}\n`);
    else {
      process.stdout.write(`exported ${r.files.reduce((n, f) => n + f.cases, 0)} golden cases from ${redact(dbTarget())} (version ${r.version}):\n${exportLines(out, r.preview).join("\n")}\n`);
      if (r.unlocked.length) process.stdout.write(`new eval cases, not in golden/suites.lock.json yet: ${r.unlocked.join(", ")} (freeze them with npx tsx scripts/freeze-suites.ts)\n`);
      if (r.flagged.length) process.stdout.write(`exported with item findings: ${r.flagged.join(", ")}\n`);
    }
    return 0;
  } catch (e) {
    if (!(e instanceof GoldenExportError)) throw e;
    process.stderr.write(`assay export-golden: nothing was written:\n${e.problems.map((p) => `  ${p}`).join("\n")}\n`);
    return 2;
  } finally {
    await closeDb(db);
  }
}
