import path from "node:path";
import { dbTarget, redact } from "../../db/env";
import { closeDb, openDb } from "../../db/index";
import { exportProbes } from "../../db/writes/export-probes";
import { parseCommandArgs, UsageError } from "./args";
import { exportLines } from "./export-files-report";

export const summary = "write the workbench's probes (effective labels) as probes/*.jsonl under --out DIR, to commit";

/**
 * `assay export-probes --out DIR [--json]` (issue 20): the workbench's "Export probes" from the command line, for
 * whoever commits: DIR/probes/<file>.jsonl (use --out . in a clone to replace its probes/), each file compared with
 * what the workbench last seeded. Reads DATABASE_URL, else ASSAY_DB; audited as the caller (ASSAY_ACTOR, else $USER).
 */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { out: { type: "string" }, json: { type: "boolean", default: false } });
  if (!values.out) throw new UsageError("--out DIR is required (the export is written under it as probes/*.jsonl)");
  const out = path.resolve(values.out);
  const db = await openDb(dbTarget());
  try {
    const r = await exportProbes(db, { root: out, actor: process.env.ASSAY_ACTOR || process.env.USER || "cli", via: "cli" });
    if (values.json) process.stdout.write(`${JSON.stringify({ out, version: r.version, files: r.preview.map(({ diff: _d, ...f }) => f), ties_kept: r.tiesKept, unlabelled: r.unlabelled })}\n`);
    else {
      process.stdout.write(`exported ${r.files.reduce((n, f) => n + f.probes, 0)} probes from ${redact(dbTarget())} (version ${r.version}):\n${exportLines(out, r.preview).join("\n")}\n`);
      if (r.tiesKept.length) process.stdout.write(`tied, kept their earliest label: ${r.tiesKept.join(", ")}\n`);
      if (r.unlabelled.length) process.stdout.write(`not written (nobody has labelled them): ${r.unlabelled.join(", ")}\n`);
    }
    return 0;
  } finally {
    await closeDb(db);
  }
}
