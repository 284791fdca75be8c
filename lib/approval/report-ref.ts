import { z } from "zod";

// Issue 5: a comparison side is either an imported run's score report or a stored judge report. Reviews, approvals and
// URLs name it by one string, "run:<runs.id>" or "judge:<judge_reports.id>", so one column covers both tables.

export type ReportRef = `run:${number}` | `judge:${number}`;
const REF = /^(run|judge):([1-9]\d{0,15})$/;
export const reportRefSchema = z
  .string()
  .regex(REF, 'expected "run:<id>" or "judge:<id>"')
  .transform((s) => s as ReportRef);

export type RefKind = "run" | "judge";

/** The table a ref names and the row id; null for anything that is not a well-formed ref. */
export function parseRef(ref: string): { kind: RefKind; id: number } | null {
  const m = REF.exec(ref);
  return m ? { kind: m[1] as RefKind, id: Number(m[2]) } : null;
}

export const runRef = (id: number): ReportRef => `run:${id}`;
export const judgeRef = (id: number): ReportRef => `judge:${id}`;

/** The report kind compare sees behind a ref: a run is compared through its score report. */
export const reportKindOfRef = (ref: string): "score" | "judge" | null => {
  const p = parseRef(ref);
  return p ? (p.kind === "run" ? "score" : "judge") : null;
};

/** How a person reads a ref in messages: "run 3", "judge report 4". */
export function describeRef(ref: string): string {
  const p = parseRef(ref);
  if (!p) return ref;
  return p.kind === "run" ? `run ${p.id}` : `judge report ${p.id}`;
}
