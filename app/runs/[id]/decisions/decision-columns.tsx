"use client";
import Link from "next/link";
import { createColumnHelper } from "@tanstack/react-table";
import type { DecisionTableRow } from "@/db/queries/decision-table";
import type { ServerTableFeatures } from "../../../_components/data-table";

const helper = createColumnHelper<ServerTableFeatures, DecisionTableRow>();
const num = { numeric: true };
const f3 = (x: number) => x.toFixed(3);

/** Column ids are the server's sort keys (db/queries/decision-table.ts DECISION_SORTS). */
export function decisionColumns(runId: number, advisory: readonly string[]) {
  return helper.columns([
    helper.accessor("lineNo", { id: "line", header: "line", meta: num, cell: (c) => <Link href={`/runs/${runId}/decisions/${c.getValue()}`}>{c.getValue()}</Link> }),
    helper.accessor("decisionId", { id: "decision", header: "decision", cell: (c) => <Link href={`/runs/${runId}/decisions/${c.row.original.lineNo}`}>{c.getValue()}</Link> }),
    helper.accessor("split", { id: "split", header: "split" }),
    helper.accessor("family", { id: "family", header: "family" }),
    helper.accessor("difficulty", { id: "difficulty", header: "difficulty" }),
    helper.accessor("thinking", { id: "thinking", header: "thinking", cell: (c) => (c.getValue() ? "on" : "off") }),
    helper.display({
      id: "action",
      header: "output → target",
      enableSorting: false,
      cell: (c) => {
        const r = c.row.original;
        if (!r.formatValid) return <span className="badge bad-badge">format invalid</span>;
        return <span className={r.outputType === r.targetType ? "" : "bad"}>{`${r.outputType} → ${r.targetType}`}</span>;
      },
    }),
    helper.accessor("hardViolations", {
      id: "violations",
      header: "violations",
      cell: (c) =>
        c.getValue()
          ? c
              .getValue()
              .split(",")
              .map((code) => (advisory.includes(code) ? <span key={code} className="badge advisory" title="advisory for this run: counted, does not zero the score">{code}</span> : <span key={code} className="badge bad-badge">{code}</span>))
          : "—",
    }),
    helper.accessor("actionType", { id: "action_type", header: "type", meta: num, cell: (c) => f3(c.getValue()) }),
    helper.accessor("destination", { id: "destination", header: "dest", meta: num, cell: (c) => f3(c.getValue()) }),
    helper.accessor("priority", { id: "priority", header: "prio", meta: num, cell: (c) => f3(c.getValue()) }),
    helper.accessor("flags", { id: "flags", header: "flags", meta: num, cell: (c) => f3(c.getValue()) }),
    helper.accessor("policyCitation", { id: "policy_citation", header: "policy", meta: num, cell: (c) => f3(c.getValue()) }),
    helper.accessor("mustAsk", { id: "must_ask", header: "must ask", meta: num, cell: (c) => f3(c.getValue()) }),
    helper.accessor("graded", { id: "graded", header: "graded", meta: num, cell: (c) => f3(c.getValue()) }),
    helper.accessor("score", { id: "score", header: "score", meta: num, cell: (c) => <strong>{f3(c.getValue())}</strong> }),
    helper.accessor("scoreStrict", { id: "score_strict", header: "strict", meta: num, cell: (c) => f3(c.getValue()) }),
  ]);
}
