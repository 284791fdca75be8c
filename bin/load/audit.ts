import { createHash } from "node:crypto";
import { auditExportSchema, type AuditExport } from "../../lib/audit/audit-schema";
import { InputError } from "../../lib/io/input-error";
import { readJsonFile } from "./files";
import { forEachLine } from "./lines";

/**
 * Reads an exported run audit and checks it belongs to the run file: the same number of lines, and each drawn line
 * holding the decision and the very output the audit labelled (its SHA-256). Anything else is an InputError naming the
 * audit file and field.
 */
export async function loadAudit(file: string, runFile: string): Promise<AuditExport> {
  const audit = readJsonFile(file, auditExportSchema);
  const drawn = new Set(audit.items.map((it) => it.line));
  const lines = new Map<number, { decisionId: unknown; rawSha: string | null }>();
  let count = 0;
  await forEachLine(runFile, (text, n) => {
    if (text.trim() === "") return;
    count++;
    if (!drawn.has(n)) return;
    try {
      const l = JSON.parse(text) as { decision_id?: unknown; raw?: unknown };
      lines.set(n, { decisionId: l.decision_id, rawSha: typeof l.raw === "string" ? createHash("sha256").update(l.raw).digest("hex") : null });
    } catch {
      // the scorer has already refused a malformed line
    }
  });
  if (count !== audit.run.n_lines) throw new InputError(file, 0, "run.n_lines", `the audit was drawn from a run of ${audit.run.n_lines} lines; ${runFile} has ${count}`);
  audit.items.forEach((it, i) => {
    const actual = lines.get(it.line);
    if (actual?.decisionId !== it.decision_id) throw new InputError(file, 0, `items[${i}].decision_id`, `line ${it.line} of ${runFile} is ${String(actual?.decisionId ?? "not a decision")}, not ${it.decision_id}: is this the audit of another run?`);
    if (actual.rawSha !== it.raw_sha256) throw new InputError(file, 0, `items[${i}].raw_sha256`, `line ${it.line} of ${runFile} is not the output the audit labelled: is this the audit of another run?`);
  });
  return audit;
}
