"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import { usePathname } from "next/navigation";
import { useTable, type ColumnFiltersState, type PaginationState, type SortingState } from "@tanstack/react-table";
import { DIFFICULTIES, FAMILIES, HARD_CODES, SPLITS } from "@/lib/pack/vocab";
import type { DecisionTableRow } from "@/db/queries/decision-table";
import { DataTable, serverTableFeatures } from "../../../_components/data-table";
import { applyUpdater as apply } from "../../../_components/use-local-table";
import { decisionRowsAction } from "./actions";
import { decisionColumns } from "./decision-columns";
import { FILTER_KEYS, PAGE_SIZES, parseTableParams, tableParamsSchema, toSearch, type FilterKey, type TableParams } from "./search-params";

/**
 * The decision table: TanStack Table in manual mode (the server sorted, filtered and paged the rows) whose state is
 * the URL. Every change navigates; the server page re-queries SQLite.
 */
export function DecisionsTable({ runId, advisory, rows: initialRows, total: initialTotal, params: initialParams }: { runId: number; advisory: string[]; rows: DecisionTableRow[]; total: number; params: TableParams }) {
  const pathname = usePathname();
  const [view, setView] = useState({ params: initialParams, rows: initialRows, total: initialTotal });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const { params, rows, total } = view;
  const columns = useMemo(() => decisionColumns(runId, advisory), [runId, advisory]);

  const sorting: SortingState = useMemo(() => (params.sort === "line" && params.dir === "asc" ? [] : [{ id: params.sort, desc: params.dir === "desc" }]), [params.sort, params.dir]);
  const pagination: PaginationState = useMemo(() => ({ pageIndex: params.page - 1, pageSize: params.size }), [params.page, params.size]);
  const columnFilters: ColumnFiltersState = useMemo(() => FILTER_KEYS.filter((k) => params[k] !== undefined).map((k) => ({ id: k, value: params[k] })), [params]);

  // Issue 26: a change asks for the rows alone and writes the URL itself, instead of re-rendering the whole page on the
  // server (1.5–2 s a change). Back and forward still navigate, and the page (keyed by the URL) starts from the server.
  const go = (next: TableParams, push = true) => {
    const mine = ++latest.current;
    setPending(true);
    decisionRowsAction({ runId, params: next })
      .then((r) => {
        if (mine !== latest.current) return; // a later change has been asked for: its answer wins
        if (r.error !== null) return setError(r.error);
        setError(null);
        setView({ params: next, rows: r.data.rows, total: r.data.total });
        if (push) window.history.pushState(null, "", `${pathname}${toSearch(next)}`);
      })
      .catch(() => mine === latest.current && setError("The server did not answer; the table shows the previous rows."))
      .finally(() => mine === latest.current && setPending(false));
  };
  const goRef = useRef(go);
  useEffect(() => {
    goRef.current = go;
  });
  // Back and forward between the table's own states: show the rows the URL names.
  useEffect(() => {
    const onPop = () => goRef.current(parseTableParams(Object.fromEntries(new URLSearchParams(window.location.search))), false);
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const table = useTable({
    features: serverTableFeatures,
    columns,
    data: rows,
    getRowId: (r) => String(r.lineId),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableMultiSort: false,
    rowCount: total,
    state: { sorting, pagination, columnFilters },
    onSortingChange: (u) => {
      const s = apply(u, sorting)[0];
      go({ ...params, sort: (s?.id as TableParams["sort"]) ?? "line", dir: s ? (s.desc ? "desc" : "asc") : "asc", page: 1 });
    },
    onPaginationChange: (u) => {
      const p = apply(u, pagination);
      go({ ...params, page: p.pageSize !== params.size ? 1 : p.pageIndex + 1, size: p.pageSize });
    },
    onColumnFiltersChange: (u) => {
      const f = apply(u, columnFilters);
      const raw: Record<string, unknown> = { sort: params.sort, dir: params.dir, size: params.size, page: 1 };
      for (const { id, value } of f) raw[id] = value;
      go(tableParamsSchema.parse(raw));
    },
  });

  const setFilter = (key: FilterKey, value: string) => table.setColumnFilters((prev) => [...prev.filter((f) => f.id !== key), ...(value === "" ? [] : [{ id: key, value }])]);
  const select = (key: FilterKey, label: string, options: readonly string[]) => (
    <label>
      {label}{" "}
      <select value={params[key] === undefined ? "" : String(params[key])} onChange={(e) => setFilter(key, e.target.value)}>
        <option value="">any</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
  const pageCount = table.getPageCount();

  return (
    <div aria-busy={pending}>
      <form className="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        {select("split", "Split", SPLITS)}
        {select("family", "Family", FAMILIES)}
        {select("difficulty", "Difficulty", DIFFICULTIES)}
        {select("code", "Violation", HARD_CODES)}
        {select("format", "Format", ["valid", "invalid"])}
        {select("thinking", "Thinking", ["on", "off"])}
        <label>
          Score from{" "}
          <input type="number" min={0} max={1} step={0.05} defaultValue={params.min ?? ""} key={`min-${params.min}`} onBlur={(e) => setFilter("min", e.target.value)} onKeyDown={(e) => e.key === "Enter" && setFilter("min", e.currentTarget.value)} style={{ width: "5em" }} />
        </label>
        <label>
          to{" "}
          <input type="number" min={0} max={1} step={0.05} defaultValue={params.max ?? ""} key={`max-${params.max}`} onBlur={(e) => setFilter("max", e.target.value)} onKeyDown={(e) => e.key === "Enter" && setFilter("max", e.currentTarget.value)} style={{ width: "5em" }} />
        </label>
        {columnFilters.length > 0 && (
          <button type="button" onClick={() => table.setColumnFilters([])}>
            Clear filters
          </button>
        )}
      </form>
      <p role="status" className="muted">
        {total.toLocaleString("en-US")} decision{total === 1 ? "" : "s"} match{total === 1 ? "es" : ""}
        {pending ? " · loading…" : ""}
      </p>
      {error ? (
        <p role="alert" className="bad">
          {error}
        </p>
      ) : null}
      <DataTable table={table} caption="Decisions" />
      <nav className="pager" aria-label="Pages">
        <button type="button" onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()}>
          « First
        </button>
        <button type="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          ‹ Previous
        </button>
        <span>
          Page {params.page} of {Math.max(1, pageCount)}
        </span>
        <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          Next ›
        </button>
        <button type="button" onClick={() => table.lastPage()} disabled={!table.getCanLastPage()}>
          Last »
        </button>
        <label>
          Rows per page{" "}
          <select value={params.size} onChange={(e) => table.setPageSize(Number(e.target.value))}>
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}
