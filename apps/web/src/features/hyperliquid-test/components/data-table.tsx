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
  /**
   * Below 768 px each row becomes a card (the design system's `data-table--stack`): the first
   * column is its title, the others "label value" lines. For short tables whose figures must be
   * read whole on a phone (the balances: 'USDC V…', '$10,0…' in issue 26).
   */
  stack?: boolean;
}

/**
 * A table with column headers that scrolls sideways inside its own focusable region on narrow
 * screens (keyboard users scroll it with the arrow keys); the first column stays in view. With
 * `stack`, a phone shows each row as a card instead.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, stack = false }: DataTableProps<T>) {
  const cellClass = (column: Column<T>) => (column.numeric ? 'num' : undefined);
  const tableClass = `data-table data-table--nowrap data-table--sticky-first${stack ? ' data-table--stack' : ''} trading-table`;
  return (
    <div className="table-scroll" role="group" aria-label={caption} tabIndex={0}>
      <table className={tableClass}>
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
              {columns.map((column, i) =>
                stack && i === 0 ? (
                  <th key={column.header} scope="row" className={cellClass(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={cellClass(column)}
                    data-label={stack ? column.header : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
