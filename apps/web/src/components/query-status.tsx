import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-error';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';
import './query-status.css';

export interface QueryStatusProps<T> {
  query: Pick<
    UseQueryResult<T>,
    'data' | 'error' | 'isPending' | 'isError' | 'isFetching' | 'refetch'
  >;
  /** What is loading, for the spinner's label: 'Loading users...'. */
  loading: string;
  /** The message when the server gave none: 'Failed to load users'. */
  error: string;
  /** What shows when the data is there but there is nothing in it (checked by `isEmpty`). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * The one way a screen shows a query's states: a spinner while it loads, the server's message
 * (or `error`) with "Try again" when it failed, `empty` when there is nothing, else the data.
 */
export function QueryStatus<T>({
  query,
  loading,
  error,
  empty,
  isEmpty,
  children,
}: QueryStatusProps<T>) {
  if (query.isPending) return <Spinner label={loading} />;
  const retry = (
    <div>
      <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
  if (query.data === undefined) {
    return (
      <div className="query-status">
        <Alert tone="error">{errorMessage(query.error, error)}</Alert>
        {retry}
      </div>
    );
  }
  const content = empty !== undefined && isEmpty?.(query.data) ? empty : children(query.data);
  if (!query.isError) return <>{content}</>;
  // A refresh failed after the data had loaded: the data stays, with what went wrong.
  return (
    <>
      <div className="query-status query-status--stale">
        <Alert tone="warning">
          {errorMessage(query.error, error)} (showing what was loaded before)
        </Alert>
        {retry}
      </div>
      {content}
    </>
  );
}
