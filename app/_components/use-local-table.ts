"use client";
import { useMemo, useState } from "react";
import { useTable, type ColumnDef, type SortingState, type Updater } from "@tanstack/react-table";
import { serverTableFeatures, type ServerTableFeatures } from "./data-table";

/** Applies a TanStack state updater (a value or a function of the previous value). */
export const applyUpdater = <T,>(u: Updater<T>, prev: T): T => (typeof u === "function" ? (u as (p: T) => T)(prev) : u);

/**
 * A table small enough to sort and filter in the browser (golden cases, compare deltas): the kept rows sorted by the
 * clicked column, ties broken by `tiebreak` so the order is stable; one page holding every row.
 */
export function useLocalTable<T extends object>(opts: {
  rows: readonly T[];
  columns: ColumnDef<ServerTableFeatures, T, unknown>[];
  getRowId: (row: T) => string;
  keep: (row: T) => boolean;
  tiebreak: (a: T, b: T) => number;
  deps: readonly unknown[];
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const { rows, keep, tiebreak } = opts;
  // keep and tiebreak are new closures each render; the filters they read are listed in deps.
  const shown = useMemo(() => {
    const kept = rows.filter(keep);
    const s = sorting[0];
    if (!s) return kept;
    const key = s.id as keyof T;
    return [...kept].sort((a, b) => {
      const x = a[key];
      const y = b[key];
      const c = x < y ? -1 : x > y ? 1 : tiebreak(a, b);
      return s.desc ? -c : c;
    });
  }, [rows, sorting, ...opts.deps]);
  const table = useTable({
    features: serverTableFeatures,
    columns: opts.columns,
    data: shown,
    getRowId: opts.getRowId,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableMultiSort: false,
    state: { sorting, pagination: { pageIndex: 0, pageSize: Math.max(shown.length, 1) }, columnFilters: [] },
    onSortingChange: (u) => setSorting((prev) => applyUpdater(u, prev)),
  });
  return { table, shown };
}
