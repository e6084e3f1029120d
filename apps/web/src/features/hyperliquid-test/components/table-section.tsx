import type { ReactNode } from 'react';
import { Alert, Spinner } from '@/components';
import { errorMessage } from '@/lib/api-error';

/** What a table section needs of its query. */
export interface RowsQuery<T> {
  data: readonly T[] | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
}

export interface TableSectionProps<T> {
  /** Id of the heading, which names the section. */
  id: string;
  title: string;
  query: RowsQuery<T>;
  /** SPEC.md section 8 text shown when the server sends no message of its own. */
  errorText: string;
  emptyText: string;
  /** Buttons in the section header (e.g. Close all). */
  actions?: ReactNode;
  children: (rows: readonly T[]) => ReactNode;
}

/**
 * A titled section around one table: loading, the error (the last rows stay when a refresh
 * fails), the empty text, or the rows.
 */
export function TableSection<T>({
  id,
  title,
  query,
  errorText,
  emptyText,
  actions,
  children,
}: TableSectionProps<T>) {
  const { data } = query;
  return (
    <section className="table-section" aria-labelledby={id}>
      <header className="table-bar">
        <h2 id={id} className="table-section__title">
          {title}
        </h2>
        {actions}
      </header>
      {query.isPending ? <Spinner label={`Loading ${title.toLowerCase()}...`} /> : null}
      {query.isError ? <Alert tone="error">{errorMessage(query.error, errorText)}</Alert> : null}
      {data && data.length === 0 ? <p className="table-section__empty">{emptyText}</p> : null}
      {data && data.length > 0 ? children(data) : null}
    </section>
  );
}
