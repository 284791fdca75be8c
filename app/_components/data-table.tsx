"use client";
import { columnFilteringFeature, rowPaginationFeature, rowSortingFeature, tableFeatures, type ReactTable, type RowData } from "@tanstack/react-table";

/** The features every server-driven table registers: sort, filter and page state, processed by SQL (manual* options). */
export const serverTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature, columnFilteringFeature });
export type ServerTableFeatures = typeof serverTableFeatures;

/** A small shared table shell: semantic markup, sortable headers as buttons with aria-sort, rows as given. */
export function DataTable<TData extends RowData>({ table, caption, empty = "No decisions match these filters." }: { table: ReactTable<ServerTableFeatures, TData>; caption: string; /** Shown when no row matches. */ empty?: string }) {
  const rows = table.getRowModel().rows;
  return (
    <table aria-label={caption} className="data-table">
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              const meta = header.column.columnDef.meta as { numeric?: boolean } | undefined;
              return (
                <th key={header.id} className={meta?.numeric ? "num" : undefined} aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}>
                  {header.isPlaceholder ? null : canSort ? (
                    <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                      <table.FlexRender header={header} />
                      <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
                    </button>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {row.getAllCells().map((cell) => {
              const meta = cell.column.columnDef.meta as { numeric?: boolean } | undefined;
              return (
                <td key={cell.id} className={meta?.numeric ? "num" : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              );
            })}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={table.getAllLeafColumns().length} className="muted">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
