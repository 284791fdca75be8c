import { eq } from "drizzle-orm";
import { z } from "zod";
import { judgeReportForCompareSchema } from "../../lib/compare/judge-report-for-compare";
import { normaliseReport } from "../../lib/compare/read-report";
import { InputError } from "../../lib/io/input-error";
import { parseJsonDocument } from "../../lib/io/parse";
import { judgeReportV2Schema, type JudgeReportV2 } from "../../lib/judge/report-schema";
import type { Db, DbOrTx } from "../index";
import { judgeReports } from "../schema";
import { lockForTransaction } from "../sql";
import { audit } from "./audit";

// Issue 5: judge reports live in the database (the examples seeded by db:setup, others uploaded), so compare, flip
// review and approval work on them exactly as on imported runs.

// A judge report is one JSON document held in memory; 32 MB is thousands of judged cases.
export { MAX_JUDGE_REPORT_BYTES } from "../../lib/io/upload-limits";
export const MAX_JUDGE_REPORT_NAME = 120;

export type JudgeReportMeta = { name: string; fileName: string; actor: string; example?: boolean; at?: string };

/**
 * Parses a judge report file: JSON (a syntax error names its line), a v2 report (`assay judge --out`'s, or seed 002's
 * shape: v1's case fields plus items; the field at fault is named), readable by compare (one case per (role, id)).
 * Touches no database; throws InputError.
 */
export function parseJudgeReportText(text: string, fileName: string): JudgeReportV2 {
  const value = parseJsonDocument(text, fileName, z.unknown());
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new InputError(fileName, 0, "", "expected a JSON object: a judge report (schema_version 2, cases[])");
  const obj = value as Record<string, unknown>;
  if (obj.kind !== undefined && obj.kind !== "judge") throw new InputError(fileName, 0, "kind", `expected "judge" (a judge report), got ${JSON.stringify(obj.kind)}; runs are imported on the Runs page`);
  // Stored reports feed the case page's per-item verdicts, which only v2 carries: schema_version 2, or (seed 002's shape,
  // issue 20) no schema_version and an items block.
  const hasItems = Array.isArray(obj.cases) && obj.cases.some((c) => typeof c === "object" && c !== null && "items" in c);
  if (obj.schema_version !== 2 && !(obj.schema_version === undefined && hasItems)) {
    throw new InputError(fileName, 0, "schema_version", `expected 2 (a judge report v2, written by \`assay judge --out\` or shaped as seed 002 defines it), got ${JSON.stringify(obj.schema_version ?? null)}`);
  }
  normaliseReport(obj, fileName); // compare's own reading: the first schema issue by field, and duplicate (role, id) cases
  const full = judgeReportV2Schema.safeParse(obj);
  if (full.success) return full.data;
  // A seed-shaped report lacks the judge block, summary, suite, replies and vote counts: stored as read, with nothing
  // made up. The column's type names `assay judge`'s shape, so every reader parses the stored report with
  // judgeReportForCompareSchema (db/queries/compare.ts, db/queries/compare-case.ts).
  return judgeReportForCompareSchema.parse(obj) as JudgeReportV2;
}

/** A trimmed, unused judge report name; InputError (field "name") otherwise. */
export async function checkJudgeReportName(db: DbOrTx, name: string, fileName: string): Promise<string> {
  const trimmed = name.trim();
  if (trimmed === "") throw new InputError(fileName, 0, "name", "a judge report needs a name");
  if (trimmed.length > MAX_JUDGE_REPORT_NAME) throw new InputError(fileName, 0, "name", `at most ${MAX_JUDGE_REPORT_NAME} characters`);
  const [taken] = await db.select({ id: judgeReports.id }).from(judgeReports).where(eq(judgeReports.name, trimmed)).limit(1);
  if (taken) throw new InputError(fileName, 0, "name", `a judge report named '${trimmed}' already exists`);
  return trimmed;
}

/**
 * Parses, then stores a judge report with its audit row in ONE transaction. Bad input or a duplicate name throws
 * InputError before anything is written.
 */
export async function importJudgeReportText(db: Db, meta: JudgeReportMeta & { text: string }): Promise<{ id: number; name: string; cases: number }> {
  await checkJudgeReportName(db, meta.name, meta.fileName);
  const report = parseJudgeReportText(meta.text, meta.fileName);
  const at = meta.at ?? new Date().toISOString();
  return db.transaction(async (tx) => {
    // Again inside the transaction, under a lock on the name: two uploads of one name (also across app instances).
    await lockForTransaction(tx, `judge_report:${meta.name.trim()}`);
    const name = await checkJudgeReportName(tx, meta.name, meta.fileName);
    const [row] = await tx
      .insert(judgeReports)
      .values({ name, fileName: meta.fileName, report, example: meta.example ?? false, createdBy: meta.actor, createdAt: at })
      .returning({ id: judgeReports.id });
    await audit(tx, { actor: meta.actor, action: "judge_report.import", entity: "judge_report", entityId: String(row!.id), at, detail: { name, file: meta.fileName, cases: report.cases.length, example: meta.example ?? false } });
    return { id: row!.id, name, cases: report.cases.length };
  });
}
