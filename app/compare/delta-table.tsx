"use client";
import Link from "next/link";
import { useMemo, useState } from "react";
import { createColumnHelper } from "@tanstack/react-table";
import type { CompareRow } from "@/lib/compare/compare";
import { DataTable, type ServerTableFeatures } from "../_components/data-table";
import { FilterSelect } from "../_components/filter-select";
import { useLocalTable } from "../_components/use-local-table";

export type DeltaRow = CompareRow & { flip: "pass→fail" | "fail→pass" | ""; blocker: boolean };

const helper = createColumnHelper<ServerTableFeatures, DeltaRow>();
const num = { numeric: true };
const gate = (g: boolean | null) => (g === null ? "—" : g ? "pass" : "fail");
const columnsFor = (caseHref: string | null) =>
  helper.columns([
    helper.accessor("key", { id: "key", header: "case", cell: (c) => (caseHref ? <Link href={`${caseHref}${encodeURIComponent(c.getValue())}`}>{c.getValue()}</Link> : c.getValue()) }),
    helper.accessor("group", { id: "group", header: "family / role" }),
    helper.accessor("baseline", { id: "baseline", header: "baseline", meta: num, cell: (c) => c.getValue().toFixed(3) }),
    helper.accessor("candidate", { id: "candidate", header: "candidate", meta: num, cell: (c) => c.getValue().toFixed(3) }),
    helper.accessor("delta", { id: "delta", header: "Δ", meta: num, cell: (c) => (c.getValue() > 0 ? "+" : "") + c.getValue().toFixed(3) }),
    helper.display({ id: "gate", header: "gate", enableSorting: false, cell: (c) => `${gate(c.row.original.gate_baseline)} → ${gate(c.row.original.gate_candidate)}` }),
    helper.accessor("flip", { id: "flip", header: "flip" }),
    helper.accessor("blocker", { id: "blocker", header: "blocker", cell: (c) => (c.getValue() ? "blocker" : "") }),
  ]);

/** Per-case Δ (compareReports' rows): sortable, filterable by family/role and flip. Rows are few, so this sorts in the browser. */
export function DeltaTable({ rows, caseHref }: { rows: DeltaRow[]; /** Prefix of a case's side-by-side page (run pairs), the key appended. */ caseHref: string | null }) {
  const columns = useMemo(() => columnsFor(caseHref), [caseHref]);
  const [group, setGroup] = useState("");
  const [flip, setFlip] = useState("");
  const groups = useMemo(() => [...new Set(rows.map((r) => r.group))].sort(), [rows]);
  const { table, shown } = useLocalTable({
    rows,
    columns,
    getRowId: (r) => r.key,
    keep: (r) => (!group || r.group === group) && (!flip || (flip === "any" ? r.flip !== "" || r.blocker : flip === "blocker" ? r.blocker : r.flip === flip)),
    tiebreak: (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    deps: [group, flip],
  });
  return (
    <>
      <form className="filters" aria-label="Case filters" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect label="Family / role" value={group} onChange={setGroup} options={groups} />
        <FilterSelect
          label="Flip"
          value={flip}
          onChange={setFlip}
          anyLabel="any case"
          options={[{ value: "any", label: "flips and blockers" }, "pass→fail", "fail→pass", { value: "blocker", label: "blockers" }]}
        />
        <span role="status" className="muted">
          {shown.length} of {rows.length} cases
        </span>
      </form>
      <DataTable table={table} caption="Per-case deltas" empty="No cases match these filters." />
    </>
  );
}
