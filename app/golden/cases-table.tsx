"use client";
import Link from "next/link";
import { useMemo, useState } from "react";
import { createColumnHelper } from "@tanstack/react-table";
import { caseMatches } from "@/lib/golden/case-search";
import { DataTable, type ServerTableFeatures } from "../_components/data-table";
import { FilterSelect } from "../_components/filter-select";
import { useLocalTable } from "../_components/use-local-table";
import { when } from "../_lib/format";

/** One golden case in the list: its current version (db/queries/golden-cases.ts listCases, minus the content). */
export type CaseRow = {
  id: string;
  suite: "role" | "policy";
  role: string;
  behavior: string;
  /** The customer's message, shown and searched (issue 20). */
  brief: string;
  must_include: string[];
  must_not_include: string[];
  split: "dev" | "eval";
  frozen: boolean;
  version: number;
  author: string;
  at: string;
  /** File order: the default order of the list. */
  order: number;
};

const helper = createColumnHelper<ServerTableFeatures, CaseRow>();
const columns = helper.columns([
  helper.accessor("id", { id: "id", header: "case", cell: (c) => <Link href={`/golden/${c.getValue()}`}>{c.getValue()}</Link> }),
  helper.accessor("suite", { id: "suite", header: "suite" }),
  helper.accessor("role", { id: "role", header: "role", cell: (c) => c.getValue() || "every role" }),
  helper.accessor("behavior", { id: "behavior", header: "behaviour", cell: (c) => c.getValue() || "—" }),
  helper.accessor("brief", {
    id: "brief",
    header: "brief",
    cell: (c) => (
      <div className="brief" title={c.getValue()}>
        {c.getValue()}
      </div>
    ),
  }),
  helper.accessor("split", {
    id: "split",
    header: "split",
    cell: (c) => (
      <>
        {c.getValue()}{" "}
        {c.row.original.frozen ? (
          <span className="badge advisory" title="in the frozen eval split: cannot be changed in place">
            frozen
          </span>
        ) : null}
      </>
    ),
  }),
  helper.accessor("version", { id: "version", header: "version", meta: { numeric: true } }),
  helper.accessor("author", { id: "author", header: "last edit by" }),
  helper.accessor("at", { id: "at", header: "last edit", cell: (c) => when(c.getValue()) }),
]);

/** The golden cases: few enough to sort, filter (suite, role, split) and search (brief, items, id) in the browser. */
export function CasesTable({ rows }: { rows: CaseRow[] }) {
  const [query, setQuery] = useState("");
  const [suite, setSuite] = useState("");
  const [role, setRole] = useState("");
  const [split, setSplit] = useState("");
  const roles = useMemo(() => [...new Set(rows.map((r) => r.role).filter(Boolean))].sort(), [rows]);
  const { table, shown } = useLocalTable({
    rows,
    columns,
    getRowId: (r) => r.id,
    keep: (r) => (!suite || r.suite === suite) && (!role || r.role === role) && (!split || r.split === split) && caseMatches(r, query),
    tiebreak: (a, b) => a.order - b.order,
    deps: [suite, role, split, query],
  });
  return (
    <>
      <form className="filters" aria-label="Case filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Search{" "}
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="words in the brief, items or id" size={32} />
        </label>
        <FilterSelect label="Suite" value={suite} onChange={setSuite} options={["role", "policy"]} />
        <FilterSelect label="Role" value={role} onChange={setRole} options={roles} />
        <FilterSelect label="Split" value={split} onChange={setSplit} options={["dev", { value: "eval", label: "eval (frozen)" }]} />
        <span role="status" className="muted">
          {shown.length} of {rows.length} cases
        </span>
      </form>
      <DataTable table={table} caption="Golden cases" empty="No cases match these filters." />
    </>
  );
}
