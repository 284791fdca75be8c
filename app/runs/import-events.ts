/** The import endpoint's progress stream: one JSON object per line (NDJSON), shared by the route and the form. */
export type ImportEvent =
  | { type: "received"; bytes: number; lines: number }
  | { type: "progress"; phase: "score" | "store"; done: number; total: number }
  | { type: "done"; runId: number; name: string; lines: number; compositeDev: number | null; compositeEval: number | null }
  | { type: "error"; message: string; line: number | null; field: string | null; detail: string };
