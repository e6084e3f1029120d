import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
  /** The header is read to screen readers only (e.g. a column of buttons). */
  hiddenHeader?: boolean;
}

export interface DataTableProps<T> {
  /** The table's name, read by screen readers (the section heading shows it visually). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
}

/**
 * A table with column headers that scrolls sideways inside its own focusable region on narrow
 * screens (keyboard users scroll it with the arrow keys); the first column stays in view.
 */
export function DataTable<T>({ caption, columns, rows, rowKey }: DataTableProps<T>) {
  const cellClass = (column: Column<T>) => (column.numeric ? 'num' : undefined);
  return (
    <div className="table-scroll" role="group" aria-label={caption} tabIndex={0}>
      <table className="data-table data-table--nowrap data-table--sticky-first trading-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cellClass(column)}>
                {column.hiddenHeader ? (
                  <span className="visually-hidden">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td key={column.header} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
